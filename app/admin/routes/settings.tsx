import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import type { DeliveryHealth } from "../../../contract/deliveries.ts";
import { cn } from "../../lib/utils.ts";
import { deliveryHealthQuery } from "../api/deliveries.ts";
import { notificationSettingsQuery } from "../api/notification-settings.ts";
import { apiErrorOf } from "../api/request.ts";
import { teamSettingsQuery, updateTeamSettingsMutation } from "../api/two-factor.ts";
import { toast } from "../../hooks/use-toast.ts";
import { usePageTitle } from "../components/admin-shell.tsx";
import { focusRing, linkClass } from "../components/admin-classes.ts";
import { OwnerOnly } from "../components/owner-only.tsx";
import { notDeliveredSummary } from "../components/delivery-format.ts";
import { WhoGetsNewLeads } from "../components/who-gets-new-leads.tsx";
import { ReplyTemplatesSection } from "./settings/reply-templates-section.tsx";
import { ChatSection } from "./settings/chat-section.tsx";
import { BusinessHoursSection } from "./settings/business-hours-section.tsx";
import { InboundStatusSection } from "../components/inbound-status.tsx";
import {
  disableNotifications,
  enableNotifications,
  notificationsSupported,
  useNotificationSetting,
} from "../live-updates.ts";

// The owner's settings (/admin/settings): who gets new leads (addresses confirmed by a link, the test
// e-mail, the auto-reply, the morning e-mail: components/who-gets-new-leads.tsx), the chat channel
// (settings/chat-section.tsx), which delivery channels work, the browser notification and the password. The dashboard keeps only the warning when deliveries
// failed; every page shows the banner while no channel reaches the owner (components/owner-reach-banner.tsx).

export function SettingsPage() {
  usePageTitle("Settings | Admin");
  useScrollToHash();
  return (
    <OwnerOnly>
      <h1 className="text-3xl font-bold text-slate-900">Settings</h1>
      <LinkOriginWarning />
      <WhoGetsNewLeads />
      <ChatSection />
      <DeliverySettings />
      <NotificationSetting />
      <SignInSecurity />
      <BusinessHoursSection />
      <ReplyTemplatesSection />
      <InboundStatusSection />
      <p className="mt-12 border-t border-slate-200 pt-8 text-slate-800">
        Your password, passkeys and sessions are on your{" "}
        <Link to="/admin/account" className={linkClass}>
          Account
        </Link>{" "}
        page.
      </p>
    </OwnerOnly>
  );
}

/**
 * While SITE_ORIGIN is unset, the links in e-mails (invitations, password resets, confirmations) point to the
 * server's own machine, never to the address the admin happens to use (issue 32): they work nowhere else.
 */
function LinkOriginWarning() {
  const settings = useQuery(notificationSettingsQuery);
  const titleId = useId();
  const links = settings.data?.links;
  if (!links || links.siteOriginSet) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id={titleId} className="font-semibold">
        Links in e-mails point to {links.origin}
      </h2>
      <p className="mt-1 text-sm">
        The server does not know the site’s address, so invitations, password resets and confirmation links only open on
        the server’s own machine. Your developer must set SITE_ORIGIN to the site’s address (the README explains it
        under Configuration).
      </p>
    </section>
  );
}

