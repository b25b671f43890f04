import { useQuery } from "@tanstack/react-query";
import { Mail, PhoneCall } from "lucide-react";
import type { LeadDetail, LeadKind } from "../../../../contract/admin-leads.ts";
import { Button } from "../../../components/ui/button.tsx";
import { leadQuery } from "../../api/leads.ts";

// The lead page's answers (issue 33): "Reply" (the compose panel) first, "Log a call" beside it. While an
// e-mail of the lead is still queued or sending, the page asks again every 2 s, so the timeline shows it sent.

const SENDING_POLL_MS = 2_000;

export function useLeadWhileSending(kind: LeadKind, lead: LeadDetail) {
  const sending = lead.events.some(
    (event) => event.type === "email-out" && (event.state === "queued" || event.state === "sending"),
  );
  useQuery({ ...leadQuery(kind, lead.id), refetchInterval: sending ? SENDING_POLL_MS : false });
}

export function AnswerActions({ onReply, onLogCall }: { onReply: () => void; onLogCall: () => void }) {
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      <Button type="button" onClick={onReply} aria-keyshortcuts="r">
        <Mail className="h-4 w-4" aria-hidden="true" />
        Reply
      </Button>
      <Button type="button" variant="outline" onClick={onLogCall}>
        <PhoneCall className="h-4 w-4" aria-hidden="true" />
        Log a call
      </Button>
    </div>
  );
}
