import { toast } from "../../hooks/use-toast.ts";

// The spec's notifications of every form (SPEC §8), one wording of each title: the forms pass only
// their description.

/** "Success!" with the form's confirmation. */
export function notifySubmitted(description: string) {
  toast({ title: "Success!", description });
}

/** The destructive "Error" toast of a failed send; the form keeps its values. */
export function notifySubmitFailed(description: string) {
  toast({ variant: "destructive", title: "Error", description });
}

/** The destructive "Validation Error" toast; nothing was sent. */
export function notifyInvalid(description: string) {
  toast({ variant: "destructive", title: "Validation Error", description });
}
