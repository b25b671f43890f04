import { describe, expect, it } from "vitest";
import { contactLead, inquiryLead } from "../../tests/helpers/delivery-leads.ts";
import { followUpPushMessage, leadPushMessage, vapidSubject } from "./push.ts";

// What a new lead's notification says (issue 36: the form, the name, the service and the reply-by time, and
// a click opens the lead), and who the pushes say they come from.

describe("leadPushMessage", () => {
  it("names the lead, what they asked for, the form and the reply-by time in the owner's zone, and opens the lead", () => {
    const lead = contactLead({ formName: "contact-page", replyBy: "2026-11-24T15:04:05.000Z" });
    expect(leadPushMessage("contacts", lead, "America/New_York")).toEqual({
      title: "New lead: Ada Lovelace",
      body: "SEO Services, Website Design · Contact form on /contact · Reply by Tue, Nov 24, 10:04 AM EST",
      url: `/admin/leads/contacts/${lead.id}`,
      tag: `lead-${lead.id}`,
    });
  });

  it("says the service of an inquiry, and shortens a long name and body for a lock screen", () => {
    const lead = inquiryLead({ firstName: "Maximiliana-Josephine".repeat(3), lastName: "Okafor" });
    const message = leadPushMessage("inquiries", lead, "UTC");
    expect(message.title.length).toBeLessThanOrEqual(60);
    expect(message.title).toMatch(/^New lead: Maximiliana-Josephine.*…$/);
    expect(message.body.length).toBeLessThanOrEqual(160);
    expect(message.body).toContain("Reply by");
    expect(message.url).toBe(`/admin/leads/inquiries/${lead.id}`);
  });
});

describe("followUpPushMessage", () => {
  it("names the lead, says the follow-up's note (else what they asked for) and the number to call, and opens the lead", () => {
    const lead = contactLead({ followUpAt: "2026-11-25T15:00:00.000Z", followUpNote: "  Send the proposal " });
    expect(followUpPushMessage("contacts", lead)).toEqual({
      title: "Follow up: Ada Lovelace",
      body: "Send the proposal · +1 312 555 0100",
      url: `/admin/leads/contacts/${lead.id}`,
      tag: `follow-up-${lead.id}`,
    });
    expect(followUpPushMessage("contacts", contactLead({ followUpNote: null })).body).toBe(
      "SEO Services, Website Design · +1 312 555 0100",
    );
  });
});

describe("vapidSubject", () => {
  it("is the site over https, else the mail sender's address, else a placeholder push services accept", () => {
    expect(vapidSubject("https://www.summit.example", "Leads <leads@summit.example>")).toBe(
      "https://www.summit.example",
    );
    expect(vapidSubject("http://localhost:3000", "Summit Leads <leads@summit.example>")).toBe(
      "mailto:leads@summit.example",
    );
    expect(vapidSubject(null, "leads@summit.example")).toBe("mailto:leads@summit.example");
    expect(vapidSubject(null, null)).toBe("mailto:push@localhost.invalid");
    expect(vapidSubject(null, "not an address")).toBe("mailto:push@localhost.invalid");
  });
});
