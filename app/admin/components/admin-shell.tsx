import { useMutation } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "../../lib/utils.ts";
import { titleWithUnread, useLeadPulse, useNewLeadNotifications, useUnreadCount } from "../live-updates.ts";
import { logoutMutation } from "../session.ts";
import { focusRing } from "./admin-classes.ts";
import { useIsOwner } from "./owner-only.tsx";
import { OwnerReachBanner } from "./owner-reach-banner.tsx";

// The frame of the signed-in admin pages (a bar with the sections, the site link and Logout, and the
// banner while new leads reach nobody) and the small pieces the screens share.

/** Inside the signed-in frame a screen's title goes to the frame, which puts the unread count in front. */
const PageTitleContext = createContext<((title: string) => void) | null>(null);

/** The browser tab's title of an admin screen (the page is one HTML file for every screen). */
export function usePageTitle(title: string) {
  const setFrameTitle = useContext(PageTitleContext);
  useEffect(() => {
    if (setFrameTitle) setFrameTitle(title);
    else document.title = title;
  }, [title, setFrameTitle]);
}

/** The tab title "(3) Dashboard | Admin": the screen's title after the unread count, which the poll keeps current. */
function useFrameTitle() {
  const [title, setTitle] = useState(() => document.title);
  const unread = useUnreadCount();
  useEffect(() => {
    document.title = titleWithUnread(title, unread);
  }, [title, unread]);
  return setTitle;
}

export function Loading() {
  return (
    <p className="p-8 text-center text-slate-700" role="status">
      Loading...
    </p>
  );
}

/** Unread, quietly: a dot and a small word, as in the inbox list (issue 13: never a row colour). */
export function UnreadBadge() {
  return (
    <span className="ml-2 inline-flex items-center gap-1 align-middle text-xs font-semibold text-brand-900">
      <span className="h-2 w-2 rounded-full bg-brand-700" aria-hidden="true" />
      Unread
    </span>
  );
}

export function SpamBadge() {
  return (
    <span className="ml-2 inline-block rounded-full bg-red-100 px-2 py-0.5 align-middle text-xs font-bold text-red-900">
      Spam
    </span>
  );
}

