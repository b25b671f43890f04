import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import {
  CONFIRMATION_LINK_HOURS,
  NOTIFY_ADDRESSES_MAX,
  resendConfirmation,
  type NotificationSettings,
  type NotifyAddress,
} from "../../../contract/notification-settings.ts";
import { Field, fieldA11y } from "../../components/forms/form-parts.tsx";
import { useContractForm } from "../../components/forms/use-contract-form.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { cn } from "../../lib/utils.ts";
import {
  notificationSettingsQuery,
  resendConfirmationMutation,
  sendNotificationTestMutation,
  updateNotificationSettingsMutation,
} from "../api/notification-settings.ts";
import { apiErrorOf } from "../api/request.ts";
import { focusRing } from "./admin-classes.ts";
import { notifyAddressStateClasses, notifyAddressStateLabels, testEmailSentText } from "./delivery-format.ts";
import { formatDateTime, hourLabel, timeZoneLabel } from "./lead-format.ts";
import { whoGetsNewLeadsId } from "./owner-reach-banner.tsx";

// Settings, "Who gets new leads" (issue 20, point 1): the addresses the owner sets here (each confirmed
// by a link before it receives leads), the server's NOTIFY_EMAIL as the default while none is confirmed,
// a test e-mail to the addresses in use, the auto-reply to the lead and the morning e-mail. Forms are
// react-hook-form over the contract's schemas; the API's refusals are shown at their field.

/** An API refusal of an address list ("addresses", "addresses.2") or a plain message, for the address field. */
function addressError(error: unknown): string {
  const body = apiErrorOf(error);
  const fieldMessage =
    body?.errors &&
    Object.entries(body.errors).find(
      ([key]) => key === "addresses" || key.startsWith("addresses.") || key === "address",
    )?.[1];
  return fieldMessage ?? body?.message ?? "The address could not be saved. Please try again.";
}

export function WhoGetsNewLeads() {
  const settings = useQuery(notificationSettingsQuery);
  const headingId = useId();
  return (
    <section id={whoGetsNewLeadsId} aria-labelledby={headingId} className="mt-8 scroll-mt-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Who gets new leads
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        Each new lead is e-mailed to the addresses below. An address you add gets an e-mail with a link; it receives
        leads once that link is opened and confirmed (the link works for {CONFIRMATION_LINK_HOURS} hours).
      </p>
      {settings.isLoading ? (
        <p className="mt-4 text-slate-700" role="status">
          Loading...
        </p>
      ) : !settings.data ? (
        <p className="mt-4 text-red-700" role="alert">
          The settings could not be loaded. Please reload the page.
        </p>
      ) : (
        <WhoGetsNewLeadsForm settings={settings.data} />
      )}
    </section>
  );
}

function WhoGetsNewLeadsForm({ settings }: { settings: NotificationSettings }) {
  return (
    <>
      {!settings.mailConfigured && (
        <div className="mt-4 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">This server cannot send e-mail yet.</p>
          <p className="mt-1 text-sm">
            Until it can, no address can be confirmed and nobody is e-mailed. Your developer must set SMTP_URL and
            MAIL_FROM (the README explains them under Configuration).
          </p>
        </div>
      )}
      <InUse settings={settings} />
      <AddressList settings={settings} />
      {settings.addresses.length < NOTIFY_ADDRESSES_MAX ? (
        <AddAddress settings={settings} />
      ) : (
        <p className="mt-4 text-sm text-slate-700">
          That is {NOTIFY_ADDRESSES_MAX} addresses, the most there can be: remove one to add another.
        </p>
      )}
      <TestEmail settings={settings} />
      <AutoReply settings={settings} />
      <MorningEmail settings={settings} />
    </>
  );
}

/** Where the next lead's e-mail goes, and the server's default. */
function InUse({ settings }: { settings: NotificationSettings }) {
  const confirmedHere = settings.addresses.some((address) => address.state === "confirmed");
  const defaults = settings.environmentAddresses;
  return (
    <dl className="mt-4 max-w-2xl divide-y divide-slate-200 rounded-lg border border-slate-200">
      <div className="p-4">
        <dt className="font-medium text-slate-900">New leads are e-mailed to</dt>
        <dd data-testid="addresses-in-use" className="mt-1 break-words text-slate-800">
          {settings.addressesInUse.length > 0 ? settings.addressesInUse.join(", ") : "Nobody yet."}
        </dd>
      </div>
      <div className="p-4">
        <dt className="font-medium text-slate-900">The server’s default (NOTIFY_EMAIL)</dt>
        <dd className="mt-1 break-words text-sm text-slate-800">
          {defaults.length === 0
            ? "None is set on the server."
            : `${defaults.join(", ")}: ${confirmedHere ? "not used while an address here is confirmed." : "used while no address here is confirmed."}`}
        </dd>
      </div>
    </dl>
  );
}

