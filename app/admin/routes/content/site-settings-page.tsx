import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useFieldArray } from "react-hook-form";
import { siteSettingsInput, type SiteSettingsDocument, type SiteSettingsInput } from "../../../../contract/content.ts";
import { Field } from "../../../components/forms/form-parts.tsx";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { contentSettingsQuery, saveContentSettings } from "../../api/content-posts.ts";
import {
  publishSite,
  restoreSiteRevision,
  saveSiteDraft,
  siteDocumentQuery,
  siteRevisionsQuery,
} from "../../api/content-site.ts";
import { apiErrorOf } from "../../api/request.ts";
import { HttpError } from "../../../lib/api-client.ts";
import { usePageTitle } from "../../components/admin-shell.tsx";
import { focusRing, smallButtonClass } from "../../components/admin-classes.ts";
import { formatDateTime } from "../../components/lead-format.ts";
import { useIsOwner } from "../../components/owner-only.tsx";
import { ContentTabs } from "./content-tabs.tsx";
import { HistoryPanel } from "./history-panel.tsx";

// Content, Site settings (issue 37): what every page shows (name, phone, e-mail, hours, place, booking link,
// social links) and the auto-reply's text, edited as one draft (If-Match) and published by an owner (or a member
// when the team lets members publish). Owners
// also choose whether members may publish articles. History lists every revision; Restore makes one the draft.

const textFields = [
  { name: "companyName", label: "Company name", type: "text", autoComplete: "organization" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "email", label: "E-mail", type: "email", autoComplete: "email" },
  { name: "hours", label: "Hours", type: "text", autoComplete: "off" },
  { name: "locality", label: "City", type: "text", autoComplete: "address-level2" },
  { name: "region", label: "Region", type: "text", autoComplete: "address-level1" },
  { name: "bookingUrl", label: "Booking link", type: "url", autoComplete: "url" },
] as const;
type SettingsField = keyof SiteSettingsInput;
const settingsFields: SettingsField[] = [...textFields.map((field) => field.name), "socialLinks", "autoReplyText"];

export function SiteSettingsPage() {
  usePageTitle("Site settings | Admin");
  const site = useQuery(siteDocumentQuery);
  const owner = useIsOwner();
  const client = useQueryClient();
  return (
    <>
      <ContentTabs current="site" />
      {site.isLoading ? (
        <p role="status" className="mt-6 text-slate-700">
          Loading...
        </p>
      ) : !site.data ? (
        <p role="alert" className="mt-6 text-red-800">
          The site settings could not be loaded. Please reload the page.
        </p>
      ) : (
        // Keyed by the revision: the form starts again from the stored draft after a save or a reload.
        <>
          <SiteSettingsForm key={site.data.revision} document={site.data} />
          <HistoryPanel
            heading="History"
            query={siteRevisionsQuery}
            revision={site.data.revision}
            publishedRevision={site.data.publishedRevision}
            restore={restoreSiteRevision}
            onRestored={(restored) => {
              // A new revision: the form above starts again from the restored draft (it is keyed by it).
              client.setQueryData(siteDocumentQuery.queryKey, restored);
              void client.invalidateQueries({ queryKey: siteRevisionsQuery.queryKey });
            }}
            confirmText="Its settings become the draft (a new revision); the site does not change until you publish. Changes on screen that are not saved are lost."
          />
        </>
      )}
      {owner && <TeamPublishSetting />}
    </>
  );
}

