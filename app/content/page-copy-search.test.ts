import { afterEach, describe, expect, it } from "vitest";
import { siteConfig } from "../config/site.ts";
import { head as homeHead } from "../views/home.tsx";
import { serviceHead } from "../views/service-page.tsx";
import { applyPageCopy, editablePages } from "./page-copy.ts";

// Issue 37: each editable page's "Search and sharing" (its search result's title and description, its social
// image), offered first in the page editor with the files' texts as defaults, and written into the page's
// <head> by applyPageCopy through pageHead.

const metaOf = (head: ReturnType<typeof homeHead>, key: string) =>
  head.meta.find((tag) => tag.name === key || tag.property === key)?.content;

afterEach(() => applyPageCopy({}));

describe("search and sharing", () => {
  it("starts every page's fields with its title, description, social image and its text, the files' own as defaults", () => {
    const pages = editablePages();
    expect(pages.length).toBeGreaterThan(15);
    for (const page of pages) {
      expect(page.fields.slice(0, 4).map((field) => field.path)).toEqual([
        "search.title",
        "search.description",
        "search.image",
        "search.imageAlt",
      ]);
      // The copy objects' own meta texts are not offered a second time.
      expect(page.fields.filter((field) => field.path.startsWith("meta."))).toEqual([]);
      const [title, description, image, imageAlt] = page.fields;
      expect(title!.default.length, page.key).toBeGreaterThan(5);
      expect(description!.default.length, page.key).toBeGreaterThan(40);
      expect(image).toMatchObject({ kind: "image", optional: true, default: "" });
      expect(imageAlt).toMatchObject({ optional: true, default: "" });
    }
    const home = pages.find((page) => page.key === "home")!;
    expect(home.fields[0]!.default).toBe("Get Local Leads on Autopilot");
    expect(home.fields[0]!.label).toBe("Search and sharing › Title");
  });

  it("writes the published title, description and image into the page's head, and only that page's", () => {
    applyPageCopy({
      home: {
        "search.title": "Leads for Plumbers and Roofers",
        "search.description": "A description the owner wrote for the search result of the home page, long enough.",
        "search.image": "/media/0b6f1f0e-7c53-4a57-9f47-5f8e3c1f6a11/1200.webp",
        "search.imageAlt": "A plumber's van outside a house",
      },
    });
    const head = homeHead();
    expect(head.title).toBe(`Leads for Plumbers and Roofers | ${siteConfig.companyName}`);
    expect(metaOf(head, "description")).toBe(
      "A description the owner wrote for the search result of the home page, long enough.",
    );
    expect(metaOf(head, "og:title")).toBe(head.title);
    expect(metaOf(head, "og:image")).toBe(
      `${siteConfig.siteOrigin}/media/0b6f1f0e-7c53-4a57-9f47-5f8e3c1f6a11/1200.webp`,
    );
    expect(metaOf(head, "og:image:alt")).toBe("A plumber's van outside a house");
    expect(metaOf(head, "twitter:card")).toBe("summary_large_image");
    // The files' texts stay the editor's defaults while an override is live.
    expect(head.files?.title).toBe("Get Local Leads on Autopilot");
    // Another page keeps its own.
    expect(serviceHead("seo").title).not.toContain("Leads for Plumbers and Roofers");

    applyPageCopy({});
    const restored = homeHead();
    expect(restored.title).toBe(`Get Local Leads on Autopilot | ${siteConfig.companyName}`);
    expect(metaOf(restored, "og:image")).toBeUndefined();
  });
});
