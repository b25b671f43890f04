import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { leadKinds, type AdminPulse, type LeadKind, type TodayQueue } from "../../contract/admin-leads.ts";
import { getJson } from "./api/request.ts";
import { LEADS_ROOT, leadKeys } from "./api/leads.ts";
import { recentQueries } from "./api/recent-leads.ts";
import { statsQuery } from "./api/stats.ts";
import { todayQuery } from "./api/today.ts";
import { formatCount } from "./components/lead-format.ts";

// New leads show up in the admin by themselves (issue 13, point 1): the queries that show leads
// (dashboard stats and recent lists, the inbox lists and their view counts) are fetched again when the
// tab regains focus and every LIVE_POLL_MS while it is visible. The tab title carries the unread count,
// and the owner may turn on a browser notification for each new lead (remembered in localStorage).

export const LIVE_POLL_MS = 30_000;

/** The refresh every live query gets; a hidden tab is left alone unless notifications are on (see useLiveRecentLeads). */
export const liveRefresh = {
  refetchInterval: LIVE_POLL_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
} as const;

/** Query key prefixes that follow new leads: the defaults apply to every query whose key starts so. */
export function liveQueryKeys(): readonly (readonly unknown[])[] {
  return [
    statsQuery.queryKey,
    todayQuery.queryKey,
    ...leadKinds.flatMap((kind) => [recentQueries[kind].queryKey, leadKeys.lists(kind), leadKeys.counts(kind)]),
    // All leads (both kinds in one list).
    leadKeys.lists("all"),
    leadKeys.counts("all"),
  ];
}

/**
 * Installs the live refresh on the query client, once, in one place, so the modules of the single
 * endpoints (api/*.ts) need not each know about it.
 */
export function applyLiveUpdates(queryClient: QueryClient) {
  for (const queryKey of liveQueryKeys()) queryClient.setQueryDefaults(queryKey, liveRefresh);
}

const PULSE_PATH = "/api/admin/pulse";

/** How often an open admin asks whether a lead arrived (GET /api/admin/pulse: two index lookups). */
export const PULSE_POLL_MS = 1_000;

/**
 * Whether a day (GET /api/admin/today, read at its `now`) was read before the newest arrival the pulse
 * knows of, so it may miss that lead or reply. Both times are the server's.
 */
export function dayReadBeforeNewest(dayNows: readonly string[], pulse: AdminPulse): boolean {
  const newest = [pulse.newestLeadAt, pulse.newestReplyAt].filter((at): at is string => at !== null);
  return dayNows.some((now) => newest.some((at) => Date.parse(now) < Date.parse(at)));
}

/**
 * A lead on "Now" within 2 s of its post (issue 33): while the tab is visible the admin polls the pulse
 * every second, and when the newest lead's time moves, every live query is fetched again at once, rather
 * than at its next LIVE_POLL_MS. Any instance answers alike: the time is read from the database.
 * The first answer only sets the mark, but it may already hold a lead that the page's data missed (the
 * pulse read the database after the day did, as on a busy server): a day read before the newest arrival
 * is fetched again too, once per mark.
 */
