import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { DeliveryHealth } from "../../../contract/deliveries.ts";
import { cn } from "../../lib/utils.ts";
import { deliveryHealthQuery } from "../api/deliveries.ts";
import { focusRing, linkClass, usePageTitle } from "../components/admin-shell.tsx";
import { ChangePasswordForm } from "../components/change-password-form.tsx";
import { TestEmailAction } from "../components/delivery-table.tsx";
import { noChannelConfigured } from "../components/delivery-format.ts";
import { formatCount } from "../components/lead-format.ts";
import { disableNotifications, enableNotifications, notificationsSupported, useNotificationSetting } from "../live-updates.ts";

// The owner's settings (/admin/settings): how new leads reach the owner (which delivery channels the
// server has, the test e-mail), the browser notification and the password. The dashboard keeps only
// the warning when deliveries failed.

export function SettingsPage() {
  usePageTitle("Settings | Admin");
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Settings</h1>
      <DeliverySettings />
      <NotificationSetting />
      <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby="change-password">
        <h2 id="change-password" className="text-xl font-semibold text-slate-900">
          Change password
        </h2>
        <p className="mt-1 text-sm text-slate-700">Changing the password signs out every other session of this account.</p>
        <div className="mt-4">
          <ChangePasswordForm />
        </div>
      </section>
    </>
  );
}

type Channel = { name: string; on: boolean; how: string };

function channels(configured: DeliveryHealth["configured"]): Channel[] {
  return [
    { name: "E-mail to you (SMTP)", on: configured.ownerEmail, how: "Set SMTP_URL, MAIL_FROM and NOTIFY_EMAIL." },
    { name: "Auto-reply to the lead", on: configured.autoReply, how: "Set AUTO_REPLY=true (needs the e-mail settings)." },
    { name: "Webhook", on: configured.webhook, how: "Set WEBHOOK_URL and WEBHOOK_SECRET." },
  ];
}

function DeliverySettings() {
  const health = useQuery(deliveryHealthQuery);
  const data = health.data;
  return (
    <section className="mt-8" aria-labelledby="delivery-settings">
      <h2 id="delivery-settings" className="text-xl font-semibold text-slate-900">
        Lead delivery
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        How each new lead reaches you. These are set on the server (see the README’s Configuration section).
      </p>
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
          {noChannelConfigured(data) && (
            <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
              <p className="font-semibold">New leads are not sent anywhere yet.</p>
              <p className="mt-1 text-sm">
                Set SMTP_URL, MAIL_FROM and NOTIFY_EMAIL to get each lead by e-mail, or WEBHOOK_URL to send them to another system (see the
                README’s Configuration section). Until then, leads are only in this inbox.
              </p>
            </div>
          )}
          <dl className="mt-4 max-w-2xl divide-y divide-slate-200 rounded-lg border border-slate-200">
            {channels(data.configured).map((channel) => (
              <div key={channel.name} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
                <dt className="font-medium text-slate-900">{channel.name}</dt>
                <dd className="text-sm">
                  <span
                    className={cn(
                      "inline-block rounded-full px-2 py-0.5 font-semibold",
                      channel.on ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-900",
                    )}
                  >
                    {channel.on ? "Set up" : "Not set up"}
                  </span>
                  {!channel.on && <span className="ml-2 text-slate-700">{channel.how}</span>}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-slate-700">
            {formatCount(data.failed)} failed, {formatCount(data.pending)} waiting.{" "}
            <Link to="/admin/deliveries" className={linkClass}>
              Open the deliveries
            </Link>
          </p>
        </>
      )}
      <h3 className="mt-8 text-lg font-semibold text-slate-900">Check the e-mail settings</h3>
      <p className="mt-1 text-sm text-slate-700">Sends a test e-mail to the notification address and shows what the mail server answered.</p>
      <div className="mt-4">
        <TestEmailAction />
      </div>
    </section>
  );
}

const refusals = {
  denied: "The browser did not allow notifications for this site. Allow them in the browser’s site settings, then try again.",
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
        A browser notification for each new lead while the admin is open in this browser. The admin also checks for new leads every 30
        seconds and shows the unread count in the tab’s title.
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
      <p id={`${id}-result`} aria-live="polite" className={cn("mt-2 text-sm", refusal ? "font-medium text-red-700" : "text-slate-800")}>
        {!supported ? refusals.unsupported : refusal ? refusals[refusal] : ""}
      </p>
    </section>
  );
}
