import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useFieldArray } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { channelLabels, leadChannels, type LeadChannel } from "../../../../contract/lead-channels.ts";
import { BUSINESS_CURRENCY, formatAmount } from "../../../../contract/money.ts";
import { requiredText } from "../../../../contract/fields.ts";
import { SPEND_CAMPAIGN_MAX, type SpendLine, type SpendLineInput } from "../../../../contract/spend.ts";
import { Field } from "../../../components/forms/form-parts.tsx";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { apiErrorOf } from "../../api/request.ts";
import { saveSpend, spendQuery } from "../../api/spend.ts";
import { focusRing, linkClass, selectClass } from "../../components/admin-classes.ts";
import { Loading, usePageTitle } from "../../components/admin-shell.tsx";
import { amountInputValue, amountText } from "../../components/amount-text.ts";
import { useIsOwner } from "../../components/owner-only.tsx";

// What the channels cost (issue 38, /admin/reports/spend): a month's spend per channel, and per campaign of a
// channel, entered by an owner (members read it). The sources report spreads each month over its days and
// shows cost per lead, cost per client and return on spend. The API keeps the whole set (PUT replaces it):
// this page sends the other months' lines as they were and the chosen month's as entered; an empty box is
// no spend entered (the report then shows "—"), 0 is a month that cost nothing.

/** "2026-03" → "March 2026". */
function monthLabel(month: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** The current month and the 24 before it, newest first (the browser's calendar). */
export function recentMonths(today = new Date(), count = 25): string[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(today.getFullYear(), today.getMonth() - i, 1));
    return date.toISOString().slice(0, 7);
  });
}

const spendForm = z.object({
  channels: z.object(
    Object.fromEntries(leadChannels.map((channel) => [channel, amountText(`${channelLabels[channel]}`)])) as Record<
      LeadChannel,
      ReturnType<typeof amountText>
    >,
  ),
  campaigns: z.array(
    z.object({
      campaign: requiredText("campaign", SPEND_CAMPAIGN_MAX),
      channel: z.enum(leadChannels, { error: "Choose the campaign's channel." }),
      amount: amountText("The campaign's spend"),
    }),
  ),
});

export function SpendPage() {
  usePageTitle("Spend | Reports | Admin");
  const spend = useQuery(spendQuery);
  const months = recentMonths();
  const [month, setMonth] = useState(months[0] ?? "");
  const owner = useIsOwner();
  const monthId = useId();
  const entered = [...new Set((spend.data?.lines ?? []).map((line) => line.month))];
  return (
    <>
      <p>
        <Link to="/admin/reports" className={linkClass}>
          Back to the reports
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">What the channels cost</h1>
      <p className="mt-2 max-w-3xl text-slate-800">
        A month&apos;s spend per channel, and per campaign where you know it, in {BUSINESS_CURRENCY}. The reports then
        show cost per lead, cost per client and return on spend; a box left empty shows “—” there, never $0.
      </p>
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <label htmlFor={monthId} className="flex flex-col text-sm font-semibold text-slate-900">
          Month
          <select
            id={monthId}
            className={cn(selectClass, "mt-1")}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
          >
            {[...new Set([...months, ...entered])]
              .sort()
              .reverse()
              .map((m) => (
                <option key={m} value={m}>
                  {monthLabel(m)}
                  {entered.includes(m) ? " (entered)" : ""}
                </option>
              ))}
          </select>
        </label>
      </div>
      {spend.isLoading ? (
        <Loading />
      ) : spend.isError || !spend.data ? (
        <p className="mt-4 text-red-800">The spend could not be loaded. Try again in a moment.</p>
      ) : owner ? (
        <SpendForm key={month} month={month} lines={spend.data.lines} />
      ) : (
        <SpendSummary month={month} lines={spend.data.lines} />
      )}
    </>
  );
}

