import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { LeadDetail, LeadKind } from "../../../../contract/admin-leads.ts";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { deleteLeadMutation } from "../../api/leads.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";

// Deleting a lead for good: the section at the end of the page, and the dialog that confirms it (the dialog
// sits after the phone bar in the page, so the two are separate components).

export function DeleteLeadSection({ headingId, onDelete }: { headingId: string; onDelete: () => void }) {
  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-lg border border-red-200 p-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Delete
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Erases this lead, its notes and its deliveries for good, for example when the person asks for it.
      </p>
      <Button type="button" variant="destructive" className="mt-3" onClick={onDelete}>
        Delete lead
      </Button>
    </section>
  );
}

/** Once deleted, the page goes back to the list it was opened from (`listPath`). */
export function DeleteLeadDialog({
  kind,
  lead,
  name,
  listPath,
  open,
  onClose,
}: {
  kind: LeadKind;
  lead: LeadDetail;
  name: string;
  listPath: string;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const remove = useMutation(deleteLeadMutation(kind));
  const removeLead = () =>
    remove.mutate(lead.id, {
      onSuccess: () => {
        onClose();
        toast({ title: "Lead deleted", description: `${name} and the notes on this lead were deleted.` });
        void navigate(listPath);
      },
      onError: () =>
        toast({
          variant: "destructive",
          title: "Error",
          description: "The lead could not be deleted. Please try again.",
        }),
    });
  return (
    <ConfirmDialog
      open={open}
      title="Delete this lead?"
      confirmLabel={remove.isPending ? "Deleting..." : "Delete permanently"}
      pending={remove.isPending}
      onConfirm={removeLead}
      onClose={onClose}
    >
      <p>
        {name} ({lead.email}) and every note on this lead will be deleted. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