function SiteSettingsForm({ document }: { document: SiteSettingsDocument }) {
  const id = useId();
  const client = useQueryClient();
  const owner = useIsOwner();
  // Owners publish, and members while the team lets them (the same rule as articles).
  const teamSettings = useQuery({ ...contentSettingsQuery, enabled: !owner });
  const canPublish = owner || teamSettings.data?.membersCanPublish === true;
  const form = useContractForm(siteSettingsInput, document.draft);
  const { errors, isDirty } = form.formState;
  const links = useFieldArray({ control: form.control, name: "socialLinks" });
  const [failure, setFailure] = useState<{ message: string; stale?: boolean } | null>(null);
  const unpublished = document.revision !== document.publishedRevision;

  const save = useMutation({
    mutationFn: saveSiteDraft,
    onSuccess: (saved) => {
      client.setQueryData(siteDocumentQuery.queryKey, saved);
      void client.invalidateQueries({ queryKey: siteRevisionsQuery.queryKey });
      toast({ title: "Draft saved", description: "Publish it to show it on the site." });
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 409) {
        setFailure({ message: "Someone else saved the site settings meanwhile.", stale: true });
        return;
      }
      const body = apiErrorOf(error);
      let placed = false;
      for (const [path, message] of Object.entries(body?.errors ?? {})) {
        const field = path.split(".")[0] as SettingsField;
        if (!settingsFields.includes(field)) continue;
        form.setError(field, { message }, { shouldFocus: !placed });
        placed = true;
      }
      setFailure(placed ? null : { message: body?.message ?? "The site settings could not be saved." });
    },
  });
  const publish = useMutation({
    mutationFn: publishSite,
    onSuccess: (published) => {
      client.setQueryData(siteDocumentQuery.queryKey, published);
      void client.invalidateQueries({ queryKey: siteRevisionsQuery.queryKey });
      toast({ title: "Published", description: "The site shows the new settings." });
    },
    onError: (error) =>
      setFailure({ message: apiErrorOf(error)?.message ?? "The site settings could not be published." }),
  });

  const onSubmit = form.handleSubmit((input) => {
    if (save.isPending) return;
    setFailure(null);
    save.mutate({ revision: document.revision, input });
  });

  const fieldError = (name: SettingsField) => errors[name]?.message;
  return (
    <>
      <div className="mt-6 flex flex-wrap items-center gap-3" role="status" data-testid="site-state">
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-bold",
            unpublished ? "bg-amber-100 text-amber-950" : "bg-green-100 text-green-900",
          )}
        >
          {unpublished ? "Draft has unpublished changes" : "Published"}
        </span>
        <span className="text-sm text-slate-700">
          Draft saved {formatDateTime(document.updatedAt)}
          {document.updatedBy && ` by ${document.updatedBy.name}`}.
        </span>
      </div>
      <form className="mt-6 max-w-2xl space-y-5" noValidate onSubmit={(event) => void onSubmit(event)}>
        {textFields.map((field) => (
          <Field key={field.name} id={`${id}-${field.name}`} label={field.label} error={fieldError(field.name)}>
            <Input
              id={`${id}-${field.name}`}
              type={field.type}
              autoComplete={field.autoComplete}
              aria-invalid={fieldError(field.name) ? true : undefined}
              aria-describedby={fieldError(field.name) ? `${id}-${field.name}-error` : undefined}
              {...form.register(field.name)}
            />
          </Field>
        ))}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Social links</legend>
          <ul className="mt-2 space-y-3">
            {links.fields.map((link, index) => {
              const linkErrors = errors.socialLinks?.[index];
              return (
                <li key={link.id} className="flex flex-wrap items-start gap-2">
                  <Field id={`${id}-social-${index}-label`} label="Label" error={linkErrors?.label?.message}>
                    <Input
                      id={`${id}-social-${index}-label`}
                      className="w-40"
                      aria-invalid={linkErrors?.label ? true : undefined}
                      aria-describedby={linkErrors?.label ? `${id}-social-${index}-label-error` : undefined}
                      {...form.register(`socialLinks.${index}.label`)}
                    />
                  </Field>
                  <Field
                    id={`${id}-social-${index}-href`}
                    label="Address"
                    error={linkErrors?.href?.message}
                    className="min-w-0 flex-1"
                  >
                    <Input
                      id={`${id}-social-${index}-href`}
                      type="url"
                      aria-invalid={linkErrors?.href ? true : undefined}
                      aria-describedby={linkErrors?.href ? `${id}-social-${index}-href-error` : undefined}
                      {...form.register(`socialLinks.${index}.href`)}
                    />
                  </Field>
                  <button
                    type="button"
                    className={cn(smallButtonClass, "mt-6")}
                    aria-label={`Remove social link ${index + 1}`}
                    onClick={() => links.remove(index)}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
          {errors.socialLinks?.message && <p className="mt-1 text-sm text-red-700">{errors.socialLinks.message}</p>}
          {links.fields.length < 6 && (
            <button
              type="button"
              className={cn(smallButtonClass, "mt-3")}
              onClick={() => links.append({ label: "", href: "https://" })}
            >
              Add a social link
            </button>
          )}
        </fieldset>
        <Field id={`${id}-autoReplyText`} label="Auto-reply text" error={fieldError("autoReplyText")}>
          <Textarea
            id={`${id}-autoReplyText`}
            rows={5}
            aria-invalid={fieldError("autoReplyText") ? true : undefined}
            aria-describedby={cn(
              `${id}-autoReplyText-hint`,
              fieldError("autoReplyText") && `${id}-autoReplyText-error`,
            )}
            {...form.register("autoReplyText")}
          />
          <p id={`${id}-autoReplyText-hint`} className="text-sm text-slate-700">
            Optional: a few words added to the e-mail each new lead gets at once.
          </p>
        </Field>
        {failure && (
          <div role="alert" className="text-red-800">
            {failure.message}{" "}
            {failure.stale && (
              <button
                type="button"
                className={cn(smallButtonClass, "ml-2")}
                onClick={() => void client.invalidateQueries({ queryKey: siteDocumentQuery.queryKey })}
              >
                Load their version
              </button>
            )}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save draft"}
          </Button>
          <a
            href="/admin/preview/site"
            target="_blank"
            rel="noopener"
            className={cn(smallButtonClass, "inline-flex items-center")}
          >
            Preview
          </a>
          {canPublish && (
            <Button
              type="button"
              variant="outline"
              disabled={publish.isPending || isDirty || !unpublished}
              onClick={() => publish.mutate()}
            >
              {publish.isPending ? "Publishing..." : "Publish"}
            </Button>
          )}
        </div>
        <p className="text-sm text-slate-700">
          Preview opens the last saved draft in a new tab.
          {canPublish
            ? isDirty
              ? " Save the draft before publishing it."
              : ""
            : " Only an owner can publish the site settings."}
        </p>
      </form>
    </>
  );
}

/** Owners: whether members may publish articles (GET/PUT /api/admin/content/settings). */
function TeamPublishSetting() {
  const id = useId();
  const client = useQueryClient();
  const settings = useQuery(contentSettingsQuery);
  const update = useMutation({
    mutationFn: saveContentSettings,
    onSuccess: (saved) => {
      client.setQueryData(contentSettingsQuery.queryKey, saved);
      toast({
        title: "Saved",
        description: saved.membersCanPublish ? "Members may publish articles." : "Only owners publish articles.",
      });
    },
    onError: (error) =>
      toast({ variant: "destructive", title: "Not saved", description: apiErrorOf(error)?.message ?? "Try again." }),
  });
  return (
    <section aria-labelledby={`${id}-title`} className="mt-12 max-w-2xl border-t border-slate-200 pt-8">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Publishing
      </h2>
      {settings.isError ? (
        <p className="mt-2 text-red-800">The team’s publishing setting could not be loaded.</p>
      ) : (
        <label className="mt-3 flex min-h-11 items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            className={cn("h-5 w-5 accent-brand-700", focusRing)}
            checked={settings.data?.membersCanPublish ?? false}
            disabled={!settings.data || update.isPending}
            onChange={(event) => update.mutate({ membersCanPublish: event.target.checked })}
          />
          Members may publish articles
        </label>
      )}
    </section>
  );
}