export function useLeadPulse() {
  const queryClient = useQueryClient();
  const pulse = useQuery({
    queryKey: [PULSE_PATH],
    queryFn: () => getJson<AdminPulse>(PULSE_PATH),
    refetchInterval: PULSE_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
  const seen = useRef<string | undefined>(undefined);
  const refreshedFor = useRef<string | undefined>(undefined);
  // Both times in one mark: a lead or a reply from one arrived.
  const mark = pulse.data ? `${pulse.data.newestLeadAt ?? ""}|${pulse.data.newestReplyAt ?? ""}` : undefined;
  useEffect(() => {
    if (mark === undefined || !pulse.data) return;
    const before = seen.current;
    seen.current = mark;
    const moved = before !== undefined && before !== mark;
    const dayNows = queryClient
      .getQueriesData<TodayQueue>({ queryKey: todayQuery.queryKey })
      .flatMap(([, day]) => (day ? [day.now] : []));
    const staleDay = refreshedFor.current !== mark && dayReadBeforeNewest(dayNows, pulse.data);
    if (!moved && !staleDay) return;
    refreshedFor.current = mark;
    for (const queryKey of liveQueryKeys()) void queryClient.invalidateQueries({ queryKey });
    // A lead's page shows the replies in its timeline.
    void queryClient.invalidateQueries({ queryKey: [LEADS_ROOT] });
    // Every answer (dataUpdatedAt) looks again: the day may have arrived after the pulse's first answer.
  }, [mark, pulse.data, pulse.dataUpdatedAt, queryClient]);
}

/** The browser tab's title with the unread count in front: "(1,204) Contact inbox | Admin". */
export function titleWithUnread(title: string, unread: number): string {
  return unread > 0 ? `(${formatCount(unread)}) ${title}` : title;
}

// ---------------------------------------------------------------------------------------------------
// Browser notifications: off until the owner turns them on (which asks the browser's permission).

export const NOTIFY_STORAGE_KEY = "admin:notify-new-leads";
const CHANGE_EVENT = "admin:notify-new-leads-change";

export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

/** Whether the owner turned notifications on (and the browser still allows them). */
export function notificationsEnabled(): boolean {
  if (!notificationsSupported()) return false;
  try {
    return window.localStorage.getItem(NOTIFY_STORAGE_KEY) === "on" && Notification.permission === "granted";
  } catch {
    return false;
  }
}

function storeSetting(on: boolean) {
  try {
    if (on) window.localStorage.setItem(NOTIFY_STORAGE_KEY, "on");
    else window.localStorage.removeItem(NOTIFY_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the setting lasts until the page closes.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** For useSyncExternalStore: the setting changes in this tab (CHANGE_EVENT) or in another (storage). */
export function subscribeToNotificationSetting(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

export type EnableResult = "on" | "denied" | "unsupported";

/** Turns notifications on: asks the browser's permission (only from the owner's click), then remembers it. */
export async function enableNotifications(): Promise<EnableResult> {
  if (!notificationsSupported()) return "unsupported";
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  storeSetting(true);
  return "on";
}

export function disableNotifications() {
  storeSetting(false);
}

export type ArrivedLead = { kind: LeadKind; id: string; firstName: string; lastName: string };

const kindNames: Record<LeadKind, string> = { contacts: "contact form", inquiries: "service inquiry" };

/** The notification for the leads that arrived since the last look (one lead named, several counted). */
export function arrivalNotice(arrived: ArrivedLead[]): { title: string; body: string; path: string } | null {
  const [first] = arrived;
  if (!first) return null;
  if (arrived.length === 1) {
    return {
      title: `New ${kindNames[first.kind]}`,
      body: `${first.firstName} ${first.lastName}`.trim(),
      path: `/admin/leads/${first.kind}/${first.id}`,
    };
  }
  return {
    title: `${formatCount(arrived.length)} new leads`,
    body: "Open the admin to see them.",
    path: "/admin/submissions",
  };
}

type Listed = { id: string; createdAt: string; status: string; firstName: string; lastName: string };

/**
 * The leads of `next` that arrived since `seen` was taken: not seen before, newer than the newest seen
 * (a deletion must not make an older lead look new) and not spam.
 */
export function arrivedSince(
  kind: LeadKind,
  seen: { ids: Set<string>; newest: string },
  next: Listed[],
): ArrivedLead[] {
  return next
    .filter(
      (lead) =>
        !seen.ids.has(lead.id) && Date.parse(lead.createdAt) > Date.parse(seen.newest) && lead.status !== "spam",
    )
    .map(({ id, firstName, lastName }) => ({ kind, id, firstName, lastName }));
}

/** The setting as React state, following changes made on the settings page or in another tab. */
export function useNotificationSetting(): boolean {
  return useSyncExternalStore(subscribeToNotificationSetting, notificationsEnabled, () => false);
}

/** The unread leads of both kinds (spam is not counted by the stats), or 0 until the stats answer. */
export function useUnreadCount(): number {
  const stats = useQuery(statsQuery);
  return (stats.data?.contacts.unread ?? 0) + (stats.data?.inquiries.unread ?? 0);
}

/**
 * Shown a notification for each lead that arrives while the admin is open, when the owner turned them on.
 * The recent lists are watched (in a hidden tab too, while notifications are on: that is when they help).
 */
export function useNewLeadNotifications() {
  const enabled = useNotificationSetting();
  const navigate = useNavigate();
  const contacts = useQuery({ ...recentQueries.contacts, enabled, refetchIntervalInBackground: enabled });
  const inquiries = useQuery({ ...recentQueries.inquiries, enabled, refetchIntervalInBackground: enabled });
  const seen = useRef<Partial<Record<LeadKind, { ids: Set<string>; newest: string }>>>({});

  useEffect(() => {
    if (!enabled) {
      // Turned off: what arrives before it is turned on again is not announced then.
      seen.current = {};
      return;
    }
    const arrived: ArrivedLead[] = [];
    for (const [kind, list] of [
      ["contacts", contacts.data],
      ["inquiries", inquiries.data],
    ] as const) {
      if (!list) continue;
      const before = seen.current[kind];
      if (before) arrived.push(...arrivedSince(kind, before, list));
      const ids = new Set([...(before?.ids ?? []), ...list.map((lead) => lead.id)]);
      const newest = list.reduce(
        (max, lead) => (Date.parse(lead.createdAt) > Date.parse(max) ? lead.createdAt : max),
        before?.newest ?? "1970-01-01T00:00:00.000Z",
      );
      seen.current[kind] = { ids, newest };
    }
    const notice = arrivalNotice(arrived);
    if (!notice || !notificationsEnabled()) return;
    const notification = new Notification(notice.title, { body: notice.body, tag: "admin-new-leads" });
    notification.onclick = () => {
      window.focus();
      void navigate(notice.path);
      notification.close();
    };
  }, [enabled, contacts.data, inquiries.data, navigate]);
}
