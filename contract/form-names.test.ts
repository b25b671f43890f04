import { describe, expect, it } from "vitest";
import { fastReplyFormNames, leadFormReplyPromises, replyPromiseOf, replyWindowHours, serviceFormName, serviceSlugs, tradeFormName, tradeKeys } from "./form-names.ts";
import { publicForms } from "./public-forms.ts";
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

  it("set a lead's reply deadline and its deadline order key", () => {
    const createdAt = "2026-03-02T10:00:00.000Z";
    expect(replyByOf(createdAt, "personal-injury-audit")).toBe("2026-03-02T14:00:00.000Z");
    expect(replyByOf(createdAt, "service-seo")).toBe("2026-03-03T10:00:00.000Z");
    expect(deadlineKey({ status: "new", createdAt, formName: "home-services-audit" })).toBe("0|2026-03-02T14:00:00.000Z");
  });
});
