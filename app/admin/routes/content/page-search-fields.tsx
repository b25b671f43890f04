import { useId, useState } from "react";
import { createPortal } from "react-dom";
import { useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from "react-hook-form";
import { Button } from "../../../components/ui/button.tsx";
import { CopyField, type CopyFieldProps } from "./copy-field.tsx";
import { ImagePickerDialog } from "./image-picker-dialog.tsx";
import { fieldName, type EditedField, type FieldGroup, type PageCopyValues } from "./page-copy-format.ts";
import { SearchPreview } from "./search-preview.tsx";

// A page's "Search and sharing" (issue 37): the title and description of its search result, with a preview of
// the result as they are typed, and the image a shared link shows, chosen from the uploads (or an upload made
// here) with its text. The page's address is fixed by the site's routes (SPEC), so it is shown, not edited.

type Props = {
  id: string;
  group: FieldGroup<EditedField>;
  path: string;
  control: Control<PageCopyValues>;
  register: UseFormRegister<PageCopyValues>;
  setValue: UseFormSetValue<PageCopyValues>;
  errors: FieldErrors<PageCopyValues>;
};

export function SearchAndSharing({ id, group, path, control, register, setValue, errors }: Props) {
  const indexOf = (path: string) => group.items.find((item) => item.field.path === path)?.index;
  const titleIndex = indexOf("search.title");
  const descriptionIndex = indexOf("search.description");
  const altIndex = indexOf("search.imageAlt");
  const title = useWatch({ control, name: fieldName(titleIndex ?? -1) }) ?? "";
  const description = useWatch({ control, name: fieldName(descriptionIndex ?? -1) }) ?? "";
  return (
    <fieldset className="space-y-5 rounded-md border border-slate-300 p-4">
      <legend className="px-1 text-lg font-semibold text-slate-900">{group.legend}</legend>
      {group.items.map(({ field, index }) =>
        field.kind === "image" ? (
          <SocialImageField
            key={field.path}
            id={`${id}-${index}`}
            field={field}
            index={index}
            altIndex={altIndex}
            control={control}
            register={register}
            setValue={setValue}
            error={errors[fieldName(index)]?.message}
          />
        ) : (
          <CopyField
            key={field.path}
            id={`${id}-${index}`}
            field={field}
            index={index}
            control={control}
            register={register}
            setValue={setValue}
            error={errors[fieldName(index)]?.message}
          />
        ),
      )}
      <SearchPreview title={title} path={path} description={description} />
    </fieldset>
  );
}

function SocialImageField({
  id,
  field,
  index,
  altIndex,
  control,
  register,
  setValue,
  error,
}: CopyFieldProps & { altIndex: number | undefined }) {
  const headingId = useId();
  const name = fieldName(index);
  const value = (useWatch({ control, name }) ?? field.draft).trim();
  const [picking, setPicking] = useState(false);
  const notLive = value !== field.published;
  return (
    <div role="group" aria-labelledby={headingId} className="space-y-2">
      <p id={headingId} className="text-sm font-medium text-slate-800">
        Social image
      </p>
      <input type="hidden" {...register(name)} />
      {value ? (
        <img
          src={value}
          alt="The image a shared link of this page shows"
          className="aspect-[1.91/1] w-full max-w-sm rounded-md border border-slate-300 object-cover"
          data-testid="social-image"
        />
      ) : (
        <p className="text-sm text-slate-700">No image: a shared link shows the title and description only.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => setPicking(true)}>
          {value ? "Change image" : "Choose image"}
        </Button>
        {value && (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setValue(name, "", { shouldDirty: true });
              if (altIndex !== undefined) setValue(fieldName(altIndex), "", { shouldDirty: true });
            }}
          >
            Remove image
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-700">
        Shown when the page is shared on social networks and in messages; a wide image (about 1200 × 630) suits them
        all.
        {notLive && <span className="font-semibold text-brand-900"> Differs from the live page.</span>}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {/* Outside the page's form (its own upload form may not nest in it), and its submit stays its own. */}
      {createPortal(
        <div onSubmit={(event) => event.stopPropagation()}>
          <ImagePickerDialog
            open={picking}
            title="Social image"
            onClose={() => setPicking(false)}
            onPick={(picked) => {
              setPicking(false);
              setValue(name, picked.url, { shouldDirty: true, shouldValidate: Boolean(error) });
              if (altIndex !== undefined) setValue(fieldName(altIndex), picked.alt, { shouldDirty: true });
            }}
          />
        </div>,
        document.body,
      )}
    </div>
  );
}
