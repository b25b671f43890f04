import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useController } from "react-hook-form";
import { Link, useBlocker, useNavigate, useParams } from "react-router";
import { postFieldsOf, postInput, type Post, type PostFields, type PostInput } from "../../../../contract/content.ts";
import { Field } from "../../../components/forms/form-parts.tsx";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { businessHoursQuery } from "../../api/business-hours.ts";
import {
  contentSettingsQuery,
  createPost,
  deletePost,
  postConflictOf,
  postKeys,
  postQuery,
  publishPost,
  savePost,
  storePost,
  unpublishPost,
  type PostConflict,
} from "../../api/content-posts.ts";
import { apiErrorOf, isNotFound } from "../../api/request.ts";
import { Loading, usePageTitle } from "../../components/admin-shell.tsx";
import { linkClass, smallButtonClass } from "../../components/admin-classes.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { browserTimeZone, formatDateTime, timeZoneLabel } from "../../components/lead-format.ts";
import { useIsOwner } from "../../components/owner-only.tsx";
import { ConflictDialog } from "./conflict-dialog.tsx";
import { fromLocalInput, liveWhen, parseTags, slugify, toLocalInput } from "./content-format.ts";
import { ImagePickerDialog, type PickedImage } from "./image-picker-dialog.tsx";
import { MarkdownEditor, articleTextClass, type MarkdownEditorHandle } from "./markdown-editor.tsx";
import { hasH1, previewHtml } from "./markdown-preview.ts";
import { RevisionsPanel } from "./revisions-panel.tsx";
import { SearchPreview } from "./search-preview.tsx";
import { StatusBadge } from "./status-badge.tsx";

// The article editor (issue 37), /admin/content/posts/new and /admin/content/posts/:id, loaded lazily (the rich
// editor stays out of the inbox's bundle). react-hook-form over the contract's postInput; the body is Markdown
// written through Tiptap, previewed beside it (under it on a phone). A save names its revision (If-Match); a
// stale one opens the conflict dialog. Leaving with unsaved changes asks first.

type FormValues = PostInput;
const formFields = [
  "title",
  "slug",
  "description",
  "category",
  "tags",
  "author",
  "image",
  "imageAlt",
  "body",
  "related",
  "callToAction",
] as const;
type FormField = (typeof formFields)[number];

const emptyPost: FormValues = {
  slug: "",
  title: "",
  description: "",
  body: "",
  author: "",
  category: "",
  tags: [],
  image: null,
  imageAlt: "",
  related: [],
  callToAction: null,
};

const formOf = (post: PostFields): FormValues => postFieldsOf(post);

export function PostEditorPage() {
  const { id = "new" } = useParams();
  const client = useQueryClient();
  // A reload (Keep theirs, Restore) starts the editor again from what the server holds.
  const [generation, setGeneration] = useState(0);
  const post = useQuery({ ...postQuery(id), enabled: id !== "new" });
  usePageTitle(id === "new" ? "New article | Admin" : `${post.data?.title ?? "Article"} | Admin`);
  if (id === "new") return <PostEditor key="new" post={null} onReload={() => undefined} />;
  if (post.isLoading) return <Loading />;
  if (!post.data) {
    return (
      <p role="alert" className="text-red-800">
        {isNotFound(post.error) ? "This article does not exist (any more)." : "The article could not be loaded."}{" "}
        <Link to="/admin/content/posts" className={linkClass}>
          All articles
        </Link>
      </p>
    );
  }
  return (
    <PostEditor
      key={`${post.data.id}:${generation}`}
      post={post.data}
      onReload={(fresh) => {
        client.setQueryData(postKeys.post(fresh.id), fresh);
        setGeneration((n) => n + 1);
      }}
    />
  );
}

