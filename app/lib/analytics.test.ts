import { describe, expect, it, vi } from "vitest";
import { loadAnalytics, reportConversion, trackPageView } from "./analytics.ts";

// A stand-in window and document: enough to see what the analytics code adds and calls.
function fakeBrowser() {
  const appended: { src: string; async: boolean }[] = [];
  const doc = {
    createElement: () => ({ src: "", async: false }),
    head: { appendChild: (node: { src: string; async: boolean }) => appended.push(node) },
  } as unknown as Document;
  const win = { location: { href: "http://localhost/services" }, document: { title: "Services" } } as unknown as Window;
  return { doc, win, appended };
}

describe("analytics", () => {
  it("loads nothing and defines nothing without a measurement ID", () => {
    const { doc, win, appended } = fakeBrowser();
    expect(loadAnalytics("", doc, win)).toBe(false);
    expect(appended).toHaveLength(0);
    expect(win.gtag).toBeUndefined();
    expect(() => trackPageView("/", win)).not.toThrow();
    expect(win.dataLayer).toBeUndefined();
  });

  it("loads the script asynchronously once, without an automatic page view", () => {
    const { doc, win, appended } = fakeBrowser();
    expect(loadAnalytics("G-TEST123", doc, win)).toBe(true);
    expect(loadAnalytics("G-TEST123", doc, win)).toBe(false);
    expect(appended).toEqual([{ src: "https://www.googletagmanager.com/gtag/js?id=G-TEST123", async: true }]);
    const config = win.dataLayer!.map((entry) => Array.from(entry as ArrayLike<unknown>)).find((args) => args[0] === "config");
    expect(config).toEqual(["config", "G-TEST123", { send_page_view: false }]);
  });

  it("records one page_view event per call", () => {
    const { doc, win } = fakeBrowser();
    loadAnalytics("G-TEST123", doc, win);
    trackPageView("/services", win);
    const views = win.dataLayer!.map((entry) => Array.from(entry as ArrayLike<unknown>)).filter((args) => args[1] === "page_view");
    expect(views).toEqual([["event", "page_view", { page_path: "/services", page_location: "http://localhost/services", page_title: "Services" }]]);
  });

  it("calls the conversion function only when the page defines it", () => {
    const { win } = fakeBrowser();
    expect(() => reportConversion(win)).not.toThrow();
    win.gtag_report_conversion = vi.fn();
    reportConversion(win);
    expect(win.gtag_report_conversion).toHaveBeenCalledTimes(1);
  });
});
