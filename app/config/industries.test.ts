import { describe, expect, it } from "vitest";
import { industryPageContent } from "./industry-pages.ts";
import { industryPages, tradeKeys, trades } from "./industries.ts";
import { industryNavigation } from "./site.ts";
import { tradeContactForm } from "./trade-pages.ts";

// One list of trades: the menu, the form names, the form titles and the trade cards all follow it.

describe("the trade list", () => {
  it("gives the Industries menu its spec order, labels and paths", () => {
    expect(industryNavigation).toEqual([
      { label: "Home Services", to: "/home-services" },
      { label: "Plumbing", to: "/plumbing" },
      { label: "HVAC", to: "/hvac" },
      { label: "Roofing", to: "/SEO-For-Roofing-Companies" },
    ]);
  });

  it("names each trade form <trade>-contact and titles it with the trade's label", () => {
    expect(tradeKeys.map((trade) => tradeContactForm(trade).formName)).toEqual([
      "plumbing-contact",
      "roofing-contact",
      "hvac-contact",
    ]);
    expect(tradeContactForm("hvac").title).toBe("Get More HVAC Jobs: Request Your Free Marketing Plan");
  });

  it("links the home services page's trade cards to the trade pages", () => {
    const cards = industryPageContent["home-services"].offerings.items.map(({ title, to }) => ({ title, to }));
    expect(cards).toEqual(
      [trades.roofing, trades.plumbing, trades.hvac].map(({ label, path }) => ({ title: label, to: path })),
    );
  });

  it("gives every page its own path", () => {
    const paths = [...Object.values(trades), ...Object.values(industryPages)].map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
