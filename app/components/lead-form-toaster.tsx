import { lazy, Suspense, useState } from "react";
import { useToast } from "../hooks/use-toast.ts";

// The public pages' toaster island: Radix Toast (about 20 KB of compressed script) loads with the
// first toast, after a visitor submits a form, not with the page. The toast store is the module the
// forms share (hooks/use-toast.ts), so nothing raised before the download is lost.

const Toaster = lazy(() => import("./ui/toaster.tsx").then((module) => ({ default: module.Toaster })));

export function LeadFormToaster() {
  const { toasts } = useToast();
  // Once loaded it stays: its viewport keeps the F8 shortcut and the live region for the next toasts.
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