function SpendSummary({ month, lines }: { month: string; lines: SpendLine[] }) {
  const shown = lines.filter((line) => line.month === month);
  if (shown.length === 0) return <p className="mt-4 text-slate-800">No spend entered for {monthLabel(month)}.</p>;
  return (
    <ul className="mt-4 divide-y divide-slate-200">
      {shown.map((line) => (
        <li key={`${line.channel} ${line.campaign ?? ""}`} className="flex justify-between gap-4 py-2">
          <span>
            {channelLabels[line.channel]}
            {line.campaign ? `: ${line.campaign}` : ""}
          </span>
          <span className="tabular-nums">{formatAmount(line.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

function SpendForm({ month, lines }: { month: string; lines: SpendLine[] }) {
  const client = useQueryClient();
  const save = useMutation({ mutationFn: saveSpend });
  const [failure, setFailure] = useState<string | null>(null);
  const thisMonth = lines.filter((line) => line.month === month);
  const form = useContractForm(spendForm, {
    channels: Object.fromEntries(
      leadChannels.map((channel) => [
        channel,
        amountInputValue(thisMonth.find((line) => line.channel === channel && line.campaign === null)?.amount ?? null),
      ]),
    ) as Record<LeadChannel, string>,
    campaigns: thisMonth
      .filter((line) => line.campaign !== null)
      .map((line) => ({ campaign: line.campaign ?? "", channel: line.channel, amount: amountInputValue(line.amount) })),
  });
  const campaigns = useFieldArray({ control: form.control, name: "campaigns" });
  // One message per group (the contract resolver reports a group's first problem, in the field's words).
  const errors = form.formState.errors as { channels?: { message?: string }; campaigns?: { message?: string } };
  const ids = useId();

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    const entered: SpendLineInput[] = [
      ...leadChannels.flatMap((channel) => {
        const amount = values.channels[channel];
        return amount === null ? [] : [{ month, channel, campaign: null, amount }];
      }),
      ...values.campaigns.flatMap((line) =>
        line.amount === null ? [] : [{ month, channel: line.channel, campaign: line.campaign, amount: line.amount }],
      ),
    ];
    const others: SpendLineInput[] = lines.filter((line) => line.month !== month);
    save.mutate([...others, ...entered], {
      onSuccess: (saved) => {
        client.setQueryData(spendQuery.queryKey, saved);
        // The reports' cost figures read the new spend.
        void client.invalidateQueries({ queryKey: ["/api/admin/reports/sources"] });
        toast({ title: "Spend saved", description: `The spend of ${monthLabel(month)} is saved.` });
      },
      onError: (error) => setFailure(apiErrorOf(error)?.message ?? "The spend could not be saved. Please try again."),
    });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 max-w-2xl space-y-6">
      <fieldset aria-describedby={errors.channels ? `${ids}-channels-error` : undefined}>
        <legend className="text-lg font-bold text-slate-900">Per channel, {monthLabel(month)}</legend>
        <GroupError id={`${ids}-channels-error`} message={errors.channels?.message} />
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {leadChannels.map((channel) => {
            const id = `${ids}-${channel}`;
            return (
              <Field key={channel} id={id} label={`${channelLabels[channel]} (${BUSINESS_CURRENCY})`}>
                <Input id={id} {...form.register(`channels.${channel}`)} inputMode="decimal" autoComplete="off" />
              </Field>
            );
          })}
        </div>
      </fieldset>
      <fieldset aria-describedby={errors.campaigns ? `${ids}-campaigns-error` : undefined}>
        <legend className="text-lg font-bold text-slate-900">Per campaign</legend>
        <GroupError id={`${ids}-campaigns-error`} message={errors.campaigns?.message} />
        <p className="mt-1 text-sm text-slate-700">
          The campaign as the report shows it (its utm_campaign). A campaign&apos;s spend is part of its channel&apos;s:
          enter the channel&apos;s whole spend above too, or only campaigns.
        </p>
        <ul className="mt-3 space-y-4">
          {campaigns.fields.map((field, index) => {
            const id = `${ids}-campaign-${index}`;
            return (
              <li
                key={field.id}
                className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_auto_8rem_auto] sm:items-end"
              >
                <Field id={`${id}-name`} label="Campaign">
                  <Input
                    id={`${id}-name`}
                    {...form.register(`campaigns.${index}.campaign`)}
                    maxLength={SPEND_CAMPAIGN_MAX}
                  />
                </Field>
                <Field id={`${id}-channel`} label="Channel">
                  <select
                    id={`${id}-channel`}
                    {...form.register(`campaigns.${index}.channel`)}
                    className={cn(selectClass, "w-full")}
                  >
                    {leadChannels.map((channel) => (
                      <option key={channel} value={channel}>
                        {channelLabels[channel]}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field id={`${id}-amount`} label={`Spend (${BUSINESS_CURRENCY})`}>
                  <Input
                    id={`${id}-amount`}
                    {...form.register(`campaigns.${index}.amount`)}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                </Field>
                <button
                  type="button"
                  onClick={() => campaigns.remove(index)}
                  aria-label={`Remove campaign ${index + 1}`}
                  className={cn(
                    "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 hover:text-red-800",
                    focusRing,
                  )}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
        <Button
          type="button"
          variant="outline"
          className="mt-3"
          onClick={() => campaigns.append({ campaign: "", channel: "paid-search", amount: "" })}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add a campaign
        </Button>
      </fieldset>
      {failure && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving…" : `Save the spend of ${monthLabel(month)}`}
      </Button>
    </form>
  );
}

function GroupError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-2 text-sm font-semibold text-red-700">
      {message}
    </p>
  );
}
