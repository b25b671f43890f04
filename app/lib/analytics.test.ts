import { describe, expect, it, vi } from "vitest";
import { loadAnalytics, reportConversion, trackPageView } from "./analytics.ts";

// A stand-in window and document: enough to see what the analytics code adds and calls. `readyState`:
// "complete" is a page past its load event; "loading" one before it (fireLoad and runIdle move it on).
function fakeBrowser(readyState: DocumentReadyState = "complete") {
  const appended: { src: string; async: boolean }[] = [];
  const onLoad: Array<() => void> = [];
  const idle: Array<() => void> = [];
  const doc = {
    createElement: () => ({ src: "", async: false }),
    head: { appendChild: (node: { src: string; async: boolean }) => appended.push(node) },
  } as unknown as Document;
  const win = {
    location: { href: "http://localhost/services" },
    document: { title: "Services", readyState },
    addEventListener: (type: string, listener: () => void) => type === "load" && onLoad.push(listener),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    // A frame and the task after it: queued with the idle callbacks, in order.
    requestAnimationFrame: (callback: () => void) => idle.push(callback),
    setTimeout: (callback: () => void) => idle.push(callback),
  } as unknown as Window;
  const fireLoad = () => onLoad.splice(0).forEach((listener) => listener());
  /** Runs what waits for the frame, the task after it and the idle moment (each step may queue the next). */
  const runIdle = () => {
    for (let step = 0; step < 5; step += 1) idle.splice(0).forEach((callback) => callback());
  };
  return { doc, win, appended, fireLoad, runIdle };
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
    const { doc, win, appended, runIdle } = fakeBrowser();
    expect(loadAnalytics("G-TEST123", doc, win)).toBe(true);
    expect(loadAnalytics("G-TEST123", doc, win)).toBe(false);
    runIdle();
    expect(appended).toEqual([{ src: "https://www.googletagmanager.com/gtag/js?id=G-TEST123", async: true }]);
    const config = win
      .dataLayer!.map((entry) => Array.from(entry as ArrayLike<unknown>))
      .find((args) => args[0] === "config");
    expect(config).toEqual(["config", "G-TEST123", { send_page_view: false }]);
  });

  it("requests the script only after the load event, when the browser is idle, with the page view queued at once", () => {
    const { doc, win, appended, fireLoad, runIdle } = fakeBrowser("loading");
    loadAnalytics("G-TEST123", doc, win);
    trackPageView("/services", win);
    expect(win.dataLayer!.map((entry) => Array.from(entry as ArrayLike<unknown>)[1])).toContain("page_view");
    runIdle();
    expect(appended).toHaveLength(0);
    fireLoad();
    expect(appended).toHaveLength(0);
    runIdle();
    expect(appended.map((node) => node.src)).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-TEST123"]);
  });

  it("records one page_view event per call", () => {
    const { doc, win } = fakeBrowser();
    loadAnalytics("G-TEST123", doc, win);
    trackPageView("/services", win);
    const views = win
      .dataLayer!.map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[1] === "page_view");
    expect(views).toEqual([
      [
        "event",
        "page_view",
        { page_path: "/services", page_location: "http://localhost/services", page_title: "Services" },
      ],
    ]);
  });

  it("calls the conversion function only when the page defines it", () => {
    const { win } = fakeBrowser();
    expect(() => reportConversion(win)).not.toThrow();
    win.gtag_report_conversion = vi.fn();
    reportConversion(win);
    expect(win.gtag_report_conversion).toHaveBeenCalledTimes(1);
  });
});
