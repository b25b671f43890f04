import { clsx } from "clsx";
import { BrandMark } from "./brand-mark.tsx";
import {
  footerIndustries,
  headerCallToAction,
  industryNavigation,
  mainNavigation,
  mobileNavigation,
  siteConfig,
  type NavLink,
} from "../config/site.ts";

// Plain clsx and inline icons here: the frame is on every page's first load, so it stays light.

const iconProps = {
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
} as const;
const MenuIcon = () => (
  <svg {...iconProps}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
const CloseIcon = () => (
  <svg {...iconProps} width={20} height={20}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);
const PhoneIcon = () => (
  <svg {...iconProps} width={20} height={20}>
    <path d="M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72 12.84 12.84 0 0 0 .7 2.81 2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45 12.84 12.84 0 0 0 2.81.7A2 2 0 0 1 22 16.92z" />
  </svg>
);
const ChevronDownIcon = () => (
  <svg {...iconProps} width={16} height={16}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);

// The fixed top bar: logo, main links, Industries dropdown (desktop), the phone as a tap-to-call link, the
// one primary call to action (on phones in short words, from lg in full; between the two the bar holds the
// links), and a slide-out menu (phones).
// Rendered to HTML at build time; the two menus' behavior is the small script site-menus.ts (no React
// in the browser for the frame), so pages without a form ship almost no JavaScript.

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

const linkClass = (isActive: boolean) =>
  clsx(
    "rounded-md px-3 py-2 text-sm font-semibold",
    focusRing,
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:text-brand-700",
  );

function NavItem({ item, pathname }: { item: NavLink; pathname: string }) {
  // As React Router's NavLink did: a section link stays current on its sub-pages (/services/seo).
  const active = item.to === "/" ? pathname === "/" : pathname === item.to || pathname.startsWith(`${item.to}/`);
  return (
    <a href={item.to} className={clsx("block", linkClass(active))} aria-current={active ? "page" : undefined}>
      {item.label}
    </a>
  );
}

function Logo() {
  return (
    <a
      href="/"
      className={clsx("flex min-w-0 items-center gap-1.5 rounded-md sm:gap-2", focusRing)}
      aria-label={`${siteConfig.companyName}, home`}
    >
      <BrandMark className="h-7 w-7 shrink-0 sm:h-8 sm:w-8" />
      {/* On a phone the name may take two short lines, so the call button and the call to action fit beside it. */}
      <span className="max-w-[5.25rem] text-[13px] leading-tight font-extrabold text-brand-900 min-[400px]:max-w-none min-[400px]:text-sm sm:text-lg">
        {siteConfig.companyName}
      </span>
    </a>
  );
}

/** A menu button (WAI-ARIA menu pattern); site-menus.ts opens it, moves focus with the arrows and closes it. */
function IndustriesMenu({ pathname }: { pathname: string }) {
  const active = industryNavigation.some((item) => item.to === pathname);
  return (
    <div className="relative" data-menu>
      <button
        type="button"
        id="industries-button"
        aria-haspopup="menu"
        aria-expanded="false"
        aria-controls="industries-menu"
        data-menu-trigger
        className={clsx(
          "inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold aria-expanded:text-brand-700",
          focusRing,
          active ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:text-brand-700",
        )}
      >
        Industries
        <ChevronDownIcon />
      </button>
      <ul
        id="industries-menu"
        role="menu"
        aria-labelledby="industries-button"
        hidden
        className="absolute left-0 top-[calc(100%+4px)] z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {industryNavigation.map((item) => (
          <li key={item.to} role="none">
            <a
              href={item.to}
              role="menuitem"
              tabIndex={-1}
              className={clsx(
                "block rounded-sm px-3 py-2 text-sm outline-none hover:bg-brand-50 focus:bg-brand-50 focus:text-brand-900",
                item.to === pathname ? "font-bold text-brand-700" : "text-slate-800",
              )}
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

// No display here: the bar's copy is hidden below lg (clsx does not merge conflicting classes).
const callToActionClass = clsx(
  "items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800",
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2",
);

/** Tap to call: the number from xl, the icon alone below (its name still says whom it calls). */
function PhoneLink() {
  return (
    <a
      href={siteConfig.phoneHref}
      className={clsx(
        "inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2 text-sm font-semibold text-brand-700 hover:text-brand-900",
        focusRing,
      )}
    >
      <PhoneIcon />
      <span className="sr-only">Call </span>
      <span className="sr-only whitespace-nowrap xl:not-sr-only">{siteConfig.phone}</span>
    </a>
  );
}

/**
 * The slide-out side menu of small screens: a native modal <dialog>, which keeps focus inside while
 * open (the rest of the page is inert), closes on Escape, and returns focus to the menu button.
 */
function MobileMenu({ pathname }: { pathname: string }) {
  return (
    <>
      <button
        type="button"
        className={clsx("rounded-md p-2 text-slate-900 md:hidden", focusRing)}
        aria-label="Open menu"
        aria-haspopup="dialog"
        data-dialog-open="mobile-menu"
      >
        <MenuIcon />
      </button>
      <dialog
        id="mobile-menu"
        aria-label="Menu"
        data-close-on-backdrop
        className="m-0 ml-auto h-full max-h-none w-[300px] max-w-full overflow-y-auto bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="flex min-h-full flex-col gap-6 p-6">
          <div className="flex items-center justify-between">
            <p className="text-lg font-bold text-brand-900">Menu</p>
            <button
              type="button"
              data-dialog-close
              className={clsx("rounded-md p-2", focusRing)}
              aria-label="Close menu"
            >
              <CloseIcon />
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul className="flex flex-col gap-1">
              {mobileNavigation.map((item) => (
                <li key={item.to}>
                  <NavItem item={item} pathname={pathname} />
                </li>
              ))}
            </ul>
            <p className="mt-6 px-3 text-xs font-bold uppercase tracking-wider text-slate-700">Industries</p>
            {/* The Industries menu's four and the law firms' page (on a desktop, in the footer). */}
            <ul className="mt-1 flex flex-col gap-1">
              {footerIndustries.map((item) => (
                <li key={item.to}>
                  <NavItem item={item} pathname={pathname} />
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto flex flex-col gap-3 border-t border-slate-200 pt-6">
            <a href={headerCallToAction.to} className={clsx(callToActionClass, "flex py-3 text-base")}>
              {headerCallToAction.label}
            </a>
            <a
              href={siteConfig.phoneHref}
              className={clsx(
                "inline-flex items-center justify-center gap-2 rounded-md py-2 font-semibold text-brand-700",
                focusRing,
              )}
            >
              <PhoneIcon />
              Call {siteConfig.phone}
            </a>
            <p className="text-center text-sm text-slate-700">{siteConfig.hours}</p>
          </div>
        </div>
      </dialog>
    </>
  );
}

/** `pathname` is the page's own path, to mark the current link. */
export function SiteHeader({ pathname }: { pathname: string }) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-1 px-4 sm:gap-2">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <NavItem item={item} pathname={pathname} />
              </li>
            ))}
            <li>
              <IndustriesMenu pathname={pathname} />
            </li>
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-1 lg:gap-2">
          <PhoneLink />
          {/* Phones: the short words, with the whole label as its name; from md to lg the links take the room. */}
          <a
            href={headerCallToAction.to}
            aria-label={headerCallToAction.label}
            data-header-cta=""
            className={clsx(
              callToActionClass,
              "inline-flex min-h-11 w-[7rem] shrink-0 px-1.5 py-1 text-center text-xs leading-tight md:hidden",
            )}
          >
            {headerCallToAction.shortLabel}
          </a>
          <a
            href={headerCallToAction.to}
            data-header-cta=""
            className={clsx(callToActionClass, "hidden lg:inline-flex")}
          >
            {headerCallToAction.label}
          </a>
          <MobileMenu pathname={pathname} />
        </div>
      </div>
    </header>
  );
}
