import { OwnerOnly } from "../components/owner-only.tsx";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link, useSearchParams } from "react-router";
import { deliveryViews, type DeliveryHealth, type DeliveryView } from "../../../contract/deliveries.ts";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { deliveriesQuery, deliveryHealthQuery, isDeliveryView, sendUnsentMutation } from "../api/deliveries.ts";
import { apiErrorOf } from "../api/request.ts";
import { Loading, ViewTabs, usePageTitle } from "../components/admin-shell.tsx";
import { linkClass } from "../components/admin-classes.ts";
import { CspViolationsSection } from "../components/csp-violations.tsx";
import { deliveryViewEmptyTexts, deliveryViewLabels, notDeliveredSummary } from "../components/delivery-format.ts";
import { DeliveryTable } from "../components/delivery-table.tsx";
import { whoGetsNewLeadsId } from "../components/owner-reach-banner.tsx";
import { formatCount } from "../components/lead-format.ts";

// The deliveries that need the owner (failed, still waiting, or never sent because nothing was set up
// when their lead came: issue 20 counts those as not delivered), with "Retry" and, once the owner's
// e-mail works, "Send them now" for the never-sent ones; and what the pages' security policy blocked
// (components/csp-violations.tsx). Who gets new leads, and the test e-mail, are in Settings.

export function DeliveriesPage() {
  usePageTitle("Deliveries | Admin");
  return (
    <OwnerOnly>
      <Deliveries />
    </OwnerOnly>
  );
}

function Deliveries() {
  const [searchParams] = useSearchParams();
  const state = searchParams.get("state");
  const view: DeliveryView = isDeliveryView(state) ? state : "attention";
  const health = useQuery(deliveryHealthQuery);

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Deliveries</h1>
      <p className="mt-1 text-slate-700">
        Every new lead is sent to you by e-mail (and to a webhook, if one is set up). Deliveries that failed, are still
        waiting or were never sent are listed here. Who gets new leads, and the test e-mail, are in{" "}
        <Link to="/admin/settings" className={linkClass}>
          Settings
        </Link>
        .
      </p>

      {health.data && <NotDelivered health={health.data} />}

      <ViewTabs
        label="Delivery views"
        views={deliveryViews.map((key) => ({
          key,
          to: key === "attention" ? "/admin/deliveries" : `/admin/deliveries?state=${key}`,
          label: deliveryViewLabels[key],
          current: view === key,
        }))}
      />
      <DeliveryList key={view} view={view} />

      <CspViolationsSection />
    </>
  );
}

/** The counts of what did not reach the owner, and what can be done about the never-sent e-mails. */
function NotDelivered({ health }: { health: DeliveryHealth }) {
  const summary = notDeliveredSummary(health);
  const send = useMutation(sendUnsentMutation);
  const resultId = useId();
  if (!summary) return null;
  const failure = send.isError
    ? (apiErrorOf(send.error)?.message ?? "They could not be sent. Please try again.")
    : null;
  return (
    <section
      aria-label="Not delivered"
      className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p data-testid="not-delivered" className="font-semibold">
        {summary}
      </p>
      {health.notConfigured > 0 &&
        (health.configured.ownerEmail ? (
          <div className="mt-3">
            <p className="text-sm">E-mail to you works now: the leads that were never sent can go to you.</p>
            <Button
              type="button"
              className="mt-2"
              disabled={send.isPending}
              aria-describedby={resultId}
              onClick={() =>
                send.mutate(undefined, {
                  onSuccess: (result) =>
                    toast({
                      title: "Sending them now",
                      description: `${result.queued === 1 ? "1 e-mail" : `${formatCount(result.queued)} e-mails`} queued to ${result.to.join(", ")}.`,
                    }),
                })
              }
            >
              {send.isPending ? "Sending..." : "Send them now"}
            </Button>
            <p id={resultId} aria-live="polite" className="mt-2 text-sm font-medium text-red-800">
              {failure ?? ""}
            </p>
          </div>
        ) : (
          <p className="mt-2 text-sm">
            They can be sent to you once an address receives new leads:{" "}
            <Link to={`/admin/settings#${whoGetsNewLeadsId}`} className={linkClass}>
              set one in Settings
            </Link>
            .
          </p>
        ))}
    </section>
  );
}

function DeliveryList({ view }: { view: DeliveryView }) {
  const list = useQuery(deliveriesQuery(view));
  if (list.isLoading) return <Loading />;
  const items = list.data?.items ?? [];
  return (
    <section aria-label={deliveryViewLabels[view]} aria-busy={list.isFetching} className="mt-6">
      {list.isError ? (
        <p className="text-red-700" role="alert">
          The deliveries could not be loaded. Please reload the page.
        </p>
      ) : items.length === 0 ? (
        <p className="text-slate-700">{deliveryViewEmptyTexts[view]}</p>
      ) : (
        <DeliveryTable
          deliveries={items}
          caption={`Deliveries: ${deliveryViewLabels[view]}`}
          retryLabel="Retry"
          columns={view === "not-configured" ? ["lead", "created"] : ["lead"]}
        />
      )}
    </section>
  );
}
