import { Image } from "@tiptap/extension-image";
import { Markdown } from "@tiptap/markdown";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { getNonce } from "get-nonce";
import { useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { isSafeContentUrl } from "../../../../contract/content.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/utils.ts";
import { focusRing } from "../../components/admin-classes.ts";

// The article body (issue 37): Tiptap (ProseMirror) edits it as rich text and stores Markdown (@tiptap/markdown).
// Headings are H2 and H3 only: the title is the page's only h1. The toolbar is one tab stop (the ARIA toolbar
// pattern: arrow keys move between its buttons); a button whose mark or block is active says so with
// aria-pressed. Tiptap's own style element carries the page's CSP nonce (csp-nonce.ts).

export type MarkdownEditorHandle = { focus: () => void; insertImage: (image: { url: string; alt: string }) => void };

/** The styles of rendered article text, shared by the editor and the preview (no typography plugin here). */
export const articleTextClass = cn(
  "text-slate-900 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-l-4",
  "[&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:text-slate-800 [&_h2]:mt-5 [&_h2]:mb-2",
  "[&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:my-3",
  "[&_img]:max-w-full [&_li]:my-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_ul]:my-3",
  "[&_ul]:list-disc [&_ul]:pl-6 break-words",
);

const marks = (editor: Editor) => ({
  h2: editor.isActive("heading", { level: 2 }),
  h3: editor.isActive("heading", { level: 3 }),
  bold: editor.isActive("bold"),
  italic: editor.isActive("italic"),
  bulletList: editor.isActive("bulletList"),
  orderedList: editor.isActive("orderedList"),
  blockquote: editor.isActive("blockquote"),
  link: editor.isActive("link"),
});

export function MarkdownEditor({
  ref,
  initialMarkdown,
  labelId,
  describedBy,
  invalid,
  onChange,
  onBlur,
  onImageRequest,
}: {
  ref?: Ref<MarkdownEditorHandle>;
  initialMarkdown: string;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  onChange: (markdown: string) => void;
  onBlur?: () => void;
  /** The Image button: the page asks for an image, then calls insertImage. */
  onImageRequest: () => void;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ["mailto", "tel"], isAllowedUri: isSafeContentUrl },
      }),
      Image.configure({ inline: false }),
      Markdown,
    ],
    content: initialMarkdown,
    contentType: "markdown",
    injectNonce: getNonce() ?? undefined,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: cn(
          articleTextClass,
          "min-h-64 rounded-b-md border border-t-0 border-slate-400 bg-white px-3 py-2 focus-visible:outline-none",
          "focus-visible:ring-2 focus-visible:ring-brand-600",
          invalid && "border-red-700",
        ),
      },
    },
    // Trailing blank lines are the editor's, not the writer's; an empty editor is an empty (missing) body.
    onUpdate: ({ editor }) => onChange(editor.getMarkdown().trimEnd()),
    onBlur: () => onBlur?.(),
  });
  const active = useEditorState({ editor, selector: ({ editor }) => (editor ? marks(editor) : null) });

  useImperativeHandle(
    ref,
    () => ({
      focus: () => editor?.commands.focus(),
      insertImage: ({ url, alt }) => editor?.chain().focus().setImage({ src: url, alt }).run(),
    }),
    [editor],
  );

  const [linkOpen, setLinkOpen] = useState(false);
  return (
    <div>
      {editor && active && (
        <Toolbar
          editor={editor}
          active={active}
          onLink={() => setLinkOpen(!linkOpen)}
          linkOpen={linkOpen}
          onImage={onImageRequest}
        />
      )}
      {editor && linkOpen && <LinkForm editor={editor} onDone={() => setLinkOpen(false)} />}
      <EditorContent editor={editor} />
    </div>
  );
}

type ToolbarButton = { key: string; label: string; text: string; pressed?: boolean; run: () => void };

function Toolbar({
  editor,
  active,
  linkOpen,
  onLink,
  onImage,
}: {
  editor: Editor;
  active: ReturnType<typeof marks>;
  linkOpen: boolean;
  onLink: () => void;
  onImage: () => void;
}) {
  const [current, setCurrent] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const chain = () => editor.chain().focus();
  const buttons: ToolbarButton[] = [
    {
      key: "h2",
      label: "H2 heading",
      text: "H2",
      pressed: active.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "h3",
      label: "H3 subheading",
      text: "H3",
      pressed: active.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    { key: "bold", label: "Bold", text: "B", pressed: active.bold, run: () => chain().toggleBold().run() },
    { key: "italic", label: "Italic", text: "I", pressed: active.italic, run: () => chain().toggleItalic().run() },
    {
      key: "bullets",
      label: "Bulleted list",
      text: "• Bulleted",
      pressed: active.bulletList,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: "numbers",
      label: "Numbered list",
      text: "Numbered",
      pressed: active.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    { key: "link", label: "Link", text: "Link", pressed: active.link || linkOpen, run: onLink },
    {
      key: "quote",
      label: "Quote",
      text: "“ ”",
      pressed: active.blockquote,
      run: () => chain().toggleBlockquote().run(),
    },
    { key: "image", label: "Insert image", text: "Image", run: onImage },
  ];
  const move = (event: KeyboardEvent) => {
    const last = buttons.length - 1;
    const to =
      event.key === "ArrowRight"
        ? current === last
          ? 0
          : current + 1
        : event.key === "ArrowLeft"
          ? current === 0
            ? last
            : current - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    setCurrent(to);
    refs.current[to]?.focus();
  };
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={move}
      className="flex flex-wrap gap-1 rounded-t-md border border-slate-400 bg-slate-50 p-1"
    >
      {buttons.map((button, index) => (
        <button
          key={button.key}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          tabIndex={index === current ? 0 : -1}
          aria-label={button.label}
          aria-pressed={button.pressed === undefined ? undefined : button.pressed}
          onFocus={() => setCurrent(index)}
          onClick={button.run}
          className={cn(
            "min-h-10 min-w-10 rounded-md px-2 text-sm font-semibold text-slate-900 hover:bg-slate-200",
            button.key === "italic" && "italic",
            button.key === "bold" && "font-extrabold",
            button.pressed && "bg-brand-100 text-brand-900",
            focusRing,
          )}
        >
          {button.text}
        </button>
      ))}
    </div>
  );
}

/** The address of a link on the selected text (or removing it). */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const id = useId();
  const [href, setHref] = useState(() => (editor.getAttributes("link").href as string | undefined) ?? "https://");
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const value = href.trim();
    if (!isSafeContentUrl(value)) {
      setError("Use an https:// address, a path on this site such as /contact, mailto: or tel:.");
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: value }).run();
    onDone();
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border border-t-0 border-slate-400 bg-slate-50 p-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Link address
        </label>
        <Input
          id={id}
          autoFocus
          value={href}
          inputMode="url"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            } else if (event.key === "Escape") {
              event.preventDefault();
              onDone();
              editor.commands.focus();
            }
          }}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <Button type="button" size="sm" onClick={apply}>
        Apply link
      </Button>
      {editor.isActive("link") && (
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            onDone();
          }}
        >
          Remove link
        </Button>
      )}
    </div>
  );
}
