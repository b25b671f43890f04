import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { activityKindLabels, activityKinds, type ActivityKind } from "../../../../contract/activity.ts";
import { displayName } from "../../../../contract/team.ts";
import { cn } from "../../../lib/utils.ts";
import { activityQuery } from "../../api/activity.ts";
import { teamUsersQuery } from "../../api/team.ts";
import { Loading, usePageTitle } from "../../components/admin-shell.tsx";
import { focusRing, linkClass, selectClass } from "../../components/admin-classes.ts";
import { formatDateTime } from "../../components/lead-format.ts";
import { OwnerOnly } from "../../components/owner-only.tsx";

// Who did what and when (/admin/activity, owners; issue 23): newest first, by user and kind (kept in the
// address), 50 at a time with "Load more"; a record about a lead links to it.

export function ActivityPage() {
  usePageTitle("Activity | Admin");
  return (
    <OwnerOnly>
      <h1 className="text-3xl font-bold text-slate-900">Activity</h1>
      <ActivityList />
    </OwnerOnly>
  );
}

function ActivityList() {
  const [params, setParams] = useSearchParams();
  const user = params.get("user") ?? undefined;
  const kindParam = params.get("kind");
  const kind = activityKinds.includes(kindParam as ActivityKind) ? (kindParam as ActivityKind) : undefined;
  const users = useQuery(teamUsersQuery);
  const pages = useInfiniteQuery(activityQuery({ user, kind }));
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <div className="mt-6 flex flex-wrap gap-4">
        <label className="flex flex-col text-sm font-semibold text-slate-900">
          Who
          <select
            className={cn(selectClass, "mt-1")}
            value={user ?? ""}
            onChange={(event) => set("user", event.target.value)}
          >
            <option value="">Everyone</option>
            {users.data?.users.map((member) => (
              <option key={member.id} value={member.id}>
                {displayName(member)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-semibold text-slate-900">
          What
          <select
            className={cn(selectClass, "mt-1")}
            value={kind ?? ""}
            onChange={(event) => set("kind", event.target.value)}
          >
            <option value="">Everything</option>
            {activityKinds.map((value) => (
              <option key={value} value={value}>
                {activityKindLabels[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {pages.isLoading ? (
        <Loading />
      ) : items.length === 0 ? (
        <p className="mt-6 text-slate-800">Nothing recorded{user || kind ? " for these filters" : " yet"}.</p>
      ) : (
        <ol
          className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label="Activity, newest first"
        >
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={item.at} className="shrink-0 text-sm text-slate-700 sm:w-44">
                {formatDateTime(item.at)}
              </time>
              <p className="min-w-0 break-words text-slate-900">
                <span className="font-semibold">{item.actor?.name ?? "Someone"}</span> {item.summary}
                {item.lead && item.kind !== "delete" && (
                  <>
                    {" "}
                    <Link to={`/admin/leads/${item.lead.kind}/${item.lead.id}`} className={linkClass}>
                      Open the lead
                    </Link>
                  </>
                )}
                <span className="ml-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
                  {activityKindLabels[item.kind]}
                </span>
              </p>
            </li>
          ))}
        </ol>
      )}
      {pages.hasNextPage && (
        <button
          type="button"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
          className={cn(
            "mt-4 min-h-11 rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100",
            focusRing,
          )}
        >
          {pages.isFetchingNextPage ? "Loading..." : "Load more"}
        </button>
      )}
    </>
  );
}
