import type { ReactNode } from "react";
import { siteConfig } from "../../config/site.ts";
import type { BlogArticleView } from "../../content/blog-articles.ts";
import { ButtonLink } from "../sections.tsx";

// SPEC §2 "Blog articles": the sticky sidebar. Problem articles: Our Ultimate Offer (Learn More to
// /ultimate-pitch), Best Website Offer, the author card. Guides: both offers go to /ultimate-website-offer,
// then Digital Marketing Expert and three related services.

function SidebarCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

const relatedServices = [
  { href: "/services/seo", label: "Search Engine Optimization" },
  { href: "/services/sem", label: "Paid Advertising (SEM)" },
  { href: "/services/website-design", label: "Website Design and Development" },
];

export function ArticleSidebar({ kind }: { kind: BlogArticleView["kind"] }) {
  const guide = kind === "guide";
  return (
    <aside aria-label="Offers and author" className="space-y-6 lg:sticky lg:top-24">
      <SidebarCard title="Our Ultimate Offer">
        <p>SEO packages with a top 5 ranking guarantee, month-to-month or discounted for 12 months.</p>
        {guide ? (
          <ButtonLink to="/ultimate-website-offer" size="default" className="mt-4">
            View Offer
          </ButtonLink>
        ) : (
          <ButtonLink to="/ultimate-pitch" size="default" className="mt-4">
            Learn More<span className="sr-only"> about Our Ultimate Offer</span>
          </ButtonLink>
        )}
      </SidebarCard>
      <SidebarCard title="Best Website Offer">
        <p>A lead-focused website delivered in one week, with a 90-day results guarantee.</p>
        <ButtonLink to="/ultimate-website-offer" size="default" className="mt-4">
          View Offer
        </ButtonLink>
      </SidebarCard>
      {guide ? (
        <>
          <SidebarCard title="Digital Marketing Expert">
            <p>
              {siteConfig.author.name}, {siteConfig.author.role}. {siteConfig.author.bio}
            </p>
          </SidebarCard>
          <SidebarCard title="Related Services">
            <ul className="space-y-2">
              {relatedServices.map((service) => (
                <li key={service.href}>
                  <a href={service.href} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                    {service.label}
                  </a>
                </li>
              ))}
            </ul>
          </SidebarCard>
        </>
      ) : (
        <SidebarCard title={`About ${siteConfig.author.name}`}>
          <p>{siteConfig.author.bio}</p>
          <ButtonLink to="/about" size="default" emphasis="secondary" className="mt-4">
            Learn More About {siteConfig.author.name}
          </ButtonLink>
        </SidebarCard>
      )}
    </aside>
  );
}
