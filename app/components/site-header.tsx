import { Link, NavLink } from "react-router";
import { mainNavigation, siteConfig } from "../config/site.ts";

export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="text-lg font-bold text-brand-900">
          {siteConfig.companyName}
        </Link>
        <nav aria-label="Main">
          <ul className="flex gap-6">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) =>
                    isActive ? "font-semibold text-brand-700" : "text-slate-700 hover:text-brand-700"
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
