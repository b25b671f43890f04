import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { defaultBusinessHours } from "../../contract/business-hours.ts";
import { deadlineKey, replyByOf } from "../../contract/reply-window.ts";
import { contactProductOptions, meetingTimes } from "../../contract/contact-submission.ts";
import { serviceTypes } from "../../contract/service-inquiry.ts";
import { leadExportCells } from "../repositories/leads/export-cells.ts";
import { derivedLeadColumns } from "../repositories/leads/person-keys.ts";
import { leadSearchText } from "../repositories/leads/search-text.ts";
import type { Database } from "./schema.ts";

// Realistic fake leads for load tests and demos: spread over the past year, with a mix of statuses,
// forms and sources (channels, campaigns, landing pages, answer times); about 3% have a follow-up, from ten days ago (overdue) to twenty days ahead.
// Deterministic for a given seed, so benchmark runs compare like with like.

const FIRST = [
  "Dana",
  "Marcus",
  "Priya",
  "Luis",
  "Keisha",
  "Tom",
  "Ana",
  "Wei",
  "Omar",
  "Grace",
  "Jordan",
  "Mia",
  "Sam",
  "Ivy",
  "Raj",
  "Elena",
  "Noah",
  "Zoe",
  "Caleb",
  "Nina",
];
const LAST = [
  "Whitfield",
  "Reyes",
  "Patel",
  "Garcia",
  "Brooks",
  "Nguyen",
  "Okafor",
  "Schmidt",
  "Hughes",
  "Kowalski",
  "Silva",
  "Chen",
  "Murphy",
  "Fischer",
  "Rossi",
  "Adams",
  "Bauer",
  "Kim",
  "Lopez",
  "Novak",
];
const TRADES = [
  "Plumbing",
  "Roofing",
  "HVAC",
  "Electric",
  "Law Group",
  "Injury Law",
  "Home Services",
  "Windows",
  "Contracting",
  "Drain & Sewer",
];
const CITIES = [
  "Austin",
  "Round Rock",
  "Georgetown",
  "Dallas",
  "Houston",
  "San Antonio",
  "Miami",
  "Denver",
  "Phoenix",
  "Tampa",
];
const FORMS = [
  "contact-page",
  "services-hero",
  "lead-audit",
  "website-audit",
  "marketing-coaching",
  "home-services-audit",
  "personal-injury-audit",
  "plumbing-contact",
  "roofing-contact",
  "hvac-contact",
];
const SOURCES = [null, null, "google", "facebook", "newsletter", "bing", "referral"];
const STATUSES = ["new", "new", "new", "new", "contacted", "contacted", "qualified", "won", "lost", "spam"] as const;
const CAMPAIGNS = ["spring-seo", "emergency-plumbing", "roof-repair-leads", "injury-lawyer-search", "hvac-tuneup"];
const LANDINGS = [
  "/",
  "/home-services",
  "/personal-injury",
  "/plumbing",
  "/hvac",
  "/SEO-For-Roofing-Companies",
  "/contact",
  "/get-leads",
  "/improve-website",
  "/services/seo",
  "/blog/ultimate-guide-seo-law-firms",
];
const FOLLOW_UP_NOTES = [
  null,
  "Call back Tuesday",
  "Send the proposal",
  "Check they got the audit",
  "Ask about the budget",
];
const MESSAGES = [
  "We need more calls in our service area before summer.",
  "Our website is slow and we get almost no form leads.",
  "Looking for help with Google Ads for emergency plumbing.",
  "Can you take over our SEO? Current agency reports nothing.",
  "We want to rank for car accident lawyer in our city.",
  'Two locations, Austin and Round Rock, and the "contact us" page gets no calls.',
  "Budget is flexible, but we need results by Q3.\nBest time to call: mornings.",
];

