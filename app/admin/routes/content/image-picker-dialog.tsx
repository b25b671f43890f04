import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { mediaAlt, MEDIA_ALT_MAX } from "../../../../contract/media.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { mediaQuery, uploadMedia } from "../../api/media.ts";
import { apiErrorOf } from "../../api/request.ts";
import { cn } from "../../../lib/utils.ts";
import { focusRing } from "../../components/admin-classes.ts";

// "Upload image" and the editor's Image button (issue 37): a file and its required text for readers who cannot
// see it go to POST /api/admin/media; or an image uploaded before is chosen. A native modal <dialog>, as
// confirm-dialog.tsx: focus stays inside, Escape closes it.

export type PickedImage = { url: string; alt: string };

export function ImagePickerDialog({
  open,
  title,
  onPick,
  onClose,
}: {
  open: boolean;
  title: string;
  onPick: (image: PickedImage) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-full max-w-lg rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      {/* Mounted while open: each opening starts empty. */}
      {open && <PickerBody onPick={onPick} />}
      <div className="mt-6 flex justify-end">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </dialog>
  );
}

function PickerBody({ onPick }: { onPick: (image: PickedImage) => void }) {
  const id = useId();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [problems, setProblems] = useState<{ file?: string; alt?: string; form?: string }>({});
  const upload = useMutation({
    mutationFn: uploadMedia,
    onSuccess: (media) => {
      void client.invalidateQueries({ queryKey: mediaQuery.queryKey });
      onPick({ url: media.url, alt: alt.trim() });
    },
    onError: (error) => {
      const body = apiErrorOf(error);
      setProblems({
        file: body?.errors?.file,
        alt: body?.errors?.alt,
        form:
          body?.errors?.file || body?.errors?.alt
            ? undefined
            : (body?.message ?? "The image could not be uploaded. Please try again."),
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const found = {
      file: file ? undefined : "Choose an image file.",
      alt: mediaAlt.safeParse(alt).error?.issues[0]?.message,
    };
    setProblems(found);
    if (found.file || found.alt || upload.isPending) return;
    upload.mutate({ file: file!, alt: alt.trim() });
  };
  return (
    <>
      {/* Its own form: inside the article's form it would submit that one. */}
      <form className="mt-4 space-y-4" noValidate onSubmit={submit}>
        <div className="space-y-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-800">
            Image file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            aria-invalid={problems.file ? true : undefined}
            aria-describedby={problems.file ? `${id}-file-error` : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className={cn("block w-full text-sm text-slate-900", focusRing)}
          />
          {problems.file && (
            <p id={`${id}-file-error`} className="text-sm text-red-700">
              {problems.file}
            </p>
          )}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-alt`} className="text-sm font-medium text-slate-800">
            Image text (what the image shows)
          </label>
          <Input
            id={`${id}-alt`}
            value={alt}
            maxLength={MEDIA_ALT_MAX}
            aria-invalid={problems.alt ? true : undefined}
            aria-describedby={problems.alt ? `${id}-alt-error` : undefined}
            onChange={(event) => setAlt(event.target.value)}
          />
          {problems.alt && (
            <p id={`${id}-alt-error`} className="text-sm text-red-700">
              {problems.alt}
            </p>
          )}
        </div>
        {problems.form && (
          <p role="alert" className="text-red-800">
            {problems.form}
          </p>
        )}
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? "Uploading..." : "Upload image"}
        </Button>
      </form>
      <UploadedImages onPick={onPick} />
    </>
  );
}

/** Images uploaded before: choosing one uses its stored text. */
function UploadedImages({ onPick }: { onPick: (image: PickedImage) => void }) {
  const media = useQuery(mediaQuery);
  const images = media.data ?? [];
  return (
    <section aria-label="Uploaded images" className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-semibold">Or choose an uploaded image</h3>
      {media.isLoading ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          Loading...
        </p>
      ) : media.isError ? (
        <p className="mt-2 text-sm text-slate-700">The uploaded images could not be listed.</p>
      ) : images.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No images uploaded yet.</p>
      ) : (
        <ul className="mt-2 grid max-h-64 grid-cols-3 gap-2 overflow-y-auto">
          {images.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => onPick({ url: image.url, alt: image.alt })}
                className={cn("block w-full rounded-md border border-slate-300 p-1 hover:border-brand-700", focusRing)}
              >
                <img src={image.url} alt={image.alt} className="aspect-square w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
