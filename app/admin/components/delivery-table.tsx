import { useMutation, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import type { Delivery, DeliveryWithLead } from "../../../contract/deliveries.ts";
import { deliveryChannelLabels } from "../../../contract/deliveries.ts";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { cn } from "../../lib/utils.ts";
import { deliveryHealthQuery, retryDeliveryMutation } from "../api/deliveries.ts";
import { apiErrorOf } from "../api/request.ts";
import { focusRing } from "./admin-classes.ts";
import {
  deliveryStateBadgeClasses,
  deliveryStateLabels,
  retryBlockedReason,
  retryQueuedText,
} from "./delivery-format.ts";
import { formatDateTime } from "./lead-format.ts";

// The deliveries of leads as a table (the deliveries page), with "send again"; a lead's page lists its
// deliveries in its timeline with the same button.

export function DeliveryStateBadge({ state }: { state: Delivery["state"] }) {
  return (
    <span
      className={cn(
        "inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-bold",
        deliveryStateBadgeClasses[state],
      )}
    >
      {deliveryStateLabels[state]}
    </span>
  );
}

/** "Send again" (or "Retry") for one delivery, disabled with the reason when it cannot go. */
export function RetryButton({ delivery, label, name }: { delivery: Delivery; label: string; name: string }) {
  const retry = useMutation(retryDeliveryMutation);
  const health = useQuery(deliveryHealthQuery);
  const reasonId = useId();
  const blocked = retryBlockedReason(delivery, health.data);
  return (
    <div className="min-w-32">
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-label={`${label}: ${name}`}
        aria-describedby={blocked ? reasonId : undefined}
        disabled={blocked !== null || retry.isPending}
        onClick={() =>
          // A toast confirms or gives the server's reason (the cache follows either way, api/deliveries.ts).
          retry.mutate(delivery, {
            onSuccess: (queued) => toast({ title: "Delivery queued", description: retryQueuedText(queued) }),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Not sent again",
                description: apiErrorOf(error)?.message ?? "The delivery could not be queued. Please try again.",
              }),
          })
        }
      >
        {retry.isPending ? "Queuing..." : label}
      </Button>
      {blocked && (
        <p id={reasonId} className="mt-1 text-xs text-slate-700">
          {blocked}
        </p>
      )}
    </div>
  );
}

function When({ iso, none = "—" }: { iso: string | null; none?: string }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <span className="text-slate-700">{none}</span>;
}

type Column = "lead" | "created" | "sent";

/**
 * One row per delivery. `columns` adds the lead's name (the deliveries page), or the created and sent
 * times (a lead's detail).
 */
export function DeliveryTable({
  deliveries,
  caption,
  retryLabel,
  columns,
}: {
  deliveries: (Delivery | DeliveryWithLead)[];
  caption: string;
  retryLabel: string;
  columns: Column[];
}) {
  const show = (column: Column) => columns.includes(column);
  const th = "px-3 py-2 font-semibold";
  return (
    // Wider than a narrow screen: the scrolling box takes the keyboard focus so it can be scrolled without a mouse.
    // `relative`: the visually hidden texts inside (absolutely placed) stay in the box instead of widening the page.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={cn("relative mt-4 overflow-x-auto rounded-sm", focusRing)}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-300 text-slate-800">
          <tr>
            {show("lead") && (
              <th scope="col" className={th}>
                Lead
              </th>
            )}
            <th scope="col" className={th}>
              Channel
            </th>
            <th scope="col" className={th}>
              Recipient
            </th>
            <th scope="col" className={th}>
              State
            </th>
            <th scope="col" className={th}>
              Attempts
            </th>
            <th scope="col" className={th}>
              Last error
            </th>
            <th scope="col" className={th}>
              Times
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => {
            const channel = deliveryChannelLabels[delivery.channel];
            const leadName = "leadName" in delivery ? delivery.leadName : null;
            return (
              <tr key={delivery.id} className="border-b border-slate-200 align-top">
                {show("lead") && (
                  <td className="px-3 py-2 font-medium">
                    <Link
                      to={`/admin/leads/${delivery.leadKind}/${delivery.leadId}`}
                      className={cn(
                        "rounded-sm text-brand-700 underline underline-offset-4 hover:text-brand-900",
                        focusRing,
                      )}
                    >
                      {leadName}
                    </Link>
                  </td>
                )}
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {channel}
                </th>
                <td className="max-w-56 break-words px-3 py-2 text-slate-800">
                  {delivery.recipient || <span className="text-slate-700">Not set up</span>}
                </td>
                <td className="px-3 py-2">
                  <DeliveryStateBadge state={delivery.state} />
                </td>
                <td className="px-3 py-2 text-slate-800">{delivery.attempts}</td>
                <td className="min-w-40 max-w-sm whitespace-pre-wrap break-words px-3 py-2 text-slate-800">
                  {delivery.lastError ?? <span className="text-slate-700">None</span>}
                </td>
                <td className="px-3 py-2 text-slate-800">
                  {/* One column of labelled times keeps the table within a laptop's width, Send again included. */}
                  <dl className="grid grid-cols-[auto_auto] gap-x-2 whitespace-nowrap">
                    {show("created") && (
                      <>
                        <dt className="text-slate-700">Created</dt>
                        <dd>
                          <When iso={delivery.createdAt} />
                        </dd>
                      </>
                    )}
                    <dt className="text-slate-700">Next attempt</dt>
                    <dd>
                      <When iso={delivery.nextAttemptAt} />
                    </dd>
                    {show("sent") && (
                      <>
                        <dt className="text-slate-700">Sent</dt>
                        <dd>
                          <When iso={delivery.sentAt} none="Not yet" />
                        </dd>
                      </>
                    )}
                  </dl>
                </td>
                <td className="px-3 py-2">
                  <RetryButton
                    delivery={delivery}
                    label={retryLabel}
                    name={leadName ? `${channel} for ${leadName}` : channel}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
