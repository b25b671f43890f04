import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { LeadDetail, LeadKind, LeadStatus } from "../../../../contract/admin-leads.ts";
import { toast } from "../../../hooks/use-toast.ts";
import type { FollowUpEditorHandle } from "../../components/follow-up-editor.tsx";
import { FollowUpOffer, type FollowUpChoice } from "../../components/follow-up-offer.tsx";
import { leadName, statusLabels } from "../../components/lead-format.ts";
import { LeadPhoneBar } from "../../components/lead-phone-bar.tsx";
import { ShortcutsHelp, useLeadShortcuts } from "../../components/lead-shortcuts.tsx";
import { useLeadStatus } from "../../components/lead-status-select.tsx";
import { LeadTimeline } from "../../components/lead-timeline-list.tsx";
import { useIsOwner } from "../../components/owner-only.tsx";
import { CallLogger } from "../../components/call-logger.tsx";
import { ReplyComposer } from "../../components/reply-composer.tsx";
import { REPLY_HASH } from "../../components/lead-links.ts";
import { InboundStatusNotice } from "../../components/inbound-status.tsx";
import { AlsoSent } from "./also-sent.tsx";
import { AnswerActions, useLeadWhileSending } from "./answer-actions.tsx";
import { ContactEssentials } from "./contact-essentials.tsx";
import { DeleteLeadDialog, DeleteLeadSection } from "./delete-lead.tsx";
import { FollowUpSection } from "./follow-up-section.tsx";
import { LeadDetailsSection } from "./lead-details-section.tsx";
import { LeadHeader } from "./lead-header.tsx";
import { LeadNotes } from "./lead-notes.tsx";
import { ListNavigation, useNeighbours } from "./list-navigation.tsx";
import type { ListSource } from "./list-source.ts";

// A loaded lead's page, its parts in the order shown, and what ties them together: the keyboard shortcuts,
// the follow-up offer after Contacted, and where `e` goes next.

/** The follow-up offer after Contacted; `moveTo`: where `e` goes once the owner has answered it. */
type Offer = { moveTo: string | null };

export function LeadView({ kind, lead, source }: { kind: LeadKind; lead: LeadDetail; source: ListSource }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const owner = useIsOwner();
  const [helpOpen, setHelpOpen] = useState(false);
  const [offer, setOffer] = useState<Offer | null>(null);
  // "Reply" on the dashboard's Now links here with #reply: the panel opens with the page (issue 33).
  const [replying, setReplying] = useState(() => window.location.hash === REPLY_HASH);
  const [loggingCall, setLoggingCall] = useState(false);
  const name = leadName(lead);
  const neighbours = useNeighbours(kind, lead.id, source);
  const noteBox = useRef<HTMLTextAreaElement | null>(null);
  const followUpEditor = useRef<FollowUpEditorHandle>(null);
  const status = useLeadStatus(kind, lead);
  useLeadWhileSending(kind, lead);
  const ids = {
    contact: useId(),
    alsoSent: useId(),
    followUp: useId(),
    notes: useId(),
    timeline: useId(),
    details: useId(),
    remove: useId(),
  };

  const offerFollowUp = (changed: LeadStatus) => {
    if (changed === "contacted") setOffer({ moveTo: null });
  };
  const answerOffer = (choice: FollowUpChoice) => {
    const moveTo = offer?.moveTo ?? null;
    setOffer(null);
    // "Another time" stays here, in the follow-up editor; otherwise `e` goes on with the list.
    if (moveTo && choice !== "other") void navigate(moveTo);
  };
  const goToNoteBox = () => {
    noteBox.current?.scrollIntoView({ block: "center" });
    noteBox.current?.focus({ preventScroll: true });
  };
  const goToNeighbour = async (which: "previous" | "next") => {
    const to = (await neighbours.whenKnown())?.[which];
    if (to) await navigate(to);
  };

  useLeadShortcuts({
    next: () => void goToNeighbour("next"),
    previous: () => void goToNeighbour("previous"),
    // "Done" in this product is Contacted: the lead got its answer, so the reply-by promise is kept
    // (Won and Lost are outcomes of a sale, Qualified a judgement; neither is what a triage pass decides).
    done: () => {
      if (lead.status !== "new") {
        toast({
          title: "Not changed",
          description: `${name} is ${statusLabels[lead.status]}: e marks only New leads as Contacted.`,
        });
        return;
      }
      // The next lead is taken first, in the list's order before this lead leaves its place in it.
      void neighbours.whenKnown().then((known) => {
        if (!known) return;
        const moveTo = known.next ?? source.listPath;
        status.mutate("contacted", () => setOffer({ moveTo }));
      });
    },
    reply: () => setReplying(true),
    help: () => setHelpOpen(true),
  });

  return (
    <>
      <ListNavigation source={source} neighbours={neighbours} onHelp={() => setHelpOpen(true)} />
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
      <LeadHeader kind={kind} lead={lead} name={name} onStatusChanged={offerFollowUp} />
      <AnswerActions onReply={() => setReplying(true)} onLogCall={() => setLoggingCall(true)} />
      {/* Without IMAP_URL (or after a failed check) the page says the lead's answers will not show here. */}
      <div className="mt-2">
        <InboundStatusNotice settingsLink={owner} />
      </div>
      <ContactEssentials kind={kind} lead={lead} headingId={ids.contact} onLogCall={() => setLoggingCall(true)} />
      <AlsoSent kind={kind} id={lead.id} headingId={ids.alsoSent} />
      <FollowUpSection kind={kind} lead={lead} name={name} headingId={ids.followUp} editorRef={followUpEditor} />
      <LeadNotes kind={kind} lead={lead} headingId={ids.notes} noteBoxRef={noteBox} />
      <LeadTimeline kind={kind} lead={lead} headingId={ids.timeline} />
      <LeadDetailsSection kind={kind} lead={lead} headingId={ids.details} />
      {/* Deleting a lead is an owner's (issue 23). */}
      {owner && <DeleteLeadSection headingId={ids.remove} onDelete={() => setConfirming(true)} />}

      {/* Room for the phone bar, so it never covers the end of the page. */}
      <div aria-hidden="true" className="h-20 sm:hidden" />
      <LeadPhoneBar
        kind={kind}
        lead={lead}
        onNote={goToNoteBox}
        onReply={() => setReplying(true)}
        onStatusChanged={offerFollowUp}
      />
      <ReplyComposer kind={kind} lead={lead} open={replying} onOpenChange={setReplying} />
      <CallLogger kind={kind} lead={lead} open={loggingCall} onOpenChange={setLoggingCall} />

      <DeleteLeadDialog
        kind={kind}
        lead={lead}
        name={name}
        listPath={source.listPath}
        open={confirming}
        onClose={() => setConfirming(false)}
      />
      <FollowUpOffer
        kind={kind}
        lead={lead}
        open={offer !== null}
        onDone={answerOffer}
        onAnotherTime={() => followUpEditor.current?.focus()}
      />
    </>
  );
}
