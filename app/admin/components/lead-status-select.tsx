import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { Check, ChevronDown } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { Lead, LeadDetail, LeadKind, LeadUpdate } from "../../../contract/admin-leads.ts";
import type { LeadStatus } from "../../../contract/fields.ts";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { cn } from "../../lib/utils.ts";
import { LEADS_ROOT, storeLead, updateLeadMutation } from "../api/leads.ts";
import { sendJson } from "../api/request.ts";
import { focusRing } from "./admin-classes.ts";
import { leadName, statusLabels, triageStatuses, type TriageStatus } from "./lead-format.ts";
import { failureToast, undoToast } from "./undo-toast.tsx";
import { WonValueDialog, wonValueText } from "./won-value-dialog.tsx";

// A lead's status, changed only on an explicit choice (issue 13 §5): a menu whose arrow keys move
// between the statuses without saving; Enter, Space or a click saves. Spam is not a status here:
// "Mark as spam" and "Not spam" are buttons of their own. Every change offers Undo in its toast.

/** Puts a lead's status or read state back (Undo); independent of the component, which may be gone by then. */
async function restoreLead(client: QueryClient, kind: LeadKind, id: string, change: LeadUpdate) {
  const lead = await sendJson<LeadDetail>("PATCH", `${LEADS_ROOT}/${kind}/${encodeURIComponent(id)}`, change);
  storeLead(client, kind, lead);
  return lead;
}

function changeToast(lead: Lead, status: LeadStatus, value?: number | null) {
  const name = leadName(lead);
  const worth = wonValueText(value);
  if (status === "won" && worth) return { title: "Status updated", description: `${name} is now Won (${worth}).` };
  if (lead.status === "spam" && status !== "spam")
    return { title: "Lead rescued", description: `${name} was moved to the inbox.` };
  if (status === "spam") return { title: "Marked as spam", description: `${name} was moved to Spam.` };
  return { title: "Status updated", description: `${name} is now ${statusLabels[status]}.` };
}

/** Sets a lead's status on the server (the cache follows, api/leads.ts); the toast confirms with Undo or reports the failure. */
export function useLeadStatus(kind: LeadKind, lead: Lead) {
  const client = useQueryClient();
  const update = useMutation(updateLeadMutation(kind));
  /**
   * `onChanged` runs once the server has the new status (the lead page then offers a follow-up). `value`: a
   * won lead's worth (issue 38), sent with status won only.
   */
  const mutate = (status: LeadStatus, onChanged?: (status: LeadStatus) => void, value?: number | null) => {
    if (status === lead.status) return;
    const previous = lead.status;
    update.mutate(
      { id: lead.id, change: status === "won" && value !== undefined ? { status, value } : { status } },
      {
        onSuccess: () => {
          onChanged?.(status);
          const undo = () =>
            restoreLead(client, kind, lead.id, { status: previous }).then(
              () =>
                toast({ title: "Change undone", description: `${leadName(lead)} is ${statusLabels[previous]} again.` }),
              () => failureToast("The change could not be undone. Please try again."),
            );
          undoToast({ ...changeToast(lead, status, value), onUndo: () => void undo() });
        },
        onError: () => failureToast("The status could not be changed. Please try again."),
      },
    );
  };
  return {
    mutate,
    isPending: update.isPending,
    pendingStatus: update.isPending ? update.variables?.change.status : undefined,
  };
}

const menuContentClass = "z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-md";
const menuItemClass =
  "relative flex cursor-default select-none items-center rounded-sm py-2 pl-8 pr-3 text-sm outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 data-[disabled]:opacity-60";

/**
 * A button that opens the statuses as a menu of radio items. The arrow keys only move the highlight;
 * `onChoose` runs on Enter, Space or a click (never on a key press that merely moves).
 */
export function StatusMenu({
  value,
  onChoose,
  label,
  children,
  disabled = false,
  className,
}: {
  /** The current status (checked in the menu), or null for none (e.g. a bulk choice). */
  value: TriageStatus | null;
  onChoose: (status: TriageStatus) => void;
  /** The button's accessible name. */
  label: string;
  /** The button's visible content. */
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        disabled={disabled}
        className={cn(
          "inline-flex h-10 min-w-32 items-center justify-between gap-2 rounded-md border border-slate-400 bg-white px-3 text-sm text-slate-900 hover:bg-slate-50 disabled:opacity-60",
          focusRing,
          className,
        )}
      >
        {children}
        <ChevronDown className="h-4 w-4 opacity-70" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className={menuContentClass}>
          <DropdownMenu.RadioGroup value={value ?? ""}>
            {triageStatuses.map((status) => (
              <DropdownMenu.RadioItem
                key={status}
                value={status}
                className={menuItemClass}
                onSelect={() => onChoose(status)}
              >
                <span className="absolute left-2 flex h-4 w-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check className="h-4 w-4" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {statusLabels[status]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * A lead's status control. Its accessible name carries the current status ("Status of Sam Lee: New"). A spam
 * lead has no status to choose: it shows "Spam" (Not spam is its own button, SpamButton).
 */
export function LeadStatusSelect({
  kind,
  lead,
  label,
  hideLabel = false,
  className,
  triggerClassName,
  onChanged,
}: {
  kind: LeadKind;
  lead: Lead;
  label: string;
  hideLabel?: boolean;
  className?: string;
  triggerClassName?: string;
  /** After the server saved a new status (e.g. the lead page's follow-up offer on Contacted). */
  onChanged?: (status: LeadStatus) => void;
}) {
  const mutation = useLeadStatus(kind, lead);
  const value = mutation.pendingStatus ?? lead.status;
  // Won asks for the client's value first (issue 38); every other status is set at once.
  const [askValue, setAskValue] = useState(false);
  return (
    <div className={className} aria-busy={mutation.isPending}>
      <WonValueDialog
        open={askValue}
        title={`Mark ${leadName(lead)} as Won`}
        initial={lead.value}
        submitLabel="Mark as Won"
        pending={mutation.isPending}
        failure={null}
        onOpenChange={setAskValue}
        onSubmit={(worth) => {
          setAskValue(false);
          mutation.mutate("won", onChanged, worth);
        }}
      />
      {!hideLabel && (
        <p className="mb-1 text-sm font-medium text-slate-800" aria-hidden="true">
          {label}
        </p>
      )}
      {value === "spam" ? (
        <p className="inline-flex h-10 items-center text-sm font-semibold text-red-900">
          <span className="sr-only">{label}: </span>Spam
        </p>
      ) : (
        <StatusMenu
          value={value}
          onChoose={(status) => (status === "won" ? setAskValue(true) : mutation.mutate(status, onChanged))}
          label={`${label}: ${statusLabels[value]}`}
          disabled={mutation.isPending}
          className={triggerClassName}
        >
          {statusLabels[value]}
        </StatusMenu>
      )}
    </div>
  );
}

/** "Mark as spam" for an inbox lead, "Not spam" for a spam lead (back to the inbox as New); both with Undo. */
export function SpamButton({
  kind,
  lead,
  rescueLabel = "Not spam",
  withName = false,
}: {
  kind: LeadKind;
  lead: Lead;
  rescueLabel?: string;
  withName?: boolean;
}) {
  const mutation = useLeadStatus(kind, lead);
  const spam = lead.status === "spam";
  const text = spam ? rescueLabel : "Mark as spam";
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      aria-label={withName ? `${text}: ${leadName(lead)}` : undefined}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(spam ? "new" : "spam")}
    >
      {text}
    </Button>
  );
}