function PostEditor({ post, onReload }: { post: Post | null; onReload: (post: Post) => void }) {
  const id = useId();
  const client = useQueryClient();
  const navigate = useNavigate();
  const owner = useIsOwner();
  const teamSettings = useQuery({ ...contentSettingsQuery, enabled: !owner });
  const canPublish = owner || teamSettings.data?.membersCanPublish === true;
  const form = useContractForm(postInput, post ? formOf(post) : emptyPost);
  const { errors, isDirty } = form.formState;
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [tagsText, setTagsText] = useState(() => (post?.tags ?? []).join(", "));
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<PostConflict | null>(null);
  const [picker, setPicker] = useState<"image" | "body" | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editorRef = useRef<MarkdownEditorHandle>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Set just before a navigation this page makes itself (after create or delete): it never asks to leave.
  const leaving = useRef(false);

  const [title = "", slug = "", description = "", body = "", image = null] = form.watch([
    "title",
    "slug",
    "description",
    "body",
    "image",
  ]);
  const bodyField = useController({ control: form.control, name: "body" });

  // Where the page starts: the title of a new article, else the heading (after a create's navigation too).
  useEffect(() => {
    if (post) headingRef.current?.focus();
    else form.setFocus("title");
  }, [post === null]); // eslint-disable-line react-hooks/exhaustive-deps

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current && isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  const placeServerErrors = (error: unknown): boolean => {
    const body = apiErrorOf(error);
    let placed = false;
    for (const [path, message] of Object.entries(body?.errors ?? {})) {
      const field = path.split(".")[0] as FormField;
      if (!formFields.includes(field)) continue;
      if (field === "body") editorRef.current?.focus();
      form.setError(field, { message }, { shouldFocus: !placed && field !== "body" });
      placed = true;
    }
    setFailure(placed ? null : (body?.message ?? "The article could not be saved. Please try again."));
    return placed;
  };

  const afterSave = (saved: Post, message = "Draft saved") => {
    storePost(client, saved);
    form.reset(formOf(saved));
    setTagsText(saved.tags.join(", "));
    toast({ title: message, description: `“${saved.title}” (revision ${saved.revision}).` });
  };

  const save = useMutation({
    mutationFn: async (input: PostFields): Promise<Post> =>
      post ? savePost({ id: post.id, revision: post.revision, input }) : createPost(input),
  });

  /** Saves the form when it changed (or always for a new article): the post as saved, or null when it failed. */
  const saveDraft = async (): Promise<Post | null> => {
    if (post && !isDirty) return post;
    let input: PostFields | null = null;
    await form.handleSubmit((valid) => {
      input = valid as PostFields;
    })();
    if (!input) return null;
    setFailure(null);
    try {
      const saved = await save.mutateAsync(input);
      if (!post) {
        client.setQueryData(postKeys.post(saved.id), saved);
        storePost(client, saved);
        toast({ title: "Draft saved", description: `“${saved.title}”.` });
        leaving.current = true;
        void navigate(`/admin/content/posts/${saved.id}`, { replace: true });
        return saved;
      }
      afterSave(saved);
      return saved;
    } catch (error) {
      const stale = postConflictOf(error, input);
      if (stale) setConflict(stale);
      else placeServerErrors(error);
      return null;
    }
  };

  const overwrite = useMutation({
    mutationFn: (mine: { current: Post; yours: PostFields }) =>
      savePost({ id: mine.current.id, revision: mine.current.revision, input: mine.yours }),
    onSuccess: (saved) => {
      setConflict(null);
      afterSave(saved, "Your version saved");
    },
    onError: (error, mine) => {
      const stale = postConflictOf(error, mine.yours);
      if (stale) setConflict((before) => (before ? { ...before, current: stale.current } : stale));
      else {
        setConflict(null);
        placeServerErrors(error);
      }
    },
  });

  const publish = useMutation({
    mutationFn: async (at?: string) => {
      const saved = await saveDraft();
      if (!saved) return null;
      return publishPost({ id: saved.id, at });
    },
    onSuccess: (published) => {
      if (!published) return;
      storePost(client, published);
      toast({
        title: published.scheduledAt ? "Scheduled" : "Published",
        description: published.scheduledAt
          ? `“${published.title}” goes live ${formatDateTime(published.scheduledAt)}.`
          : `“${published.title}” is live at /blog/${published.slug}.`,
      });
    },
    onError: (error) => setFailure(apiErrorOf(error)?.message ?? "The article could not be published."),
  });
  const unpublish = useMutation({
    mutationFn: unpublishPost,
    onSuccess: (saved) => {
      storePost(client, saved);
      toast({ title: "Unpublished", description: `“${saved.title}” is a draft again.` });
    },
    onError: (error) => setFailure(apiErrorOf(error)?.message ?? "The article could not be unpublished."),
  });
  const remove = useMutation({
    mutationFn: deletePost,
    onSuccess: () => {
      setConfirmDelete(false);
      void client.invalidateQueries({ queryKey: postKeys.list, exact: true });
      toast({ title: "Article deleted", description: `“${post?.title}” is gone.` });
      leaving.current = true;
      void navigate("/admin/content/posts");
    },
    onError: (error) => {
      setConfirmDelete(false);
      setFailure(apiErrorOf(error)?.message ?? "The article could not be deleted.");
    },
  });

  const zone = useQuery(businessHoursQuery).data?.timeZone ?? browserTimeZone();
  const [publishAt, setPublishAt] = useState(() => (post?.scheduledAt ? toLocalInput(post.scheduledAt, zone) : ""));
  const [publishAtError, setPublishAtError] = useState<string | null>(null);

  const pickImage = (picked: PickedImage) => {
    if (picker === "body") editorRef.current?.insertImage(picked);
    else {
      form.setValue("image", picked.url, { shouldDirty: true });
      form.setValue("imageAlt", picked.alt, { shouldDirty: true });
    }
    setPicker(null);
  };

  const described = (field: string, hint?: boolean) =>
    cn(hint && `${id}-${field}-hint`, errors[field as FormField] && `${id}-${field}-error`) || undefined;
  const invalid = (field: FormField) => (errors[field] ? true : undefined);
  const busy = save.isPending || publish.isPending || unpublish.isPending || overwrite.isPending;
  const titleField = form.register("title", {
    onChange: (event: { target: { value: string } }) => {
      if (!slugEdited) form.setValue("slug", slugify(event.target.value), { shouldDirty: true });
    },
  });

  return (
    <>
      <p>
        <Link to="/admin/content/posts" className={linkClass}>
          ← All articles
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-slate-900 focus:outline-none">
          {post ? "Edit article" : "New article"}
        </h1>
        {post && <StatusBadge post={post} />}
      </div>
      {post && (
        <p className="mt-1 text-sm text-slate-800">
          {liveWhen(post)}
          {post.live && (
            <>
              {" "}
              at{" "}
              <a href={`/blog/${post.slug}`} className={linkClass}>
                /blog/{post.slug}
              </a>
            </>
          )}
        </p>
      )}

      <form
        id={`${id}-form`}
        noValidate
        className="mt-6 grid gap-8 lg:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void saveDraft();
        }}
      >
        <div className="min-w-0 space-y-5">
          <Field id={`${id}-title`} label="Title" error={errors.title?.message}>
            <Input
              id={`${id}-title`}
              aria-invalid={invalid("title")}
              aria-describedby={described("title", true)}
              {...titleField}
            />
            <p id={`${id}-title-hint`} className="text-sm text-slate-700">
              {title.trim().length} of 10–90 characters
            </p>
          </Field>
          <Field id={`${id}-slug`} label="Address" error={errors.slug?.message}>
            <div className="flex items-center gap-1">
              <span className="text-slate-800" aria-hidden="true">
                /blog/
              </span>
              <Input
                id={`${id}-slug`}
                spellCheck={false}
                autoCapitalize="off"
                aria-invalid={invalid("slug")}
                aria-describedby={described("slug", true)}
                {...form.register("slug", { onChange: () => setSlugEdited(true) })}
              />
            </div>
            <p id={`${id}-slug-hint`} className="text-sm text-slate-700">
              The article’s address: /blog/{slug || "…"}.
              {post?.live && " It is live: changing the address keeps a redirect from the old one."}
            </p>
          </Field>
          <Field id={`${id}-description`} label="Description" error={errors.description?.message}>
            <Textarea
              id={`${id}-description`}
              rows={3}
              aria-invalid={invalid("description")}
              aria-describedby={described("description", true)}
              {...form.register("description")}
            />
            <p id={`${id}-description-hint`} className="text-sm text-slate-700">
              {description.trim().length} of 50–220 characters. Shown under the title in search results.
            </p>
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={`${id}-category`} label="Category" error={errors.category?.message}>
              <Input
                id={`${id}-category`}
                aria-invalid={invalid("category")}
                aria-describedby={described("category")}
                {...form.register("category")}
              />
            </Field>
            <Field id={`${id}-author`} label="Author" error={errors.author?.message}>
              <Input
                id={`${id}-author`}
                aria-invalid={invalid("author")}
                aria-describedby={described("author")}
                {...form.register("author")}
              />
            </Field>
          </div>
          <Field id={`${id}-tags`} label="Tags" error={errors.tags?.message}>
            <Input
              id={`${id}-tags`}
              value={tagsText}
              aria-invalid={invalid("tags")}
              aria-describedby={described("tags", true)}
              onChange={(event) => {
                setTagsText(event.target.value);
                form.setValue("tags", parseTags(event.target.value), {
                  shouldDirty: true,
                  shouldValidate: form.formState.isSubmitted,
                });
              }}
            />
            <p id={`${id}-tags-hint`} className="text-sm text-slate-700">
              Separated by commas, at most 8.
            </p>
          </Field>
          <Field id={`${id}-image`} label="Image" error={errors.image?.message}>
            <div className="flex flex-wrap gap-2">
              <Input
                id={`${id}-image`}
                className="min-w-0 flex-1"
                inputMode="url"
                placeholder="/media/… or https://…"
                aria-invalid={invalid("image")}
                aria-describedby={described("image", true)}
                {...form.register("image", {
                  setValueAs: (value: string | null) => (value && value.trim() !== "" ? value.trim() : null),
                })}
              />
              <button type="button" className={smallButtonClass} onClick={() => setPicker("image")}>
                Upload image
              </button>
            </div>
            <p id={`${id}-image-hint`} className="text-sm text-slate-700">
              Optional. Shown at the top of the article and when it is shared.
            </p>
            {image?.startsWith("/") && (
              <img src={image} alt="" className="mt-2 max-h-40 rounded border border-slate-200" />
            )}
          </Field>
          {image && (
            <Field id={`${id}-imageAlt`} label="Image text" error={errors.imageAlt?.message}>
              <Input
                id={`${id}-imageAlt`}
                aria-invalid={invalid("imageAlt")}
                aria-describedby={described("imageAlt", true)}
                {...form.register("imageAlt")}
              />
              <p id={`${id}-imageAlt-hint`} className="text-sm text-slate-700">
                What the image shows, for readers who cannot see it.
              </p>
            </Field>
          )}
          <div className="space-y-1">
            <span id={`${id}-body-label`} className="text-sm font-medium text-slate-800">
              Body
            </span>
            <MarkdownEditor
              ref={(handle) => {
                editorRef.current = handle;
                bodyField.field.ref(handle ? { focus: handle.focus } : null);
              }}
              initialMarkdown={post?.body ?? ""}
              labelId={`${id}-body-label`}
              describedBy={described("body", true)}
              invalid={invalid("body")}
              onChange={(markdown) =>
                form.setValue("body", markdown, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
              }
              onBlur={bodyField.field.onBlur}
              onImageRequest={() => setPicker("body")}
            />
            <p id={`${id}-body-hint`} className="text-sm text-slate-700">
              Use H2 and H3 for sections: the title is the page’s main heading.
              {hasH1(body) && " This text has a top-level heading: make it H2."}
            </p>
            {errors.body?.message && (
              <p id={`${id}-body-error`} className="text-sm text-red-700">
                {errors.body.message}
              </p>
            )}
          </div>
        </div>

        <div className="min-w-0 space-y-6 lg:sticky lg:top-4 lg:self-start">
          <SearchPreview title={title} path={`/blog/${slug || "…"}`} description={description} />
          <section aria-labelledby={`${id}-preview-title`} className="rounded-md border border-slate-300 p-4">
            <h3 id={`${id}-preview-title`} className="text-sm font-semibold text-slate-800">
              Preview
            </h3>
            <p className="mt-3 text-2xl font-bold text-slate-900">{title || "Title"}</p>
            <div
              data-testid="body-preview"
              className={articleTextClass}
              // The preview escapes raw HTML and drops unsafe addresses (markdown-preview.ts).
              dangerouslySetInnerHTML={{ __html: previewHtml(body) }}
            />
          </section>
        </div>
      </form>

      {failure && (
        <p role="alert" className="mt-4 text-red-800">
          {failure}
        </p>
      )}
      <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <Button type="submit" form={`${id}-form`} disabled={busy}>
          {save.isPending ? "Saving..." : "Save draft"}
        </Button>
        {post && (
          <a
            href={`/admin/preview/posts/${encodeURIComponent(post.id)}`}
            target="_blank"
            rel="noopener"
            className={cn(smallButtonClass, "inline-flex items-center")}
            aria-describedby={`${id}-preview-hint`}
          >
            Preview
          </a>
        )}
        {post && canPublish && (
          <Button type="button" variant="outline" disabled={busy} onClick={() => publish.mutate(undefined)}>
            {publish.isPending ? "Publishing..." : post.live ? "Publish changes" : "Publish"}
          </Button>
        )}
        {post && (post.live || post.scheduledAt) && canPublish && (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => unpublish.mutate(post.id)}>
            Unpublish
          </Button>
        )}
        {post && owner && (
          <Button type="button" variant="destructive" disabled={busy} onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        )}
      </div>
      {post && (
        <p id={`${id}-preview-hint`} className="mt-2 text-sm text-slate-700">
          Preview opens the last saved draft in a new tab{isDirty ? ": save first to see your latest changes" : ""}.
          {!canPublish && " Only an owner can publish."}
        </p>
      )}
      {post && canPublish && (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <div className="space-y-1">
            <label htmlFor={`${id}-publish-at`} className="text-sm font-medium text-slate-800">
              Publish at ({timeZoneLabel(zone)})
            </label>
            <Input
              id={`${id}-publish-at`}
              type="datetime-local"
              className="w-auto"
              value={publishAt}
              aria-invalid={publishAtError ? true : undefined}
              aria-describedby={publishAtError ? `${id}-publish-at-error` : undefined}
              onChange={(event) => setPublishAt(event.target.value)}
            />
          </div>
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => {
              const at = fromLocalInput(publishAt, zone);
              if (!at || Date.parse(at) <= Date.now()) {
                setPublishAtError("Choose a date and time in the future.");
                return;
              }
              setPublishAtError(null);
              publish.mutate(at);
            }}
          >
            Schedule
          </Button>
          {publishAtError && (
            <p id={`${id}-publish-at-error`} className="w-full text-sm text-red-700">
              {publishAtError}
            </p>
          )}
        </div>
      )}

      {post && (
        <RevisionsPanel
          post={post}
          draft={() => ({ title: form.getValues("title"), description: form.getValues("description"), body })}
          onRestored={onReload}
        />
      )}

      <ImagePickerDialog
        open={picker !== null}
        title={picker === "body" ? "Insert an image" : "Article image"}
        onPick={pickImage}
        onClose={() => setPicker(null)}
      />
      <ConflictDialog
        subject="this article"
        conflict={
          conflict && {
            savedBy: conflict.current.updatedBy?.name ?? null,
            savedAt: conflict.current.updatedAt,
            rows: (
              [
                ["title", "Title"],
                ["description", "Description"],
                ["body", "Body"],
              ] as const
            ).map(([key, label]) => ({ label, theirs: conflict.current[key], yours: conflict.yours[key] })),
          }
        }
        pending={overwrite.isPending}
        onKeepTheirs={() => {
          if (!conflict) return;
          setConflict(null);
          onReload(conflict.current);
          toast({ title: "Their version kept", description: "Your changes were not saved." });
        }}
        onOverwrite={() => conflict && overwrite.mutate(conflict)}
        onClose={() => setConflict(null)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this article?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => post && remove.mutate(post.id)}
        onClose={() => setConfirmDelete(false)}
      >
        {post?.live
          ? "It is live: its address will answer that the article is gone. Its revisions are deleted too."
          : "The draft and its revisions are deleted."}
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === "blocked"}
        title="Leave without saving?"
        confirmLabel="Leave"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        Your changes to this article are not saved.
      </ConfirmDialog>
    </>
  );
}
