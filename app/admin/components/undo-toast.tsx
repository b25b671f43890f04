import { ToastAction } from "../../components/ui/toast.tsx";
import { toast } from "../../hooks/use-toast.ts";

// The toast after a change in the inbox: what changed, and Undo while it is on screen (SPEC §9's
// 5 seconds). Undo runs the caller's restore; the toast closes as it is pressed.

export function undoToast({ title, description, onUndo }: { title: string; description: string; onUndo: () => void }) {
  return toast({
    title,
    description,
    action: (
      <ToastAction altText={`Undo: ${description}`} onClick={onUndo} className="border-slate-400 hover:bg-slate-100">
        Undo
      </ToastAction>
    ),
  });
}

export function failureToast(description: string) {
  return toast({ variant: "destructive", title: "Error", description });
}
