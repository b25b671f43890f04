import { describe, expect, it } from "vitest";
import {
  adminWindowFor,
  clickTarget,
  FALLBACK_MESSAGE,
  notificationOptions,
  pushMessageFrom,
} from "./push-notifications.ts";

const origin = "https://agency.example";

describe("pushMessageFrom", () => {
  it("reads the server's message (contract/push-subscriptions.ts)", () => {
    const message = {
      title: "New lead: Ada Lovelace",
      body: "SEO Services · Reply by Tue, Nov 24, 10:04 AM EST",
      url: "/admin/leads/contacts/0b6c1f57-5a43-4c43-9d8f-4f1d1b0c3e11",
      tag: "lead-0b6c1f57-5a43-4c43-9d8f-4f1d1b0c3e11",
    };
    expect(pushMessageFrom(JSON.stringify(message))).toEqual(message);
  });

  it("shows the generic notification for a payload that is missing, not JSON, or has no title", () => {
    for (const payload of [null, undefined, "", "New lead!", "[1,2]", "null", '"text"', '{"body":"no title"}']) {
      expect(pushMessageFrom(payload), String(payload)).toEqual(FALLBACK_MESSAGE);
    }
    expect(FALLBACK_MESSAGE).toMatchObject({ title: "New activity", url: "/admin/" });
  });

  it("fills a missing body, url or tag, and shortens what is too long", () => {
    const message = pushMessageFrom(JSON.stringify({ title: ` ${"T".repeat(200)} `, body: 42 }));
    expect(message.title).toHaveLength(120);
    expect(message).toMatchObject({ body: "", url: "/admin/", tag: FALLBACK_MESSAGE.tag });
  });
});

describe("notificationOptions", () => {
  it("carries the body, the tag (renotifying), the icons and the address for the click", () => {
    expect(notificationOptions({ title: "T", body: "B", url: "/admin/leads/x/1", tag: "lead-1" })).toEqual({
      body: "B",
      tag: "lead-1",
      renotify: true,
      icon: "/admin/icons/icon-192.png",
      badge: "/admin/icons/badge-96.png",
      data: { url: "/admin/leads/x/1" },
    });
  });
});

describe("clickTarget", () => {
  it("opens an admin path on this origin, with its query and fragment", () => {
    expect(clickTarget("/admin/leads/contact-submissions/abc", origin)).toBe(
      "https://agency.example/admin/leads/contact-submissions/abc",
    );
    expect(clickTarget("/admin/leads/contacts?status=new#top", origin)).toBe(
      "https://agency.example/admin/leads/contacts?status=new#top",
    );
  });

  it("opens the admin's home for anything else: other origins, other paths, scripts, no url", () => {
    for (const url of [
      "https://evil.example/admin/x",
      "//evil.example/admin/x",
      "javascript:alert(1)",
      "/about",
      "/administrator",
      "/admin",
      "/admin/../about",
      "/admin/%2e%2e/about",
      "admin/leads",
      "",
      undefined,
      42,
    ]) {
      expect(clickTarget(url, origin), String(url)).toBe("https://agency.example/admin/");
    }
  });
});

describe("adminWindowFor", () => {
  const win = (url: string, focused = false, visibilityState = "hidden") => ({ url, focused, visibilityState });

  it("prefers a focused admin window, then a visible one, then any admin window", () => {
    const hidden = win(`${origin}/admin/submissions`);
    const visible = win(`${origin}/admin/leads/contacts`, false, "visible");
    const focused = win(`${origin}/admin/account`, true, "visible");
    expect(adminWindowFor([hidden, visible, focused], origin)).toBe(focused);
    expect(adminWindowFor([hidden, visible], origin)).toBe(visible);
    expect(adminWindowFor([hidden], origin)).toBe(hidden);
  });

  it("leaves the public site's windows and other origins alone", () => {
    expect(adminWindowFor([win(`${origin}/contact`, true), win("https://other.example/admin/x", true)], origin)).toBe(
      null,
    );
    expect(adminWindowFor([], origin)).toBe(null);
  });
});
