import {
  footerCompany,
  footerGetStarted,
  footerIndustries,
  footerServices,
  siteConfig,
  type NavLink,
} from "../config/site.ts";
import { FacebookIcon, InstagramIcon, LinkedinIcon, YoutubeIcon } from "./social-icons.tsx";

const socialIcons = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  LinkedIn: LinkedinIcon,
  YouTube: YoutubeIcon,
} as const;

/**
 * The copyright line's years (issue 39 §5): from the site's first, the spec's 2025, to the year the page is
 * rendered in, never a year written into the code. The server renders pages at run time and renders them
 * again when the UTC year changes (server/site/page-renderer.ts), so a new year shows on New Year's Day.
 */
export function copyrightYears(now: Date = new Date()): string {
  const first = siteConfig.copyrightYear;
  const current = now.getUTCFullYear();
  return current > first ? `${first}–${current}` : String(first);
}

function LinkList({ title, links }: { title: string; links: NavLink[] }) {
  const id = `footer-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-bold uppercase tracking-wider text-white">
        {title}
      </h2>
      <ul className="mt-4 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <a
              href={link.to}
              className="rounded text-slate-300 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 lg:grid-cols-6 lg:gap-x-10">
        <div className="col-span-2">
          <p className="text-lg font-extrabold text-white">{siteConfig.companyName}</p>
          <p className="mt-3 max-w-md">{siteConfig.shortBlurb}</p>
          <ul className="mt-6 flex gap-3" aria-label="Social media">
            {siteConfig.socialLinks.map((social) => {
              const Icon = socialIcons[social.label as keyof typeof socialIcons];
              return (
                <li key={social.label}>
                  <a
                    href={social.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={`${siteConfig.companyName} on ${social.label} (opens in a new tab)`}
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-800 text-white hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
                  >
                    <Icon className="h-5 w-5" aria-hidden="true" />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        {/* The spec's two lists (SPEC §2 "Shared frame"), then every audience and the free offers (issue 14 §5). */}
        <LinkList title="Services" links={footerServices} />
        <LinkList title="Company" links={footerCompany} />
        <LinkList title="Industries" links={footerIndustries} />
        <LinkList title="Get Started" links={footerGetStarted} />
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400">
          © <span data-testid="copyright-years">{copyrightYears()}</span> {siteConfig.companyName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
