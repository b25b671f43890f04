import { describe, expect, it } from "vitest";
import type { AddressObject } from "mailparser";
import { contactLead, inquiryLead } from "../../../tests/helpers/delivery-leads.ts";
import { icsLines } from "../../../tests/helpers/ics-lines.ts";
import { smtpServerForThisFile } from "../../../tests/helpers/smtp-fixture.ts";
import { autoReplyMail } from "./auto-reply.ts";
import type { MailTransport } from "./mail-transport.ts";
import { GLANCE_MAX, glanceLine, ownerMail } from "./owner-mail.ts";

// The two lead e-mails sent through a real SMTP server and read back with mailparser.

const sink = smtpServerForThisFile();

const from = "Agency Team <hello@agency.example>";
const adminUrl = "https://agency.example/admin/leads/contacts/7b0c6a52-2f4e-4d3a-9a51-0c1e5f3d2a11";
const owner = (overrides: Partial<Parameters<typeof ownerMail>[0]> = {}) =>
  ownerMail({
    kind: "contacts",
    lead: contactLead(),
    deliveryId: "d-1",
    from,
    to: ["owner@agency.example", "sales@agency.example"],
    ownerTimeZone: "America/New_York",
    adminUrl,
    ...overrides,
  });

async function sendAndReceive(message: Parameters<MailTransport["send"]>[0]) {
  await sink.transport.send(message);
  expect(sink.smtp.received).toHaveLength(1);
  return sink.smtp.received[0]!;
}
const addresses = (field: AddressObject | AddressObject[] | undefined) => [field ?? []].flat().flatMap((a) => a.value);
const headerNames = (raw: string) =>
  raw
    .slice(0, raw.indexOf("\r\n\r\n"))
    .split("\r\n")
    .filter((line) => !/^\s/.test(line))
    .map((line) => line.slice(0, line.indexOf(":")).toLowerCase());

