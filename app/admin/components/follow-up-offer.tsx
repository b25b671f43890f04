import * as Dialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { defaultBusinessHours } from "../../../contract/business-hours.ts";
import { businessHoursQuery } from "../api/business-hours.ts";
import { serverNow } from "../api/server-clock.ts";
import type { Lead, LeadKind } from "../../../contract/admin-leads.ts";
import { Button } from "../../components/ui/button.tsx";
import { followUpQuickPicks, quickPickWhen } from "./follow-up.ts";
import { useFollowUp } from "./follow-up-editor.tsx";
import { leadName } from "./lead-format.ts";

// After a lead is marked Contacted (from the status menu or with `e`), the owner is offered the next
// follow-up (issue 20, point 3): a few quick picks, "Another time" (the page's follow-up editor) or "No
// follow-up". Closing it (Escape) is "No follow-up". `onDone` runs once the owner has chosen, after the
// follow-up is saved: `e` moves on to the next lead from there.

export type FollowUpChoice = "set" | "none" | "other";

export function FollowUpOffer({
  kind,
  lead,
  open,
  onDone,
  onAnotherTime,
}: {
  kind: LeadKind;
  lead: Lead;
  open: boolean;
  onDone: (choice: FollowUpChoice) => void;
  /** Where the focus goes after "Another time": the page's follow-up editor. */
  onAnotherTime: () => void;
}) {
  const followUp = useFollowUp(kind, lead);
  // Opened by a key or a status change (no Dialog.Trigger): the focus goes back to whatever had it.
  const returnTo = useRef<HTMLElement | null>(null);
  const choice = useRef<FollowUpChoice>("none");
  const choose = (chosen: FollowUpChoice) => {
    choice.current = chosen;
    onDone(chosen);
  };
  // The picks are worked out when the dialog opens, not at every render.
  const hours = useQuery(businessHoursQuery).data ?? defaultBusinessHours;
  const [picks, setPicks] = useState(() => followUpQuickPicks(serverNow(), hours));
  const name = leadName(lead);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !followUp.isPending) choose("none");
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            setPicks(followUpQuickPicks(serverNow(), hours));
            choice.current = "none";
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (choice.current === "other") onAnotherTime();
            else if (returnTo.current?.isConnected) returnTo.current.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">Set the next follow-up?</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            {name} is now Contacted. When should you get back to them? Times are in your time zone.
          </Dialog.Description>
          <ul className="mt-4 grid gap-2">
            {picks.map((pick) => (
              <li key={pick.label}>
                <Button
                  type="button"
                  variant="outline"
                  disabled={followUp.isPending}
                  className="w-full flex-wrap justify-between gap-x-3 gap-y-0 text-left"
                  onClick={() => followUp.save(pick.at, null, { onSuccess: () => choose("set") })}
                >
                  <span className="whitespace-nowrap">{pick.label}</span>
                  <span className="whitespace-nowrap font-normal text-slate-700">{quickPickWhen(pick.at)}</span>
                </Button>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <Button type="button" variant="ghost" disabled={followUp.isPending} onClick={() => choose("other")}>
              Another time
            </Button>
            <Button type="button" variant="secondary" disabled={followUp.isPending} onClick={() => choose("none")}>
              No follow-up
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
