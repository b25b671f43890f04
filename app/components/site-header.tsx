import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { clsx as cn } from "clsx";
import { useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { industryNavigation, mainNavigation, siteConfig } from "../config/site.ts";

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

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:text-brand-700",
  );

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600" aria-label={`${siteConfig.companyName}, home`}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path d="M6 23 L13 12 L18 19 L21 15 L26 23 Z" fill="white" />
      </svg>
      <span className="text-lg font-extrabold text-brand-900">{siteConfig.companyName}</span>
    </Link>
  );
}

function IndustriesMenu() {
  const { pathname } = useLocation();
  const active = industryNavigation.some((item) => item.to === pathname);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(
          "inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[state=open]:text-brand-700",
          active ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:text-brand-700",
        )}
      >
        Industries
        <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={4} align="start" className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {industryNavigation.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link
                to={item.to}
                className={cn(
                  "block rounded-sm px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900",
                  item.to === pathname ? "font-bold text-brand-700" : "text-slate-800",
                )}
              >
                {item.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The slide-out side menu of small screens: a native modal <dialog>, which keeps focus inside while
 * open (the rest of the page is inert), closes on Escape, and returns focus to the menu button.
 */
function MobileMenu() {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();
  return (
    <>
      <button
        type="button"
        className="rounded-md p-2 text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        <MenuIcon />
      </button>
      <dialog
        ref={dialog}
        aria-label="Menu"
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className="m-0 ml-auto h-full max-h-none w-[300px] max-w-full bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="flex h-full flex-col gap-6 p-6">
          <div className="flex items-center justify-between">
            <p className="text-lg font-bold text-brand-900">Menu</p>
            <button
              type="button"
              onClick={close}
              className="rounded-md p-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              aria-label="Close menu"
            >
              <CloseIcon />
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul className="flex flex-col gap-1">
              {mainNavigation.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === "/"} className={linkClass} onClick={close}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <p className="mt-6 px-3 text-xs font-bold uppercase tracking-wider text-slate-700">Industries</p>
            <ul className="mt-1 flex flex-col gap-1">
              {industryNavigation.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={linkClass} onClick={close}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </dialog>
    </>
  );
}

export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <IndustriesMenu />
            </li>
          </ul>
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}
