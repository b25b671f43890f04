import { describe, expect, it } from "vitest";
import type { ContactLead, InquiryLead } from "./admin-leads.ts";
import {
  defaultReplyTemplate,
  renderTemplate,
  replyInput,
  replyLeadFacts,
  replyTemplateInput,
  unknownPlaceholders,
  type ReplySender,
} from "./lead-messages.ts";
import { nextCallSlot, callInput } from "./lead-calls.ts";
import { defaultBusinessHours } from "./business-hours.ts";

const sender: ReplySender = {
  senderName: "Ana Ruiz",
  companyName: "Summit Lead Marketing",
  phone: "(512) 555-0186",
  bookingLink: "https://summit.example/contact#schedule-call",
};
const inquiry = { firstName: "Marcus", lastName: "Reyes", serviceType: "paid-ads" } as InquiryLead;
const contact = {
  firstName: " Dana ",
  lastName: "Whitfield",
  products: ["SEO Services", "Website Design", "Email Marketing"],
} as ContactLead;

describe("renderTemplate", () => {
  it("fills every placeholder with the lead's and the sender's facts", () => {
    const template = {
      subject: "{{ companyName }} · {{service}}",
      body: "{{greeting}}\n{{firstName}}|{{fullName}}|{{service}}|{{bookingLink}}|{{senderName}}\n\n{{signature}}",
    };
    expect(renderTemplate(template, replyLeadFacts("inquiries", inquiry), sender)).toEqual({
      subject: "Summit Lead Marketing · Paid Advertising Management",
      body: "Hi Marcus,\nMarcus|Marcus Reyes|Paid Advertising Management|https://summit.example/contact#schedule-call|Ana Ruiz\n\nAna Ruiz\nSummit Lead Marketing\n(512) 555-0186",
    });
  });

  it("names a contact's products as a list, trims the name, and says hello without one", () => {
    expect(
      renderTemplate({ subject: "s", body: "{{greeting}} {{service}}" }, replyLeadFacts("contacts", contact), sender)
        .body,
    ).toBe("Hi Dana, SEO Services, Website Design, and Email Marketing");
    const nameless = { ...contact, firstName: "", products: [] } as ContactLead;
    expect(
      renderTemplate({ subject: "s", body: "{{greeting}} {{service}}" }, replyLeadFacts("contacts", nameless), sender)
        .body,
    ).toBe("Hello, our services");
  });

  it("keeps a placeholder that is not ours as typed, and the subject on one line", () => {
    expect(
      renderTemplate(
        { subject: "a\n {{nope}}", body: "{{nope}} {{firstName}}" },
        replyLeadFacts("inquiries", inquiry),
        sender,
      ),
    ).toEqual({ subject: "a {{nope}}", body: "{{nope}} Marcus" });
  });

  it("renders the default template into a reply the API takes", () => {
    const rendered = renderTemplate(defaultReplyTemplate, replyLeadFacts("inquiries", inquiry), sender);
    expect(rendered.subject).toBe("Your request to Summit Lead Marketing");
    expect(rendered.body).toContain("Thank you for getting in touch about Paid Advertising Management.");
    expect(rendered.body).toContain("https://summit.example/contact#schedule-call");
    expect(rendered.body.endsWith("Ana Ruiz\nSummit Lead Marketing\n(512) 555-0186")).toBe(true);
    expect(replyInput.safeParse(rendered).success).toBe(true);
  });
});

describe("the payloads", () => {
  it("refuses a blank subject, a two-line subject and a body past 20,000 characters, with their messages", () => {
    const bad = replyInput.safeParse({ subject: "  ", body: "x".repeat(20_001) });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["subject", "Enter your subject."],
      ["body", "Shorten your message to 20000 characters or fewer."],
    ]);
    expect(replyInput.safeParse({ subject: "a\nb", body: "x" }).error!.issues[0]!.message).toBe(
      "Remove the unsupported characters from your subject.",
    );
  });

  it("refuses a template with an unknown placeholder, naming it", () => {
    expect(unknownPlaceholders("{{firstName}} {{frist}} {{frist}} {{ bad }}")).toEqual(["{{frist}}", "{{ bad }}"]);
    const bad = replyTemplateInput.safeParse({ name: "Hi", subject: "ok", body: "Dear {{frist}}" });
    expect(bad.error!.issues[0]!.message).toMatch(/^Replace \{\{frist\}\}: the placeholders are \{\{greeting\}\}, /);
  });

  it("takes a call's outcome from the list and a note of at most 500 characters", () => {
    expect(callInput.parse({ outcome: "reached", note: "  " })).toEqual({ outcome: "reached", note: undefined });
    expect(callInput.safeParse({ outcome: "busy" }).error!.issues[0]!.message).toBe(
      "Choose the call's outcome: reached, voicemail, no-answer.",
    );
    expect(callInput.safeParse({ outcome: "voicemail", note: "x".repeat(501) }).error!.issues[0]!.message).toBe(
      "Shorten your note to 500 characters or fewer.",
    );
  });
});

describe("nextCallSlot (the spec's hours, New York)", () => {
  it("is two hours later while the business is open", () => {
    // Tuesday 10:05 AM EDT -> 12:15 PM (the next quarter hour).
    expect(nextCallSlot(new Date("2026-06-02T14:05:00Z"), defaultBusinessHours).toISOString()).toBe(
      "2026-06-02T16:15:00.000Z",
    );
  });
  it("is the next opening after the evening and over a weekend", () => {
    // Friday 6:40 PM EDT -> Monday 9:00 AM EDT.
    expect(nextCallSlot(new Date("2026-06-05T22:40:00Z"), defaultBusinessHours).toISOString()).toBe(
      "2026-06-08T13:00:00.000Z",
    );
    // Thursday 4:30 PM EST: 6:30 PM is closed -> Friday 9:00 AM EST.
    expect(nextCallSlot(new Date("2026-01-15T21:30:00Z"), defaultBusinessHours).toISOString()).toBe(
      "2026-01-16T14:00:00.000Z",
    );
  });
  it("skips a closed date and crosses a daylight-saving change", () => {
    const hours = { ...defaultBusinessHours, closedDates: ["2026-03-09"] };
    // Friday March 6, 5 PM EST -> Monday 9th closed -> Tuesday March 10, 9:00 AM EDT (13:00Z).
    expect(nextCallSlot(new Date("2026-03-06T22:00:00Z"), hours).toISOString()).toBe("2026-03-10T13:00:00.000Z");
  });
});
