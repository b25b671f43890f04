import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import { deliveryHealthQuery } from "../api/deliveries.ts";
import { liveRefresh } from "../live-updates.ts";
import { linkClass } from "./admin-classes.ts";
import { useIsOwner } from "./owner-only.tsx";
import { ownerReachNotice } from "./delivery-format.ts";

// The banner on every signed-in page while no channel tells the owner of a new lead (issue 20, point 1):
// what is wrong and what to do, in plain words. It goes once an address is confirmed (or a webhook or a
// chat channel is set): the health is fetched again after every change in Settings (api/notification-settings.ts), on
// the admin's poll and when the tab comes back, since the address is confirmed from an e-mail, elsewhere.

/** The place in Settings where addresses are added (routes/settings.tsx). */
export const whoGetsNewLeadsId = "who-gets-new-leads";

export function OwnerReachBanner() {
  const health = useQuery({ ...deliveryHealthQuery, ...liveRefresh });
  const titleId = useId();
  const notice = health.data ? ownerReachNotice(health.data) : null;
  // A member cannot change Settings (issue 23): they are told whom to ask instead.
  const owner = useIsOwner();
  if (!notice) return null;
  return (
    <section aria-labelledby={titleId} className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <div className="mx-auto max-w-6xl px-4 py-3">
        <p id={titleId} className="font-bold">
          {notice.title}
        </p>
        <p className="mt-1 text-sm">
          {notice.text}{" "}
          {notice.fix === "add-address" && !owner && "Ask an owner of the team to add an address in Settings."}
          {notice.fix === "add-address" && owner && (
            <Link to={`/admin/settings#${whoGetsNewLeadsId}`} className={linkClass}>
              Add an address in Settings
            </Link>
          )}
        </p>
      </div>
    </section>
  );
}