/** The views of one page as tabs of links (the current one marked for screen readers too). */
export function ViewTabs({
  label,
  views,
}: {
  label: string;
  views: { key: string; to: string; label: string; current: boolean }[];
}) {
  return (
    <nav aria-label={label} className="mt-6 border-b border-slate-200">
      <ul className="flex flex-wrap gap-2">
        {views.map((view) => (
          <li key={view.key}>
            <Link
              to={view.to}
              aria-current={view.current ? "page" : undefined}
              className={cn(
                "-mb-px inline-block rounded-t-md border-b-2 px-4 py-2 font-semibold",
                focusRing,
                view.current
                  ? "border-brand-700 text-brand-900"
                  : "border-transparent text-slate-800 hover:border-slate-400",
              )}
            >
              {view.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const navLinkClass = (current: boolean) =>
  cn(
    "block rounded-md px-2.5 py-2 text-sm font-semibold sm:px-3",
    focusRing,
    current ? "bg-brand-50 text-brand-900" : "text-slate-800 hover:bg-slate-100",
  );

/**
 * The sections. A lead's page belongs to the list it was opened from: All leads when its address says
 * list=all (routes/lead-detail/list-source.ts), else its kind's inbox.
 */
const sections: {
  to: string;
  label: string;
  ownerOnly?: true;
  current: (path: string, fromAll: boolean) => boolean;
}[] = [
  { to: "/admin/submissions", label: "Dashboard", current: (path) => path === "/admin/submissions" },
  {
    to: "/admin/leads/all",
    label: "All leads",
    current: (path, fromAll) => path.startsWith("/admin/leads/all") || (fromAll && path.startsWith("/admin/leads/")),
  },
  {
    to: "/admin/leads/contacts",
    label: "Contact inbox",
    current: (path, fromAll) => !fromAll && path.startsWith("/admin/leads/contacts"),
  },
  {
    to: "/admin/leads/inquiries",
    label: "Inquiry inbox",
    current: (path, fromAll) => !fromAll && path.startsWith("/admin/leads/inquiries"),
  },
  { to: "/admin/reports", label: "Reports", current: (path) => path.startsWith("/admin/reports") },
  { to: "/admin/content", label: "Content", current: (path) => path.startsWith("/admin/content") },
  {
    to: "/admin/deliveries",
    label: "Deliveries",
    ownerOnly: true,
    current: (path) => path.startsWith("/admin/deliveries"),
  },
  { to: "/admin/team", label: "Team", ownerOnly: true, current: (path) => path.startsWith("/admin/team") },
  { to: "/admin/activity", label: "Activity", ownerOnly: true, current: (path) => path.startsWith("/admin/activity") },
  { to: "/admin/settings", label: "Settings", ownerOnly: true, current: (path) => path.startsWith("/admin/settings") },
  { to: "/admin/account", label: "Account", current: (path) => path.startsWith("/admin/account") },
];

/**
 * The sections. On a phone (below md) they fold behind a "Menu" button, a disclosure that closes on
 * Escape (focus back on the button) and after a section is chosen, so the first lead is on screen without
 * scrolling past four rows of links (issue 33); from md up they are a row of links.
 */
function AdminNav({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const fromAll = new URLSearchParams(search).get("list") === "all";
  // A member's admin leaves out what only an owner may use (issue 23).
  const owner = useIsOwner();
  // Open at one address: a section chosen (or any other move) closes the menu.
  const here = pathname + search;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === here;
  const setOpen = (value: boolean) => setOpenAt(value ? here : null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const shown = sections.filter((section) => owner || !section.ownerOnly);
  const currentLabel = shown.find((section) => section.current(pathname, fromAll))?.label;
  return (
    <nav
      aria-label="Admin"
      className="w-full min-w-0 md:w-auto"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <div className="flex items-center justify-between gap-2 md:hidden">
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls="admin-sections"
          onClick={() => setOpen(!open)}
          className={cn(
            "inline-flex items-center gap-2 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-semibold text-slate-900",
            focusRing,
          )}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
          </svg>
          Menu
        </button>
        {currentLabel && <span className="truncate text-sm font-semibold text-slate-800">{currentLabel}</span>}
        {children}
      </div>
      <ul
        id="admin-sections"
        className={cn(
          "mt-2 grid grid-cols-2 gap-1 md:mt-0 md:flex md:flex-wrap md:items-center",
          !open && "hidden md:flex",
        )}
      >
        {shown.map((section) => {
          const current = section.current(pathname, fromAll);
          return (
            <li key={section.to}>
              <Link to={section.to} aria-current={current ? "page" : undefined} className={navLinkClass(current)}>
                {section.label}
              </Link>
            </li>
          );
        })}
        <li className="md:hidden">
          {/* On a phone the public site's link is in the menu (from md up it stands beside Logout). */}
          <a href="/" className={navLinkClass(false)}>
            View site
          </a>
        </li>
      </ul>
    </nav>
  );
}

/** Logout ends the session here whatever the server answers; the signed-in layout then goes to the login page. */
export function AdminFrame({ children }: { children: ReactNode }) {
  const logout = useMutation(logoutMutation);
  const setTitle = useFrameTitle();
  useNewLeadNotifications();
  useLeadPulse();
  // One Logout: in the folded bar on a phone, beside "View site" from md up (only one of the two is displayed).
  const logoutButton = (
    <button
      type="button"
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
      className={cn(
        "rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100",
        focusRing,
      )}
    >
      Logout
    </button>
  );

  return (
    <PageTitleContext.Provider value={setTitle}>
      <div className="min-h-screen bg-white">
        <header className="border-b border-slate-200 bg-slate-50">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-2 md:py-3">
            <AdminNav>{logoutButton}</AdminNav>
            <div className="hidden items-center gap-2 md:flex">
              {/* The public site is not part of this app: a full page load. */}
              <a
                href="/"
                className={cn(
                  "rounded-md px-3 py-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline",
                  focusRing,
                )}
              >
                View site
              </a>
              {logoutButton}
            </div>
          </div>
        </header>
        <OwnerReachBanner />
        <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
      </div>
    </PageTitleContext.Provider>
  );
}
