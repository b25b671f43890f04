import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "../lib/api-client.ts";
import { Toaster } from "./ui/toaster.tsx";

/**
 * Server state and notifications, for the routes that talk to the API (lead forms, admin). Kept out of
 * the root so pages without forms, the home page first, do not download TanStack Query or Radix Toast.
 */
export function QueryAndToastProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
