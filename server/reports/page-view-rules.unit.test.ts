import { describe, expect, it } from "vitest";
import { firstKeptDay } from "./page-views.ts";
import { createViewLimiter, isKnownBot, viewRules } from "./page-view-rules.ts";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("which page views count", () => {
  it("leaves out bots, crawlers, previewers and headless browsers, and counts people's browsers", () => {
    for (const bot of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      // Googlebot's smartphone crawler: a real Chrome's UA with Googlebot appended.
      "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)",
      "WhatsApp/2.23.20.0",
      "curl/8.5.0",
      "python-requests/2.32.3",
      "Go-http-client/1.1",
      "",
      undefined,
    ]) {
      expect(isKnownBot(bot), String(bot)).toBe(true);
    }
    const people = [
      CHROME,
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    ];
    for (const person of [
      ...people,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    ]) {
      expect(isKnownBot(person), person).toBe(false);
    }
  });

  it("honours GPC and DNT, and leaves out admins and prefetches", () => {
    const uncountedReason = (headers: Record<string, string>, cookieName: string) => viewRules(cookieName)(headers);
    expect(uncountedReason({ "user-agent": CHROME }, "agency_session")).toBeNull();
    expect(uncountedReason({ "user-agent": CHROME, "sec-gpc": "1" }, "agency_session")).toBe("privacy");
    expect(uncountedReason({ "user-agent": CHROME, dnt: "1" }, "agency_session")).toBe("privacy");
    expect(uncountedReason({ "user-agent": CHROME, dnt: "0" }, "agency_session")).toBeNull();
    expect(uncountedReason({ "user-agent": CHROME, cookie: "theme=dark; agency_session=abc" }, "agency_session")).toBe(
      "admin",
    );
    expect(uncountedReason({ "user-agent": CHROME, cookie: "not_agency_session=abc" }, "agency_session")).toBeNull();
    expect(uncountedReason({ "user-agent": CHROME, "sec-purpose": "prefetch;prerender" }, "agency_session")).toBe(
      "prefetch",
    );
  });

  it("limits each address per minute, and forgets after the minute", () => {
    let now = Date.UTC(2026, 0, 1);
    const limiter = createViewLimiter(() => new Date(now), 3);
    expect([limiter.hit("a"), limiter.hit("a"), limiter.hit("a")]).toEqual([0, 0, 0]);
    expect(limiter.hit("a")).toBe(60_000);
    expect(limiter.hit("b")).toBe(0);
    now += 30_000;
    expect(limiter.hit("a")).toBe(30_000);
    now += 30_000;
    expect(limiter.hit("a")).toBe(0);
  });

  it("keeps the counts 25 months", () => {
    expect(firstKeptDay(new Date("2026-11-27T12:00:00Z"), "UTC")).toBe("2024-10-27");
    // A month without the day: its last day.
    expect(firstKeptDay(new Date("2027-03-31T12:00:00Z"), "UTC")).toBe("2025-02-28");
  });
});
