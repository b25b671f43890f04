import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { deliveryViews, type DeliveryView } from "../../../contract/deliveries.ts";
import { deliveriesQuery, isDeliveryView } from "../api/deliveries.ts";
import { Loading, ViewTabs, usePageTitle } from "../components/admin-shell.tsx";
import { deliveryViewEmptyTexts, deliveryViewLabels } from "../components/delivery-format.ts";
import { DeliveryTable, TestEmailAction } from "../components/delivery-table.tsx";

// The deliveries that need the owner (failed, or still waiting to be sent), with "Retry", and the test
// e-mail that checks the SMTP settings.

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
        listed here.
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

      <section aria-labelledby="test-email" className="mt-12 border-t border-slate-200 pt-8">
        <h2 id="test-email" className="text-xl font-semibold text-slate-900">
          Check the e-mail settings
        </h2>
        <p className="mt-1 text-sm text-slate-700">Sends a test e-mail to the notification address and shows what the mail server answered.</p>
        <div className="mt-4">
          <TestEmailAction />
        </div>
      </section>
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
