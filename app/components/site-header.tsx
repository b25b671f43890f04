import * as Dialog from "@radix-ui/react-dialog";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, Menu, X } from "lucide-react";
import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { industryNavigation, mainNavigation, siteConfig } from "../config/site.ts";
import { cn } from "../lib/utils.ts";

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
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
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

function MobileMenu() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="rounded-md p-2 text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 md:hidden" aria-label="Open menu">
        <Menu className="h-6 w-6" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[300px] flex-col gap-6 bg-white p-6 shadow-xl focus:outline-none" aria-describedby={undefined}>
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-brand-900">Menu</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600" aria-label="Close menu">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
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
            <p className="mt-6 px-3 text-xs font-bold uppercase tracking-wider text-slate-600">Industries</p>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