/** A small fast deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BATCH = 500;
const YEAR_MS = 365 * 24 * 3600 * 1000;

export async function seedLeads(
  db: Kysely<Database>,
  counts: { contacts: number; inquiries: number },
  seed = 42,
  now = Date.now(),
) {
  const rand = random(seed);
  const followUps = random(seed + 1);
  const sources = random(seed + 2);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  // Leads arrive over the past year in time order, as real ones are inserted (oldest first).
  const common = (i: number, count: number) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const status = pick(STATUSES);
    const createdAt = new Date(now - YEAR_MS + Math.floor(((i + rand()) / count) * YEAR_MS)).toISOString();
    const lead = {
      id: randomUUID(),
      firstName: first,
      lastName: last,
      email: `${first}.${last}.${i}@example.com`.toLowerCase(),
      // Some people type the country code: a leading + that the export must neutralise.
      phone: `${rand() < 0.2 ? "+1 " : ""}(${500 + Math.floor(rand() * 400)}) 555-${String(Math.floor(rand() * 10000)).padStart(4, "0")}`,
      company: rand() < 0.8 ? `${pick(CITIES)} ${pick(TRADES)}` : null,
      pagePath: "/contact",
      formName: pick(FORMS),
      utmSource: pick(SOURCES),
      utmMedium: null,
      utmCampaign: null,
      utmTerm: null,
      utmContent: null,
      referrer: null,
      status,
      spamReason: status === "spam" ? "The hidden honeypot field was filled in" : null,
      readAt: status === "new" && rand() < 0.7 ? null : createdAt,
      createdAt,
    };
    // From a generator of their own, so the other fields are the ones earlier versions seeded.
    const followUp = status !== "spam" && followUps() < 0.03;
    // The visit's source (issue 24), from a generator of its own too: paid and organic, campaigns, landing pages.
    const paid = sources() < 0.5;
    const utmMedium =
      lead.utmSource === "google" || lead.utmSource === "bing"
        ? paid
          ? "cpc"
          : null
        : lead.utmSource === "facebook"
          ? paid
            ? "paid_social"
            : "social"
          : lead.utmSource === "newsletter"
            ? "email"
            : null;
    const visit = {
      utmMedium,
      utmCampaign: utmMedium && sources() < 0.7 ? CAMPAIGNS[Math.floor(sources() * CAMPAIGNS.length)]! : null,
      referrer: lead.utmSource === null && sources() < 0.5 ? "https://www.google.com/" : null,
      clickId: utmMedium === "cpc" && lead.utmSource === "google" ? "gclid" : null,
      landingPath: LANDINGS[Math.floor(sources() * LANDINGS.length)]!,
      // Answered (any status past new) from 5 minutes to 30 hours after arrival.
      answeredAt: ["contacted", "qualified", "won", "lost"].includes(status)
        ? new Date(Date.parse(createdAt) + Math.floor((5 + sources() * 1795) * 60_000)).toISOString()
        : null,
    };
    const withVisit = { ...lead, ...visit };
    // The deadline under the spec's default hours (what a fresh install keeps).
    const replyBy = replyByOf(createdAt, lead.formName, defaultBusinessHours);
    return {
      ...withVisit,
      ...derivedLeadColumns(withVisit),
      // Every seeded e-mail is its own: a person per lead.
      personId: lead.id,
      previousLeadAt: null,
      replyBy,
      deadlineKey: deadlineKey({ ...lead, replyBy }),
      followUpAt: followUp ? new Date(now + Math.floor((followUps() * 30 - 10) * 86_400_000)).toISOString() : null,
      followUpNote: followUp ? (FOLLOW_UP_NOTES[Math.floor(followUps() * FOLLOW_UP_NOTES.length)] ?? null) : null,
    };
  };

  for (let done = 0; done < counts.contacts; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, counts.contacts - done) }, (_, k) => {
      const withMeeting = rand() < 0.3;
      return {
        ...common(done + k, counts.contacts),
        products: JSON.stringify([pick(contactProductOptions), ...(rand() < 0.3 ? [pick(contactProductOptions)] : [])]),
        meetingDate: withMeeting ? new Date(now + rand() * 30 * 86_400_000).toISOString().slice(0, 10) : null,
        meetingTime: withMeeting ? pick(meetingTimes) : null,
        timezone: withMeeting ? "America/Chicago" : null,
      };
    });
    await db
      .insertInto("contactSubmissions")
      .values(
        rows.map((row) => ({ ...row, searchText: leadSearchText(row), exportCells: leadExportCells("contacts", row) })),
      )
      .execute();
  }
  for (let done = 0; done < counts.inquiries; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, counts.inquiries - done) }, (_, k) => ({
      ...common(done + k, counts.inquiries),
      serviceType: pick(serviceTypes),
      budget: rand() < 0.5 ? "discuss" : null,
      message: pick(MESSAGES),
    }));
    await db
      .insertInto("serviceInquiries")
      .values(
        rows.map((row) => ({
          ...row,
          searchText: leadSearchText(row),
          exportCells: leadExportCells("inquiries", row),
        })),
      )
      .execute();
  }
}
