import * as Dialog from "@radix-ui/react-dialog";
import { Button } from "../../components/ui/button.tsx";

/** The end of a form in a dialog (the reply panel, the call logger): the failure, if any, announced; Cancel; the submit button. */
export function DialogFormFooter({
  failure,
  pending,
  label,
  pendingLabel,
}: {
  failure: string | null;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      {failure && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : label}
        </Button>
      </div>
    </>
  );
}