/** A link to a section of this page (the banner's "Add an address in Settings") scrolls to it, as a page would. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "start" });
  }, [hash]);
}

type Channel = { name: string; on: boolean; how: string };

function ownerEmailHow(problem: DeliveryHealth["ownerEmailProblem"]): string {
  return problem === "no-mail"
    ? "The server cannot send e-mail: your developer sets SMTP_URL and MAIL_FROM."
    : "Add an address above and confirm it.";
}

function channels(health: DeliveryHealth): Channel[] {
  return [
    { name: "E-mail to you", on: health.configured.ownerEmail, how: ownerEmailHow(health.ownerEmailProblem) },
    {
      name: "Auto-reply to the lead",
      on: health.configured.autoReply,
      how: "Turn it on above (it needs e-mail on the server).",
    },
    { name: "Webhook", on: health.configured.webhook, how: "Your developer sets WEBHOOK_URL and WEBHOOK_SECRET." },
    { name: "Chat message", on: health.configured.chat, how: "Set up a chat channel above." },
  ];
}

function DeliverySettings() {
  const health = useQuery(deliveryHealthQuery);
  const data = health.data;
  const summary = data ? notDeliveredSummary(data) : null;
  return (
    <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby="delivery-settings">
      <h2 id="delivery-settings" className="text-xl font-semibold text-slate-900">
        Lead delivery
      </h2>
      <p className="mt-1 text-sm text-slate-700">How each new lead reaches you, and the lead, right now.</p>
      {health.isLoading ? (
        <p className="mt-4 text-slate-700" role="status">
          Loading...
        </p>
      ) : !data ? (
        <p className="mt-4 text-red-700" role="alert">
          The delivery settings could not be loaded. Please reload the page.
        </p>
      ) : (
        <>
          <dl className="mt-4 max-w-2xl divide-y divide-slate-200 rounded-lg border border-slate-200">
            {channels(data).map((channel) => (
              <div key={channel.name} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
                <dt className="font-medium text-slate-900">{channel.name}</dt>
                <dd className="text-sm">
                  <span
                    className={cn(
                      "inline-block rounded-full px-2 py-0.5 font-semibold",
                      channel.on ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-900",
                    )}
                  >
                    {channel.on ? "Working" : "Not set up"}
                  </span>
                  {!channel.on && <span className="ml-2 text-slate-700">{channel.how}</span>}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-slate-700">
            {summary ?? "Every delivery was sent."}{" "}
            <Link to="/admin/deliveries" className={linkClass}>
              Open the deliveries
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

const refusals = {
  denied:
    "The browser did not allow notifications for this site. Allow them in the browser’s site settings, then try again.",
  unsupported: "This browser cannot show notifications.",
} as const;

/** A switch (a checkbox) the owner turns on; turning it on asks the browser's permission (only from this click). */
function NotificationSetting() {
  const on = useNotificationSetting();
  const [refusal, setRefusal] = useState<keyof typeof refusals | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const supported = notificationsSupported();

  async function toggle() {
    setRefusal(null);
    if (on) {
      disableNotifications();
      return;
    }
    setPending(true);
    const result = await enableNotifications();
    setPending(false);
    if (result !== "on") setRefusal(result);
  }

  return (
    <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby="notifications">
      <h2 id="notifications" className="text-xl font-semibold text-slate-900">
        Notifications
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        A browser notification for each new lead while the admin is open in this browser. The admin also checks for new
        leads every 30 seconds and shows the unread count in the tab’s title.
      </p>
      <div className="mt-4 flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={`${id}-hint ${id}-result`}
          disabled={pending || !supported}
          onChange={() => void toggle()}
          className={cn("h-5 w-5 accent-brand-700", focusRing)}
        />
        <label htmlFor={id} className="font-medium text-slate-900">
          Notify me of new leads
        </label>
      </div>
      <p
        id={`${id}-result`}
        aria-live="polite"
        className={cn("mt-2 text-sm", refusal ? "font-medium text-red-700" : "text-slate-800")}
      >
        {!supported ? refusals.unsupported : refusal ? refusals[refusal] : ""}
      </p>
    </section>
  );
}

/** The team's rule (issue 23): everyone must have a second factor; a user without one is led to set it up. */
function SignInSecurity() {
  const client = useQueryClient();
  const settings = useQuery(teamSettingsQuery);
  const update = useMutation(updateTeamSettingsMutation);
  const required = settings.data?.requireSecondFactor ?? false;
  return (
    <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby="sign-in-security">
      <h2 id="sign-in-security" className="text-xl font-semibold text-slate-900">
        Sign-in security
      </h2>
      <label className="mt-4 flex max-w-2xl items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5"
          checked={required}
          disabled={!settings.data || update.isPending}
          onChange={(event) =>
            update.mutate(
              { requireSecondFactor: event.target.checked },
              {
                onSuccess: (saved) => {
                  client.setQueryData(teamSettingsQuery.queryKey, saved);
                  toast({
                    title: "Saved",
                    description: saved.requireSecondFactor
                      ? "Everyone needs a second factor from their next sign-in."
                      : "A second factor is optional again.",
                  });
                },
                onError: (error) =>
                  toast({
                    variant: "destructive",
                    title: "Not changed",
                    description: apiErrorOf(error)?.message ?? "Please try again.",
                  }),
              },
            )
          }
        />
        <span>
          <span className="font-semibold text-slate-900">Require a second factor for everyone</span>
          <span className="block text-sm text-slate-700">
            A passkey or an authenticator app. Whoever has none is asked to set one up before anything else.
          </span>
        </span>
      </label>
    </section>
  );
}
