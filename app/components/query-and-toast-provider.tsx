import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createQueryClient } from "../lib/api-client.ts";
import { Toaster } from "./ui/toaster.tsx";

const queryClient = createQueryClient();

/**
 * Server state and notifications for the old React Router admin routes. The public lead forms no longer
 * use it (they are islands that call the API client, with the Toaster island of site-layout.astro);
 * it goes when the admin SPA in app/admin/ has its own provider.
 */
export function QueryAndToastProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
