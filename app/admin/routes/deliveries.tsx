import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { deliveryViews, type DeliveryView } from "../../../contract/deliveries.ts";
import { deliveriesQuery, isDeliveryView } from "../api/deliveries.ts";
import { Loading, ViewTabs, linkClass, usePageTitle } from "../components/admin-shell.tsx";
import { CspViolationsSection } from "../components/csp-violations.tsx";
import { deliveryViewEmptyTexts, deliveryViewLabels } from "../components/delivery-format.ts";
import { DeliveryTable } from "../components/delivery-table.tsx";

// The deliveries that need the owner (failed, or still waiting to be sent), with "Retry", and what the
// pages' security policy blocked (components/csp-violations.tsx). The channels' settings and the test
// e-mail are on the settings page.

export function DeliveriesPage() {
  usePageTitle("Deliveries | Admin");
  const [searchParams] = useSearchParams();
  const state = searchParams.get("state");
  const view: DeliveryView = isDeliveryView(state) ? state : "attention";

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Deliveries</h1>
      <p className="mt-1 text-slate-700">
        Every new lead is sent to you by e-mail (and to a webhook, if one is set up). Deliveries that failed or are still waiting are
        listed here. Which channels are set up, and the test e-mail, are in{" "}
        <Link to="/admin/settings" className={linkClass}>
          Settings
        </Link>
        .
      </p>

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
        <DeliveryTable deliveries={items} caption={`Deliveries: ${deliveryViewLabels[view]}`} retryLabel="Retry" columns={["lead"]} />
      )}
    </section>
  );
}
