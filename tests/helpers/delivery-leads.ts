import type { LeadOf } from "../../server/repositories/leads/lead-tables.ts";

// Stored leads as the delivery modules receive them, with every field filled in; override what a test is about.

export function contactLead(overrides: Partial<LeadOf["contacts"]> = {}): LeadOf["contacts"] {
  return {
    id: "7b0c6a52-2f4e-4d3a-9a51-0c1e5f3d2a11",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "+1 312 555 0100",
    company: "Analytical Engines LLC",
    products: ["SEO Services", "Website Design"],
    meetingDate: "2026-12-02",
    meetingTime: "10:00",
    timezone: "America/Chicago",
    status: "new",
    spamReason: null,
    createdAt: "2026-11-23T15:04:05.000Z",
    readAt: null,
    pagePath: "/contact",
    formName: "contact",
    utmSource: "google",
    utmMedium: "cpc",
    utmCampaign: "winter-seo",
    utmTerm: "seo agency",
    utmContent: "ad-b",
    referrer: "https://www.google.com/",
    replyBy: "2026-11-24T15:04:05.000Z",
    followUpAt: null,
    followUpNote: null,
    assigneeId: null,
    ...overrides,
  };
}

export function inquiryLead(overrides: Partial<LeadOf["inquiries"]> = {}): LeadOf["inquiries"] {
  return {
    id: "0d9f3c1e-8a6b-4c2d-b7e5-3f1a2b4c5d6e",
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@example.com",
    phone: "+1 202 555 0199",
    company: null,
    serviceType: "seo",
    budget: "discuss",
    message: "We need more calls.\nMostly from Arlington.",
    status: "new",
    spamReason: null,
    createdAt: "2026-11-23T15:04:05.000Z",
    readAt: null,
    pagePath: "/services/seo",
    formName: "service-inquiry",
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    referrer: null,
    replyBy: "2026-11-24T15:04:05.000Z",
    followUpAt: null,
    followUpNote: null,
    assigneeId: null,
    ...overrides,
  };
}
