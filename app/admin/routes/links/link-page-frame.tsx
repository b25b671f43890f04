import type { ReactNode } from "react";
import { BrandMark } from "../../../components/brand-mark.tsx";
import { siteConfig } from "../../../config/site.ts";

/** The frame of the pages opened from the team's e-mails (no session yet): the brand, a card, a title. */
export function LinkPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-8">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow sm:p-8">
        <p className="flex items-center gap-2">
          <BrandMark size={40} />
          <span className="text-lg font-extrabold text-brand-900">{siteConfig.companyName}</span>
        </p>
        <h1 className="mt-6 text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-4 space-y-4 text-slate-800">{children}</div>
      </div>
    </main>
  );
}
