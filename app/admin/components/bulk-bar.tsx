import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { LeadFiltersInput } from "../../../contract/lead-filters.ts";
import type { BulkActionInput, BulkRequest, BulkResult } from "../../../contract/lead-triage.ts";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { bulkMutation, sendBulk } from "../api/triage.ts";
import { filtersToSearchParams, type InboxFilters, type ListKind } from "../inbox-filters.ts";
import { cn } from "../../lib/utils.ts";
import { selectClass } from "./admin-classes.ts";
import { useTeam } from "./assignee.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { useIsOwner } from "./owner-only.tsx";
import { formatCount, statusLabels } from "./lead-format.ts";
import { StatusMenu } from "./lead-status-select.tsx";
import { failureToast, undoToast } from "./undo-toast.tsx";

// The actions on the selected leads (issue 13 §4), through POST …/bulk of the list (an inbox, or All
// leads for leads of both kinds): the selection's ids, or the list's filters for "all matching". Each
// answer lists what the leads were before, which Undo puts back (restore); a deletion cannot be undone
// and asks first, naming how many. Won asks first too: a client's value is their own (issue 38), so a
// bulk Won sets none and says that each one's value is added on its page.

/** "1 lead", "12 leads", "1,234 leads". */
export function leadsText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? "lead" : "leads"}`;
}

/** The list's filters as the bulk endpoint reads them (the order does not matter to a bulk action). */
function bulkFilters(filters: InboxFilters): LeadFiltersInput {
  return Object.fromEntries(filtersToSearchParams({ ...filters, sort: "newest" })) as LeadFiltersInput;
}

function doneText(action: BulkActionInput, count: number, spamView: boolean): { title: string; description: string } {
  const leads = leadsText(count);
  switch (action.action) {
    case "markRead":
      return { title: "Marked as read", description: `${leads} marked as read.` };
    case "markUnread":
      return { title: "Marked as unread", description: `${leads} marked as unread.` };
    case "setStatus":
      return spamView && action.status === "new"
        ? { title: "Leads rescued", description: `${leads} moved to the inbox.` }
        : action.status === "won"
          ? // A value is each client's own (issue 38): a bulk change leaves it to each lead's page.
            { title: "Status updated", description: `${leads} set to Won. Add each one's value on its page.` }
          : { title: "Status updated", description: `${leads} set to ${statusLabels[action.status]}.` };
    case "spam":
      return { title: "Marked as spam", description: `${leads} moved to Spam.` };
    case "delete":
      return { title: "Leads deleted", description: `${leads} deleted.` };
    case "assign":
      return {
        title: action.assigneeId ? "Leads assigned" : "Leads unassigned",
        description: action.assigneeId ? `${leads} assigned.` : `${leads} unassigned.`,
      };
    case "restore":
      return { title: "Change undone", description: `${leads} are back as they were.` };
  }
}

export type BulkSelection = { ids: string[] } | { allMatching: true; count: number };

export function BulkBar({
  kind,
  filters,
  selection,
  onDone,
}: {
  kind: ListKind;
  filters: InboxFilters;
  selection: BulkSelection;
  /** Called after an action succeeded (the selection is cleared). */
  onDone: () => void;
}) {
  const client = useQueryClient();
  const bulk = useMutation(bulkMutation(kind));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmWon, setConfirmWon] = useState(false);
  // Deleting is an owner's (issue 23); assigning is everyone's.
  const owner = useIsOwner();
  const { active, nameOf } = useTeam();
  const spamView = filters.view === "spam";
  const count = "ids" in selection ? selection.ids.length : selection.count;
  const target: Pick<BulkRequest, "ids" | "filters"> =
    "ids" in selection ? { ids: selection.ids } : { filters: bulkFilters(filters) };

  // Pressed on the toast, after this bar has gone: a plain request, not this component's mutation.
  function undo(previous: BulkResult["previous"]) {
    sendBulk(client, kind, { action: "restore", items: previous }).then(
      (result) => toast(doneText({ action: "restore", items: previous }, result.affected, spamView)),
      () => failureToast("The change could not be undone. Please try again."),
    );
  }

  function run(action: BulkActionInput) {
    bulk.mutate({ ...action, ...target } as BulkRequest, {
      onSuccess: (result) => {
        setConfirmDelete(false);
        setConfirmWon(false);
        onDone();
        const text = doneText(action, result.affected, spamView);
        if (action.action === "delete" || result.previous.length === 0) toast(text);
        else undoToast({ ...text, onUndo: () => undo(result.previous) });
      },
      onError: () => failureToast("The leads could not be changed. Please try again."),
    });
  }

  return (
    <div
      role="group"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2"
      aria-busy={bulk.isPending}
    >
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={bulk.isPending}
        onClick={() => run({ action: "markRead" })}
      >
        Mark read
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={bulk.isPending}
        onClick={() => run({ action: "markUnread" })}
      >
        Mark unread
      </Button>
      {spamView ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={bulk.isPending}
          onClick={() => run({ action: "setStatus", status: "new" })}
        >
          Not spam
        </Button>
      ) : (
        <>
          <StatusMenu
            value={null}
            label="Set status"
            disabled={bulk.isPending}
            onChoose={(status) => (status === "won" ? setConfirmWon(true) : run({ action: "setStatus", status }))}
            className="h-9 min-w-0"
          >
            Set status
          </StatusMenu>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={bulk.isPending}
            onClick={() => run({ action: "spam" })}
          >
            Mark as spam
          </Button>
        </>
      )}
      <label className="sr-only" htmlFor="bulk-assign">
        Assign the selected leads to
      </label>
      <select
        id="bulk-assign"
        className={cn(selectClass, "h-9")}
        value=""
        disabled={bulk.isPending}
        onChange={(event) => {
          const value = event.target.value;
          if (value) run({ action: "assign", assigneeId: value === "none" ? null : value });
        }}
      >
        <option value="">Assign to…</option>
        <option value="none">Unassigned</option>
        {active.map((user) => (
          <option key={user.id} value={user.id}>
            {nameOf(user.id)}
          </option>
        ))}
      </select>
      {owner && (
        <Button
          type="button"
          size="sm"
          variant="destructive"
          disabled={bulk.isPending}
          onClick={() => setConfirmDelete(true)}
        >
          Delete
        </Button>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${leadsText(count)}?`}
        confirmLabel="Delete permanently"
        pending={bulk.isPending}
        onConfirm={() => run({ action: "delete" })}
        onClose={() => setConfirmDelete(false)}
      >
        <p>The leads, their notes and their deliveries are erased. This cannot be undone.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmWon}
        title={`Mark ${leadsText(count)} as Won?`}
        confirmLabel="Mark as Won"
        destructive={false}
        pending={bulk.isPending}
        onConfirm={() => run({ action: "setStatus", status: "won" })}
        onClose={() => setConfirmWon(false)}
      >
        <p>
          No value is set here: each client is worth their own amount. Open each lead and choose Add the value; until
          then the reports count them as clients without a value.
        </p>
      </ConfirmDialog>
    </div>
  );
}
