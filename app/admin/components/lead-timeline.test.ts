import { describe, expect, it } from "vitest";
import type { LeadDetail } from "../../../contract/admin-leads.ts";
import type { Delivery } from "../../../contract/deliveries.ts";
import { leadTimeline } from "./lead-timeline.ts";

const leadId = "0b6c5a3e-6f7d-4a51-9a7e-1f2d3c4b5a69";

function delivery(overrides: Partial<Delivery>): Delivery {
  return {
    id: "d1",
    leadKind: "contacts",
    leadId,
    channel: "owner-email",
    recipient: "",
    state: "not-configured",
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    createdAt: "2026-03-02T15:00:00.000Z",
    updatedAt: "2026-03-02T15:00:00.000Z",
    sentAt: null,
    ...overrides,
  };
}

type TimelineLead = Parameters<typeof leadTimeline>[0];

const lead: TimelineLead = {
  id: leadId,
  createdAt: "2026-03-02T15:00:00.000Z",
  formName: "contact-page",
  pagePath: "/contact",
  deliveries: [
    delivery({}),
    delivery({
      id: "d2",
      channel: "webhook",
      recipient: "https://hooks.example/leads",
      state: "sent",
      attempts: 1,
      sentAt: "2026-03-02T15:00:02.000Z",
    }),
  ],
  notes: [{ id: "n1", body: "Left a voicemail", createdAt: "2026-03-03T10:00:00.000Z", author: null }],
  events: [
    { id: "e1", type: "status", at: "2026-03-03T10:00:00.000Z", from: "new", to: "contacted", by: null },
    {
      id: "e2",
      type: "follow-up",
      at: "2026-03-03T10:01:00.000Z",
      followUpAt: "2026-03-05T15:00:00.000Z",
      note: "call back Thursday",
      by: null,
    },
    { id: "e3", type: "follow-up", at: "2026-03-04T08:00:00.000Z", followUpAt: null, note: null, by: null },
  ],
} satisfies Pick<LeadDetail, keyof TimelineLead>;

describe("a lead's timeline", () => {
  it("names who made each change and wrote each note, and shows assignments (issue 23)", () => {
    const ana = { id: "u1", name: "Ana Ruiz" };
    const entries = leadTimeline({
      ...lead,
      notes: [{ id: "n1", body: "Left a voicemail", createdAt: "2026-03-03T10:00:00.000Z", author: ana }],
      events: [
        { id: "e1", type: "status", at: "2026-03-03T10:00:00.000Z", from: "new", to: "contacted", by: ana },
        {
          id: "e4",
          type: "assignment",
          at: "2026-03-03T09:00:00.000Z",
          assignee: { id: "u2", name: "Bo Chen" },
          by: ana,
        },
        {
          id: "e5",
          type: "assignment",
          at: "2026-03-03T09:30:00.000Z",
          assignee: null,
          by: { id: "u3", name: "Deleted user" },
        },
      ],
    });
    const titles = entries.map((entry) => entry.title);
    expect(titles).toContain("Note by Ana Ruiz");
    expect(titles).toContain("Status: New → Contacted · by Ana Ruiz");
    expect(titles).toContain("Assigned to Bo Chen · by Ana Ruiz");
    expect(titles).toContain("Unassigned · by Deleted user");
  });

  it("shows a won lead's value with its status change, and a value changed later (issue 38)", () => {
    const entries = leadTimeline({
      ...lead,
      notes: [],
      events: [
        {
          id: "e1",
          type: "status",
          at: "2026-03-03T10:00:00.000Z",
          from: "qualified",
          to: "won",
          value: 2500,
          by: null,
        },
        { id: "e2", type: "value", at: "2026-03-04T10:00:00.000Z", value: 900.5, by: null },
        { id: "e3", type: "value", at: "2026-03-05T10:00:00.000Z", value: null, by: null },
      ],
    });
    const titles = entries.map((entry) => entry.title);
    expect(titles).toContain("Status: Qualified → Won ($2,500.00)");
    expect(titles).toContain("Value set to $900.50");
    expect(titles).toContain("Value cleared");
  });

  it("puts arrival, deliveries, status changes, notes and follow-ups in one list, newest first", () => {
    const entries = leadTimeline(lead);
    expect(entries.map((entry) => entry.type)).toEqual([
      "follow-up",
      "follow-up",
      "note",
      "status",
      "delivery",
      "delivery",
      "arrival",
    ]);
    expect(entries.map((entry) => entry.title)).toEqual([
      "Follow-up cleared",
      expect.stringMatching(/^Follow-up set for /),
      "Note",
      "Status: New → Contacted",
      "Webhook: Sent",
      "E-mail to you: Not configured",
      "Arrived from the Contact page",
    ]);
  });

  it("says each thing in words, never a key", () => {
    const entries = leadTimeline(lead);
    const text = entries.map((entry) => `${entry.title} ${entry.detail ?? ""}`).join("\n");
    for (const key of ["contact-page", "owner-email", "not-configured", "new →", "contacted"])
      expect(text).not.toContain(key);
    expect(entries.find((entry) => entry.id === "arrival-" + leadId)?.detail).toBe("Sent from /contact");
    expect(entries.find((entry) => entry.id === "delivery-d1")?.detail).toBe(
      "Nobody was e-mailed: no address was set up.",
    );
    expect(entries.find((entry) => entry.id === "delivery-d2")?.detail).toBe("To https://hooks.example/leads");
    expect(entries.find((entry) => entry.id === "event-e2")?.detail).toBe("call back Thursday");
  });

  it("shows a lead with nothing but its arrival", () => {
    expect(leadTimeline({ ...lead, deliveries: [], notes: [], events: [], formName: null, pagePath: null })).toEqual([
      { type: "arrival", id: `arrival-${leadId}`, at: lead.createdAt, title: "Arrived", detail: null },
    ]);
  });
});
