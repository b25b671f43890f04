import { clsx as cn } from "clsx";
import { industryNavigation, mainNavigation, siteConfig, type NavLink } from "../config/site.ts";

// Plain clsx and inline icons here: the frame is on every page's first load, so it stays light.

const iconProps = { width: 24, height: 24, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round", "aria-hidden": true } as const;
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
const ChevronDownIcon = () => (
  <svg {...iconProps} width={16} height={16}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);

// The fixed top bar: logo, main links, Industries dropdown (desktop) and a slide-out menu (mobile).
// Rendered to HTML at build time; the two menus' behavior is the small script site-menus.ts (no React
// in the browser for the frame), so pages without a form ship almost no JavaScript.

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

const linkClass = (isActive: boolean) =>
  cn("rounded-md px-3 py-2 text-sm font-semibold", focusRing, isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:text-brand-700");

function NavItem({ item, pathname }: { item: NavLink; pathname: string }) {
  // As React Router's NavLink did: a section link stays current on its sub-pages (/services/seo).
  const active = item.to === "/" ? pathname === "/" : pathname === item.to || pathname.startsWith(`${item.to}/`);
  return (
    <a href={item.to} className={cn("block", linkClass(active))} aria-current={active ? "page" : undefined}>
      {item.label}
    </a>
  );
}

function Logo() {
  return (
    <a href="/" className={cn("flex items-center gap-2 rounded-md", focusRing)} aria-label={`${siteConfig.companyName}, home`}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path d="M6 23 L13 12 L18 19 L21 15 L26 23 Z" fill="white" />
      </svg>
      <span className="text-lg font-extrabold text-brand-900">{siteConfig.companyName}</span>
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
        className={cn(
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
              className={cn(
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

/**
 * The slide-out side menu of small screens: a native modal <dialog>, which keeps focus inside while
 * open (the rest of the page is inert), closes on Escape, and returns focus to the menu button.
 */
function MobileMenu({ pathname }: { pathname: string }) {
  return (
    <>
      <button type="button" className={cn("rounded-md p-2 text-slate-900 md:hidden", focusRing)} aria-label="Open menu" aria-haspopup="dialog" data-dialog-open="mobile-menu">
        <MenuIcon />
      </button>
      <dialog
        id="mobile-menu"
        aria-label="Menu"
        data-close-on-backdrop
        className="m-0 ml-auto h-full max-h-none w-[300px] max-w-full bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="flex h-full flex-col gap-6 p-6">
          <div className="flex items-center justify-between">
            <p className="text-lg font-bold text-brand-900">Menu</p>
            <button type="button" data-dialog-close className={cn("rounded-md p-2", focusRing)} aria-label="Close menu">
              <CloseIcon />
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul className="flex flex-col gap-1">
              {mainNavigation.map((item) => (
                <li key={item.to}>
                  <NavItem item={item} pathname={pathname} />
                </li>
              ))}
            </ul>
            <p className="mt-6 px-3 text-xs font-bold uppercase tracking-wider text-slate-700">Industries</p>
            <ul className="mt-1 flex flex-col gap-1">
              {industryNavigation.map((item) => (
                <li key={item.to}>
                  <NavItem item={item} pathname={pathname} />
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </dialog>
    </>
  );
}

/** `pathname` is the page's own path, to mark the current link. */
export function SiteHeader({ pathname }: { pathname: string }) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
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
        <MobileMenu pathname={pathname} />
      </div>
    </header>
  );
}