function AddressList({ settings }: { settings: NotificationSettings }) {
  if (settings.addresses.length === 0)
    return <p className="mt-4 text-sm text-slate-700">You have not added an address here.</p>;
  return (
    <ul
      aria-label="Your addresses"
      className="mt-4 max-w-2xl divide-y divide-slate-200 rounded-lg border border-slate-200"
    >
      {settings.addresses.map((address) => (
        <AddressRow key={address.address} address={address} settings={settings} />
      ))}
    </ul>
  );
}

function AddressRow({ address, settings }: { address: NotifyAddress; settings: NotificationSettings }) {
  const update = useMutation(updateNotificationSettingsMutation);
  const resend = useMutation(resendConfirmationMutation);
  const when = address.confirmedAt
    ? `Confirmed ${formatDateTime(address.confirmedAt)}`
    : `Added ${formatDateTime(address.addedAt)}`;
  const remove = () =>
    update.mutate(
      { addresses: settings.addresses.map((a) => a.address).filter((a) => a !== address.address) },
      {
        onSuccess: () =>
          toast({ title: "Address removed", description: `${address.address} no longer gets new leads.` }),
        onError: (error) => toast({ variant: "destructive", title: "Error", description: addressError(error) }),
      },
    );
  const sendAgain = () =>
    resend.mutate(address.address, {
      onSuccess: () =>
        toast({ title: "Link sent", description: `A new confirmation link was sent to ${address.address}.` }),
      onError: (error) => toast({ variant: "destructive", title: "Not sent", description: addressError(error) }),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="break-words font-medium text-slate-900">{address.address}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className={cn("rounded-full px-2 py-0.5 text-xs font-bold", notifyAddressStateClasses[address.state])}>
            {notifyAddressStateLabels[address.state]}
          </span>
          {when}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {address.state !== "confirmed" && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={`Send the link again to ${address.address}`}
            disabled={resend.isPending}
            onClick={sendAgain}
          >
            {resend.isPending ? "Sending..." : "Send the link again"}
          </Button>
        )}
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={`Remove ${address.address}`}
          disabled={update.isPending}
          onClick={remove}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

/** One address to add: the contract's address rule (resendConfirmation's) checks it before the PUT. */
function AddAddress({ settings }: { settings: NotificationSettings }) {
  const id = useId();
  const update = useMutation(updateNotificationSettingsMutation);
  const form = useContractForm(resendConfirmation, { address: "" });
  const error = form.formState.errors.address?.message;

  const onSubmit = form.handleSubmit(({ address }) => {
    if (update.isPending) return;
    const current = settings.addresses.map((a) => a.address);
    if (current.includes(address)) {
      form.setError("address", { message: "This address is already on the list." }, { shouldFocus: true });
      return;
    }
    update.mutate(
      { addresses: [...current, address] },
      {
        onSuccess: () => {
          form.reset({ address: "" });
          toast({
            title: "Confirmation link sent",
            description: `We sent a link to ${address}. New leads go there once it is confirmed.`,
          });
        },
        onError: (err) => form.setError("address", { message: addressError(err) }, { shouldFocus: true }),
      },
    );
  });

  return (
    // Not awaited: the mutation reports its own failure.
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="mt-4 flex max-w-2xl flex-wrap items-end gap-3"
    >
      <Field id={id} label="Add an address" error={error} className="min-w-0 flex-1 basis-64">
        <Input
          {...fieldA11y(id, error)}
          {...form.register("address")}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
      </Field>
      <Button type="submit" disabled={update.isPending} className={error ? "mb-7" : undefined}>
        {update.isPending ? "Adding..." : "Add address"}
      </Button>
    </form>
  );
}

/** A test e-mail to the addresses in use, with the mail server's answer (or why not) in a live region. */
function TestEmail({ settings }: { settings: NotificationSettings }) {
  const send = useMutation(sendNotificationTestMutation);
  const resultId = useId();
  const failure = send.isError
    ? (apiErrorOf(send.error)?.message ?? "The test e-mail could not be sent. Please try again.")
    : null;
  return (
    <div className="mt-6">
      <h3 className="text-lg font-semibold text-slate-900">Check the e-mail</h3>
      <p className="mt-1 text-sm text-slate-700">
        {settings.addressesInUse.length > 0
          ? `Sends a test e-mail to ${settings.addressesInUse.join(", ")} and shows what the mail server answered.`
          : "Sends a test e-mail to the addresses in use, once there are any, and shows what the mail server answered."}
      </p>
      <Button
        type="button"
        variant="outline"
        className="mt-3"
        disabled={send.isPending}
        aria-describedby={resultId}
        onClick={() => send.mutate()}
      >
        {send.isPending ? "Sending test e-mail..." : "Send a test e-mail"}
      </Button>
      <p
        id={resultId}
        aria-live="polite"
        className={cn(
          "mt-2 whitespace-pre-wrap break-words text-sm",
          failure ? "font-medium text-red-700" : "text-slate-800",
        )}
      >
        {send.isPending ? "Sending..." : (failure ?? (send.data ? testEmailSentText(send.data) : ""))}
      </p>
    </div>
  );
}

/** A switch that saves at once; the API's refusal is shown under it. */
function SettingSwitch({
  label,
  hint,
  checked,
  disabled,
  pending,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  pending: boolean;
  error: string | null;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled || pending}
          aria-describedby={`${id}-hint ${id}-error`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className={cn("h-5 w-5 shrink-0 accent-brand-700", focusRing)}
        />
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1 max-w-2xl text-sm text-slate-700">
        {hint}
      </p>
      <p id={`${id}-error`} aria-live="polite" className="mt-1 text-sm font-medium text-red-700">
        {error ?? ""}
      </p>
    </div>
  );
}

function AutoReply({ settings }: { settings: NotificationSettings }) {
  const update = useMutation(updateNotificationSettingsMutation);
  const { setHere } = settings.autoReply;
  // While the change is on its way the switch shows it (the server's answer then confirms or undoes it).
  // Local state, set in the click's own event: the mutation's state reaches React a tick later, and a
  // controlled checkbox left unchanged by its handler snaps back in between.
  const [asked, setAsked] = useState<boolean | null>(null);
  const enabled = asked ?? settings.autoReply.enabled;
  const hint = [
    "Each lead gets an e-mail that confirms we received the request, with the reply promise of the form they used.",
    setHere ? null : "It follows the server’s default (AUTO_REPLY) until you change it here.",
    settings.mailConfigured ? null : "Needs e-mail on the server.",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="mt-8">
      <h3 className="text-lg font-semibold text-slate-900">Auto-reply to the lead</h3>
      <div className="mt-2">
        <SettingSwitch
          label="Send the auto-reply"
          hint={hint}
          checked={enabled}
          disabled={!settings.mailConfigured}
          pending={update.isPending}
          error={
            update.isError
              ? (apiErrorOf(update.error)?.errors?.autoReply ??
                apiErrorOf(update.error)?.message ??
                "The change could not be saved. Please try again.")
              : null
          }
          onChange={(on) => {
            setAsked(on);
            update.mutate(
              { autoReply: on },
              {
                onSuccess: () =>
                  toast({ title: "Saved", description: on ? "Leads get the auto-reply." : "Leads get no auto-reply." }),
                onSettled: () => setAsked(null),
              },
            );
          }}
        />
      </div>
    </div>
  );
}

/** The hours of the day the morning e-mail can come at (contract: 0-23 in the owner's time zone). */
const hours = Array.from({ length: 24 }, (_, hour) => hour);

function MorningEmail({ settings }: { settings: NotificationSettings }) {
  const id = useId();
  const update = useMutation(updateNotificationSettingsMutation);
  const zone = timeZoneLabel(settings.ownerTimeZone);
  // While a change is on its way the controls show it (the server's answer then confirms or undoes it);
  // local state for the same reason as the auto-reply's switch.
  const [asked, setAsked] = useState<{ enabled: boolean; hour: number } | null>(null);
  const { enabled, hour } = asked ?? settings.morningEmail;
  const error = update.isError
    ? (Object.entries(apiErrorOf(update.error)?.errors ?? {}).find(([key]) => key.startsWith("morningEmail"))?.[1] ??
      apiErrorOf(update.error)?.message ??
      "The change could not be saved. Please try again.")
    : null;
  const save = (next: { enabled: boolean; hour: number }) => {
    setAsked(next);
    update.mutate(
      { morningEmail: next },
      {
        onSuccess: () =>
          toast({
            title: "Saved",
            description: next.enabled
              ? `The morning e-mail comes at ${hourLabel(next.hour)} ${zone}.`
              : "No morning e-mail.",
          }),
        onSettled: () => setAsked(null),
      },
    );
  };
  return (
    <div className="mt-8">
      <h3 className="text-lg font-semibold text-slate-900">Morning e-mail</h3>
      <div className="mt-2">
        <SettingSwitch
          label="Send me a morning e-mail"
          hint={`One e-mail a day with the day’s follow-ups and the leads past their reply deadline, to the addresses in use.${settings.mailConfigured ? "" : " Needs e-mail on the server."}`}
          checked={enabled}
          disabled={!settings.mailConfigured}
          pending={update.isPending}
          error={error}
          onChange={(on) => save({ enabled: on, hour })}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-hour`} className="text-sm font-medium text-slate-800">
          At
        </label>
        <select
          id={`${id}-hour`}
          value={hour}
          disabled={!settings.mailConfigured || update.isPending}
          aria-describedby={`${id}-zone`}
          onChange={(event) => save({ enabled, hour: Number(event.target.value) })}
          className={cn(
            "h-10 rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 disabled:opacity-60",
            focusRing,
          )}
        >
          {hours.map((h) => (
            <option key={h} value={h}>
              {hourLabel(h)}
            </option>
          ))}
        </select>
        <span id={`${id}-zone`} className="text-sm text-slate-700">
          {zone}, the business’s time zone
        </span>
      </div>
    </div>
  );
}
