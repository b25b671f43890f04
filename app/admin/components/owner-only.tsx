import type { ReactNode } from "react";
import { useSession } from "../session.ts";

// What a member's admin leaves out (issue 23): the server refuses owner-only calls (403); the admin does not
// offer them. A member who opens an owner-only page by its address gets this page's explanation.

export function useIsOwner(): boolean {
  return useSession().user?.role === "owner";
}

/** Shows its children to owners; a member sees why the page is not for them. */
export function OwnerOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.user?.role === "owner") return <>{children}</>;
  return (
    <section aria-labelledby="owner-only">
      <h1 id="owner-only" className="text-3xl font-bold text-slate-900">
        Only an owner can see this page.
      </h1>
      <p className="mt-3 text-slate-800">Ask an owner of the team if you need something from it.</p>
    </section>
  );
}