describe("the owner's e-mail", () => {
  it("carries every field, both time zones, the link, and Reply-To the lead", async () => {
    const { parsed, envelopeTo } = await sendAndReceive(owner());
    expect(parsed.subject).toBe("New lead: Ada Lovelace — SEO Services, Website Design");
    expect(addresses(parsed.from)).toEqual([{ name: "Agency Team", address: "hello@agency.example" }]);
    expect(addresses(parsed.to).map((a) => a.address)).toEqual(["owner@agency.example", "sales@agency.example"]);
    expect(envelopeTo).toEqual(["owner@agency.example", "sales@agency.example"]);
    expect(addresses(parsed.replyTo)).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
    expect(parsed.messageId).toBe("<d-1@agency.example>");
    const meeting = "Wed, Dec 2, 2026, 10:00 AM Central Time (America/Chicago) · 11:00 AM Eastern Time (owner's time)";
    for (const line of [
      "E-mail: ada@example.com",
      "Phone: +1 312 555 0100",
      "Company: Analytical Engines LLC",
      "Products: SEO Services, Website Design",
      `Requested meeting: ${meeting}`,
      "Status: new",
      "Received: Mon, Nov 23, 2026, 10:04 AM Eastern Time",
      "Reply by: Tue, Nov 24, 2026, 10:04 AM Eastern Time",
      "Page: /contact",
      "Form: contact",
      "UTM source: google",
      "UTM medium: cpc",
      "UTM campaign: winter-seo",
      "UTM term: seo agency",
      "UTM content: ad-b",
      "Referrer: https://www.google.com/",
      `Open the lead: ${adminUrl}`,
    ]) {
      expect(parsed.text).toContain(line);
    }
    expect(parsed.html).toContain(`<a href="${adminUrl}"`);
    expect(parsed.html).toContain(meeting.replace("owner's", "owner&#39;s"));
    // Issues 33 and 36: the reply-by time leads, with the name and the service, in a first line a phone's
    // lock screen shows whole; then the one link; and the answer belongs in the admin, where it is recorded.
    const lines = (parsed.text ?? "").split("\n");
    expect(lines[0]).toBe("Reply by Tue, Nov 24, 10:04 AM EST: Ada Lovelace — SEO Services, Website Design");
    expect(lines[1]).toBe(`Open the lead: ${adminUrl}`);
    expect(lines[3]).toBe("New contact request from Ada Lovelace. Reply by Tue, Nov 24, 2026, 10:04 AM Eastern Time.");
    // The HTML leads the same way: the preview line, the deadline, then one button, the only link.
    const html = parsed.html || "";
    expect(html.indexOf("Reply by Tue, Nov 24, 2026, 10:04 AM Eastern Time")).toBeLessThan(html.indexOf("<h1"));
    expect(html.match(/<a href="[^"]*"[^>]*>Open the lead<\/a>/g)).toEqual([expect.stringContaining(adminUrl)]);
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain(`<div style="display:none;max-height:0;overflow:hidden">${lines[0]}</div>`);
    expect(parsed.text).toContain(
      "Answer from the lead's page in the admin (Reply, or Log a call) so the answer is recorded.",
    );
    expect(parsed.text).not.toContain("Reply to this e-mail to answer the lead.");
  });

  it("escapes a lead named <script> in the HTML and keeps it as text in the text part", async () => {
    const lead = contactLead({ firstName: "<script>alert(1)</script>", company: `"Quotes" & <b>bold</b>` });
    const { parsed } = await sendAndReceive(owner({ lead }));
    expect(parsed.html).not.toContain("<script>");
    expect(parsed.html).not.toContain("<b>bold</b>");
    expect(parsed.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Lovelace");
    expect(parsed.html).toContain("&quot;Quotes&quot; &amp; &lt;b&gt;bold&lt;/b&gt;");
    expect(parsed.text).toContain("Name: <script>alert(1)</script> Lovelace");
    expect(parsed.subject).toBe("New lead: <script>alert(1)</script> Lovelace — SEO Services, Website Design");
  });

  it("keeps a CR/LF injection in a name out of the headers", async () => {
    const lead = contactLead({ firstName: "Eve\r\nBcc: victim@example.com", lastName: "X\nX-Injected: yes" });
    const { parsed, raw, envelopeTo } = await sendAndReceive(owner({ lead }));
    expect(parsed.subject).toBe(
      "New lead: Eve Bcc: victim@example.com X X-Injected: yes — SEO Services, Website Design",
    );
    expect(headerNames(raw)).not.toContain("bcc");
    expect(headerNames(raw)).not.toContain("x-injected");
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(envelopeTo).toEqual(["owner@agency.example", "sales@agency.example"]);
    expect(addresses(parsed.replyTo)).toEqual([
      { name: "Eve Bcc: victim@example.com X X-Injected: yes", address: "ada@example.com" },
    ]);
  });

  it("keeps the first line within a lock screen's 90 characters, with the deadline, the name and the service", () => {
    const cases = [
      { firstName: "A".repeat(100), lastName: "B".repeat(100), products: ["SEO Services", "Website Design"] },
      {
        firstName: "Ada",
        lastName: "Lovelace",
        products: ["SEO Services", "Website Design", "Email Marketing", "Social Media"],
      },
      { firstName: "Maximiliana Josephina", lastName: "Featherstonehaugh-Worthington", products: ["SEO Services"] },
    ];
    for (const fields of cases) {
      const mail = owner({ lead: contactLead(fields) });
      const first = String(mail.text).split("\n")[0]!;
      expect(first.length, first).toBeLessThanOrEqual(GLANCE_MAX);
      expect(first, first).toMatch(/^Reply by Tue, Nov 24, 10:04 AM EST: /);
      expect(first, first).toContain(fields.firstName.slice(0, 8));
      expect(first, first).toContain(fields.products[0]!.slice(0, 12));
    }
    // Short enough, nothing is cut.
    expect(glanceLine("Tue, Nov 24, 10:04 AM EST", "Ada Lovelace", "SEO Services")).toBe(
      "Reply by Tue, Nov 24, 10:04 AM EST: Ada Lovelace — SEO Services",
    );
  });

  it("bounds a long subject", async () => {
    const { parsed } = await sendAndReceive(
      owner({ lead: contactLead({ firstName: "A".repeat(100), lastName: "B".repeat(100) }) }),
    );
    expect(parsed.subject).toHaveLength(150);
    expect(parsed.subject!.endsWith("…")).toBe(true);
  });

  it("says there is no link when SITE_ORIGIN is not set", async () => {
    const { parsed } = await sendAndReceive(owner({ adminUrl: null }));
    expect(parsed.text).toContain("No link to the admin: SITE_ORIGIN is not set.");
    expect(parsed.html).not.toContain("<a href");
  });

  it("lists an inquiry's service, budget and message", async () => {
    const { parsed } = await sendAndReceive(
      ownerMail({
        kind: "inquiries",
        lead: inquiryLead(),
        deliveryId: "d-2",
        from,
        to: ["owner@agency.example"],
        ownerTimeZone: "America/New_York",
        adminUrl: null,
      }),
    );
    expect(parsed.subject).toBe("New lead: Grace Hopper — Search Engine Optimization");
    expect(parsed.text).toContain(
      "Service: Search Engine Optimization\nBudget: Prefer to discuss\nMessage:\n  We need more calls.\n  Mostly from Arlington.",
    );
    expect(parsed.html).toContain("We need more calls.<br>Mostly from Arlington.");
  });

  it("gives the same Message-ID every time a delivery is sent", async () => {
    await sink.transport.send(owner({ deliveryId: "delivery-42" }));
    await sink.transport.send(owner({ deliveryId: "delivery-42" }));
    await sink.transport.send(owner({ deliveryId: "delivery-43" }));
    expect(sink.smtp.received.map((m) => m.parsed.messageId)).toEqual([
      "<delivery-42@agency.example>",
      "<delivery-42@agency.example>",
      "<delivery-43@agency.example>",
    ]);
  });
});

describe("the auto-reply", () => {
  const now = new Date("2026-11-23T15:04:05.000Z");

  it("thanks the lead by first name, lists the products and the meeting, promises 24 hours and attaches the requested meeting", async () => {
    const { parsed, envelopeTo } = await sendAndReceive(
      autoReplyMail({
        kind: "contacts",
        lead: contactLead(),
        deliveryId: "d-3",
        from,
        companyName: "Acme Marketing",
        phone: "+1 800 555 0000",
        now,
      }),
    );
    expect(envelopeTo).toEqual(["ada@example.com"]);
    expect(addresses(parsed.from)).toEqual([{ name: "Agency Team", address: "hello@agency.example" }]);
    expect(addresses(parsed.to)).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
    expect(parsed.subject).toBe("Acme Marketing: we received your request");
    expect(parsed.messageId).toBe("<d-3@agency.example>");
    expect(parsed.text).toMatch(/^Hello Ada,\n/);
    expect(parsed.text).toContain("Thank you for contacting Acme Marketing. We will get back to you within 24 hours.");
    expect(parsed.text).toContain("requested, not yet booked");
    expect(parsed.text).toContain("Products: SEO Services, Website Design");
    expect(parsed.text).toContain("Requested meeting: Wed, Dec 2, 2026, 10:00 AM Central Time (America/Chicago)");
    expect(parsed.text).not.toContain("owner");
    expect(parsed.text).not.toContain("UTM");
    expect(parsed.text).toContain("call us at +1 800 555 0000");
    // What they typed stays out: their own company, phone, address and last name.
    for (const typed of ["Analytical Engines", "312 555 0100", "ada@example.com", "Lovelace"]) {
      expect(parsed.text).not.toContain(typed);
      expect(parsed.html).not.toContain(typed);
    }

    expect(parsed.attachments).toHaveLength(1);
    const [ics] = parsed.attachments;
    expect(ics!.filename).toBe("meeting-request.ics");
    expect(ics!.contentType).toBe("text/calendar");
    const text = ics!.content.toString("utf8");
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = icsLines(text);
    expect(lines).toContain("METHOD:PUBLISH");
    expect(lines).toContain("TZID:America/Chicago");
    expect(lines).toContain("DTSTART;TZID=America/Chicago:20261202T100000");
    expect(lines).toContain("DURATION:PT30M");
    expect(lines).toContain("STATUS:TENTATIVE");
    expect(lines).toContain("SUMMARY:Meeting with Acme Marketing (requested — to be confirmed)");
    expect(lines).toContain("UID:d-3@agency.example");
    expect(lines).toContain("DTSTAMP:20261123T150405Z");
    expect(lines).toContain('ORGANIZER;CN="Acme Marketing":mailto:hello@agency.example');
    expect(text).not.toContain("Ada");
    expect(text).not.toContain("Lovelace");
  });

  it("promises 4 hours on the home-services and law-firm forms", async () => {
    for (const formName of ["home-services-audit", "personal-injury-audit"]) {
      const mail = autoReplyMail({
        kind: "contacts",
        lead: contactLead({ formName }),
        deliveryId: `d-${formName}`,
        from,
        now,
      });
      await sink.transport.send(mail);
    }
    expect(sink.smtp.received).toHaveLength(2);
    for (const { parsed } of sink.smtp.received) {
      expect(parsed.text).toContain("We will get back to you within 4 hours.");
      expect(parsed.html).toContain("We will get back to you within 4 hours.");
    }
  });

  it("names the form it came from when the form is one of ours", async () => {
    const { parsed } = await sendAndReceive(
      autoReplyMail({
        kind: "contacts",
        lead: contactLead({ formName: "lead-audit", pagePath: "/get-leads?x=evil.example" }),
        deliveryId: "d-6",
        from,
        now,
      }),
    );
    expect(parsed.text).toContain("Form: Get Your FREE Lead Audit (/get-leads)");
    expect(parsed.text).not.toContain("evil.example");
  });

  it("greets a name that is not a name neutrally, addresses the bare address, and attaches no calendar file without a full meeting request", async () => {
    const lead = contactLead({ firstName: "<img src=x onerror=alert(1)>", meetingTime: null, products: [] });
    const { parsed } = await sendAndReceive(autoReplyMail({ kind: "contacts", lead, deliveryId: "d-4", from, now }));
    expect(parsed.attachments).toHaveLength(0);
    expect(parsed.text).toMatch(/^Hello,\n/);
    expect(parsed.html).toContain("<p>Hello,</p>");
    expect(parsed.html).not.toContain("img");
    expect(addresses(parsed.to)).toEqual([{ name: "", address: "ada@example.com" }]);
    expect(parsed.text).toContain("Thank you for contacting Agency Team.");
    expect(parsed.text).toContain("Requested meeting: Wed, Dec 2, 2026 (no time chosen)");
  });

  it("carries none of the visitor's free text: only our words and values from closed lists", async () => {
    const lead = contactLead({
      firstName: "Visit pills.example",
      lastName: "https://evil.example/win",
      company: "Cheap pills at evil.example",
      phone: "+1 555 0100 call evil.example",
      products: ["SEO Services", "Free money at evil.example"],
      formName: "evil-form",
    });
    const { parsed } = await sendAndReceive(
      autoReplyMail({ kind: "contacts", lead, deliveryId: "d-7", from, companyName: "Acme Marketing", now }),
    );
    const seen = [
      parsed.subject,
      parsed.text,
      parsed.html,
      ...parsed.attachments.map((a) => a.content.toString("utf8")),
    ].join("\n");
    for (const typed of ["pills", "evil", "Free money", "0100"]) expect(seen).not.toContain(typed);
    expect(parsed.subject).toBe("Acme Marketing: we received your request");
    expect(parsed.text).toContain("Products: SEO Services\n");
    expect(parsed.text).not.toContain("Form:");
    expect(addresses(parsed.to)).toEqual([{ name: "", address: "ada@example.com" }]);
  });

  it("confirms an inquiry with its service, without the message or an attachment", async () => {
    const { parsed } = await sendAndReceive(
      autoReplyMail({ kind: "inquiries", lead: inquiryLead(), deliveryId: "d-5", from: "hello@agency.example", now }),
    );
    expect(parsed.attachments).toHaveLength(0);
    expect(parsed.subject).toBe("We received your request");
    expect(parsed.text).toContain("Thank you for contacting our team. We will get back to you within 24 hours.");
    expect(parsed.text).toContain("Service: Search Engine Optimization");
    expect(parsed.text).not.toContain("requested, not yet booked");
    expect(parsed.text).not.toContain("We need more calls");
    expect(parsed.text).not.toContain("Arlington");
  });
});
