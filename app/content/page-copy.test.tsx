import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import Home from "../views/home.tsx";
import ServicePage from "../views/service-page.tsx";
import TradePage from "../views/trade-page.tsx";
import { applyPageCopy, editablePages } from "./page-copy.ts";

// Issue 39 §5: the basis of every figure and the names behind every testimonial are page copy. They are listed
// in the admin's page editor (editablePages, the fields the server validates a draft against), with the
// files' wording as their defaults, and an owner's published text is what the page then shows, in its place.

const fieldsOf = (key: string) => {
  const page = editablePages().find((candidate) => candidate.key === key);
  if (!page) throw new Error(`no editable page ${key}`);
  return new Map(page.fields.map((field) => [field.path, field]));
};

afterEach(() => applyPageCopy({}));

describe("the figures' sources and the testimonials are editable page copy", () => {
  it("lists the home page's three sources, the SEO page's four and each case study's name, company and town", () => {
    const home = fieldsOf("home");
    for (const index of [0, 1, 2]) {
      const field = home.get(`heroStats.${index}.source`);
      expect(field?.default).toMatch(/\w+ \w+ \w+/);
      expect(field?.max).toBeGreaterThanOrEqual(field!.default.length);
    }
    // The figures themselves are the spec's.
    expect(home.get("heroStats.1.value")?.default).toBe("250%");
    expect(home.get("heroStats.2.value")?.default).toBe("98%");
    expect(home.get("caseStudies.title")?.default).toBe("Local Businesses Getting More Calls");

    const seo = fieldsOf("services/seo");
    for (const path of [
      "results.stats.0.source",
      "results.stats.1.source",
      "results.stats.2.source",
      "results.highlightSource",
    ])
      expect(seo.get(path)?.default, path).toMatch(/\w+ \w+ \w+/);

    const plumbing = fieldsOf("plumbing");
    expect(plumbing.get("caseStudies.studies.0.author.name")?.default).toBe("Dave M.");
    expect(plumbing.get("caseStudies.studies.0.author.company")?.default).toBe("Lone Star Plumbing & Drain");
    expect(plumbing.get("caseStudies.studies.0.author.town")?.default).toBe("Georgetown, TX");
    const industry = fieldsOf("personal-injury");
    expect(industry.get("testimonial.company")?.default).toBe("Kessler Injury Law");
    expect(industry.get("testimonial.town")?.default).toBe("San Antonio, TX");
  });

  it("shows an owner's published source under its figure, linked from the figure's marker", () => {
    const before = renderToStaticMarkup(<Home />);
    expect(before).toContain("Based on the results our clients&#x27; accounts reported to us.");
    applyPageCopy({ home: { "heroStats.1.source": "Median of our 2025 client reports, Acme audit." } });
    const html = renderToStaticMarkup(<Home />);
    expect(html).not.toContain("Based on the results our clients&#x27; accounts reported to us.");
    const note = /<li id="home-numbers-source-2"[^>]*>([\s\S]*?)<\/li>/.exec(html)?.[1];
    expect(note).toContain("Median of our 2025 client reports, Acme audit.");
    expect(html).toMatch(/<a id="home-numbers-mark-2" href="#home-numbers-source-2"/);
  });

  it("shows the SEO page's edited sources, the highlight's last, and a case study's edited company on every page that shows it", () => {
    applyPageCopy({
      "services/seo": { "results.highlightSource": "From the visibility reports we send each month." },
      plumbing: { "caseStudies.studies.0.author.company": "Georgetown Pipe Works" },
    });
    const seo = renderToStaticMarkup(<ServicePage slug="seo" />);
    expect(/<li id="seo-results-source-4"[^>]*>([\s\S]*?)<\/li>/.exec(seo)?.[1]).toContain(
      "From the visibility reports we send each month.",
    );
    expect(seo).toMatch(/<a id="seo-results-mark-4" href="#seo-results-source-4"/);
    // The home page shows the plumbing page's first case study: one quote, edited in one place.
    expect(renderToStaticMarkup(<TradePage trade="plumbing" />)).toContain("Georgetown Pipe Works");
    expect(renderToStaticMarkup(<Home />)).toContain("Georgetown Pipe Works");
  });
});
