import { describe, expect, it } from "vitest";
import {
  fastReplyFormNames,
  leadFormReplyPromises,
  replyPromiseOf,
  replyWindowHours,
  serviceFormName,
  serviceSlugs,
  tradeFormName,
  tradeKeys,
} from "./form-names.ts";
import { publicForms } from "./public-forms.ts";
import { defaultBusinessHours, type BusinessHours } from "./business-hours.ts";
import { deadlineKey, replyByOf } from "./reply-window.ts";

describe("the forms' reply promises (SPEC §9)", () => {
  it("promise 4 hours on the home services and law firm forms only, 24 hours on every other", () => {
    expect([...fastReplyFormNames].sort()).toEqual(["home-services-audit", "personal-injury-audit"]);
    for (const [formName, promise] of leadFormReplyPromises) {
      expect(replyWindowHours(formName), formName).toBe(fastReplyFormNames.includes(formName) ? 4 : 24);
      expect(promise, formName).toBe(fastReplyFormNames.includes(formName) ? "4 hours" : "24 hours");
    }
  });

  it("give a lead with no form name, or one no page uses any more, the standard 24 hours", () => {
    for (const formName of [null, undefined, "", "a-retired-form", "HOME-SERVICES-AUDIT"]) {
      expect(replyPromiseOf(formName)).toBe("24 hours");
      expect(replyWindowHours(formName)).toBe(24);
    }
  });

  it("name every form a page shows, the service and trade pages' included, and the two default names", () => {
    const listed = new Set<string>(leadFormReplyPromises.keys());
    for (const formName of publicForms.keys()) expect(listed.has(formName), formName).toBe(true);
    for (const slug of serviceSlugs) expect(listed.has(serviceFormName(slug))).toBe(true);
    for (const trade of tradeKeys) expect(listed.has(tradeFormName(trade))).toBe(true);
    expect([...listed].filter((name) => !publicForms.has(name)).sort()).toEqual(["contact", "service-inquiry"]);
  });

  it("set a lead's reply deadline (in business hours) and its deadline order key", () => {
    // Monday 2 March, 5:00 AM in New York: the promise starts at 9:00.
    const createdAt = "2026-03-02T10:00:00.000Z";
    expect(replyByOf(createdAt, "personal-injury-audit", defaultBusinessHours)).toBe("2026-03-02T18:00:00.000Z");
    // 24 hours: 9 Monday, 9 Tuesday, 6 Wednesday: 3:00 PM Wednesday.
    expect(replyByOf(createdAt, "service-seo", defaultBusinessHours)).toBe("2026-03-04T20:00:00.000Z");
    const open: BusinessHours = {
      timeZone: "UTC",
      week: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: "00:00", close: "24:00" })),
      closedDates: [],
    };
    expect(replyByOf(createdAt, "home-services-audit", open)).toBe("2026-03-02T14:00:00.000Z");
    expect(deadlineKey({ status: "new", createdAt, replyBy: "2026-03-02T18:00:00.000Z" })).toBe(
      "0|2026-03-02T18:00:00.000Z",
    );
  });
});
