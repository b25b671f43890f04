import {
  BarChart3,
  Compass,
  Filter,
  Gauge,
  LineChart,
  type LucideIcon,
  MapPin,
  Megaphone,
  MousePointerClick,
  PhoneIncoming,
  Search,
  Smartphone,
  Target,
  Users,
} from "lucide-react";
import type { ShortLeadFormProps } from "../components/forms/short-lead-form.tsx";
import { coachingForm, leadAuditForm, websiteAuditForm } from "./lead-forms.ts";

// The copy of the lead audit, website audit and coaching pages (SPEC §2 "Lead audit, website audit and
// coaching pages"), one object per page, rendered by app/views/audit-page.tsx. The pages share the hero
// with the short lead form; below it each has its own list of sections, drawn from a few kinds.

export const auditPageKeys = ["get-leads", "improve-website", "marketing-coaching"] as const;
export type AuditPage = (typeof auditPageKeys)[number];

type Tone = "white" | "muted";

/** What every section below the hero has: the heading's id (the section's label), eyebrow and title. */
type SectionBase = { id: string; tone?: Tone; eyebrow: string; title: string };

export type AuditSection =
  /** A grid of three-column cards, each with an optional icon. */
  | (SectionBase & { kind: "cards"; intro: string; cards: { title: string; text: string; icon?: LucideIcon }[] })
  /** The heading on the left, a checklist on the right; `box` puts the list in a card with an icon and a title. */
  | (SectionBase & { kind: "checklist"; intro: string; items: string[]; box?: { icon: LucideIcon; title: string } })
  /** Two cards side by side, each an intro and a checklist (the coaching formats). */
  | (SectionBase & {
      kind: "formats";
      intro: string;
      formats: { title: string; icon: LucideIcon; intro: string; points: string[] }[];
    })
  /** The numbered steps, and an optional line with buttons to pages beyond this offer. */
  | (SectionBase & {
      kind: "steps";
      steps: { title: string; text: string }[];
      /** The first link is the line's primary action, the others secondary. */
      followUp?: { text: string; links: { label: string; to: string }[] };
    })
  /** Questions as native disclosures; `group` makes them exclusive (one open at a time). */
  | (SectionBase & { kind: "faq"; group: string; items: { question: string; answer: string }[] });

export type AuditPageContent = {
  /** Page title (without the company name), meta description and path. */
  meta: { title: string; description: string; path: `/${AuditPage}` };
  hero: { eyebrow: string; title: string; intro: string; highlights: string[] };
  /** The short lead form in the hero: the island's props, all strings (from lead-forms.ts). */
  form: Omit<ShortLeadFormProps, "className">;
  sections: AuditSection[];
};

export const auditPages: Record<AuditPage, AuditPageContent> = {
  "get-leads": {
    meta: {
      title: "Get More Quality Leads: Free Lead Audit",
      description:
        "Request a free lead audit: we trace where your calls and form fills come from, where good prospects drop off, and what to fix first to get more quality leads.",
      path: "/get-leads",
    },
    hero: {
      eyebrow: "Free lead audit",
      title: "Get More Quality Leads for Your Business",
      intro:
        "More traffic is not the goal. More calls from people who are ready to hire you, in the area you serve, is. Our lead audit shows exactly where your inquiries come from, which ones are worth your time, and where good prospects slip away.",
      highlights: [
        "A clear picture of which channels bring paying customers",
        "The leaks that cost you calls: slow pages, weak listings, missed follow-up",
        "A short, prioritized list of fixes you can act on this month",
      ],
    },
    form: leadAuditForm,
    sections: [
      {
        kind: "cards",
        id: "audit-covers",
        eyebrow: "What we review",
        title: "What Your Lead Audit Covers",
        intro:
          "We look at your business the way a customer does when they need your service today, then at the numbers behind it.",
        cards: [
          {
            title: "Lead sources",
            icon: PhoneIncoming,
            text: "Which channels actually produce calls and form fills today: Google Business Profile, organic search, ads, referrals or directories, and which ones only produce clicks.",
          },
          {
            title: "Lead quality",
            icon: Filter,
            text: "How many inquiries are real buyers in your service area, and how many are job seekers, vendors, out-of-area requests or price shoppers you cannot serve profitably.",
          },
          {
            title: "Local search visibility",
            icon: MapPin,
            text: "Where you appear in the map pack and organic results for the searches that precede a booked job, compared with the competitors who take those calls instead.",
          },
          {
            title: "Keywords and intent",
            icon: Search,
            text: "Whether your pages and ads target ready-to-hire searches such as “emergency” or “near me”, or spend their effort on research terms that rarely turn into work.",
          },
          {
            title: "Ad spend and targeting",
            icon: Target,
            text: "If you run paid campaigns: wasted search terms, locations outside your area, missing call extensions and budgets that run out before the busiest hours of the day.",
          },
          {
            title: "Tracking and follow-up",
            icon: BarChart3,
            text: "Whether calls and forms are counted at all, how fast inquiries get a reply, and where leads go quiet between the first contact and a booked appointment.",
          },
        ],
      },
      {
        kind: "checklist",
        id: "audit-for",
        tone: "muted",
        eyebrow: "Who it is for",
        title: "Built for Businesses That Sell to Local Customers",
        intro:
          "The audit is most useful when every new inquiry can turn into real revenue, and when you can tell a good lead from a bad one.",
        items: [
          "Plumbers, HVAC companies, roofers, electricians, window companies and general contractors",
          "Personal injury law firms competing for cases in a crowded local market",
          "Owners who get leads, but too many of the wrong kind",
          "Businesses paying for ads or SEO without knowing which calls it produced",
          "Companies ready to grow into a new service area or a more profitable type of job",
        ],
      },
      {
        kind: "steps",
        id: "audit-steps",
        eyebrow: "How it works",
        title: "Three Steps to Better Leads",
        steps: [
          {
            title: "Tell us about your business",
            text: `Fill in the short form. We reach out within ${leadAuditForm.replyWithin} to confirm your services, your area and the jobs you want more of.`,
          },
          {
            title: "We audit your lead flow",
            text: "We review your search presence, listings, website, ads and tracking, and measure how you compare with the competitors winning your customers.",
          },
          {
            title: "You get a clear action plan",
            text: "We walk you through the findings in plain language and hand you a prioritized list of fixes, ranked by the leads they are likely to bring.",
          },
        ],
      },
      {
        kind: "faq",
        id: "audit-faq",
        tone: "muted",
        eyebrow: "Good to know",
        title: "Questions About the Free Lead Audit",
        group: "lead-audit-faq",
        items: [
          {
            question: "Is the lead audit really free?",
            answer:
              "Yes. There is no fee and no contract. We review your online presence, then walk you through what we found. If you want help fixing it, we will tell you how we would do it; if you would rather do it yourself, the findings are yours to keep.",
          },
          {
            question: "What do I need to prepare?",
            answer:
              "Nothing beyond the short form. Access to your analytics or ad accounts helps us go deeper, but it is optional: most of the audit uses what a customer sees when they search for your services.",
          },
          {
            question: "How quickly will I hear from you?",
            answer: `We contact you within ${leadAuditForm.replyWithin} of your request to confirm a few details about your services and the area you want to grow in, then schedule a time to go through the findings.`,
          },
          {
            question: "Will you share my information?",
            answer:
              "No. Your details are used only to prepare and discuss your audit. We do not sell or pass your contact information to anyone else.",
          },
        ],
      },
    ],
  },

  "improve-website": {
    meta: {
      title: "Free Website Audit: Speed, Mobile, SEO and Conversions",
      description:
        "Get a free website audit covering page speed, mobile usability, conversion paths, local SEO basics and tracking, with a plain-language list of fixes.",
      path: "/improve-website",
    },
    hero: {
      eyebrow: "Free website audit",
      title: "Turn Your Website into a Lead Machine",
      intro:
        "Your website should be your hardest-working salesperson. If it looks fine but the phone stays quiet, something between the search result and the call button is getting in the way. We find it, explain it in plain language, and tell you what to fix first.",
      highlights: [
        "Reviewed by a person, not only an automated scanner",
        "Checked on a real phone as well as on desktop",
        "Fixes ranked by their effect on leads",
      ],
    },
    form: websiteAuditForm,
    sections: [
      {
        kind: "cards",
        id: "website-checks",
        eyebrow: "What we check",
        title: "Five Areas That Decide Whether Visitors Call",
        intro: "Each area gets a clear verdict: working, needs attention, or costing you leads right now.",
        cards: [
          {
            title: "Speed",
            icon: Gauge,
            text: "How long your pages take to show something useful on a phone connection, and what slows them down: oversized images, heavy themes, too many plugins or third-party scripts.",
          },
          {
            title: "Mobile experience",
            icon: Smartphone,
            text: "Most local searches happen on a phone. We check tap targets, text size, menus, pop-ups and forms on small screens, and whether your phone number can be tapped to call.",
          },
          {
            title: "Conversion paths",
            icon: MousePointerClick,
            text: "The route from landing on a page to calling or requesting a quote: clear offers, visible calls to action, short forms, trust signals and nothing that makes a visitor hunt.",
          },
          {
            title: "Local SEO basics",
            icon: MapPin,
            text: "Page titles and descriptions, one clear heading per page, service and city pages, consistent name, address and phone, and whether Google can crawl and index what matters.",
          },
          {
            title: "Tracking",
            icon: LineChart,
            text: "Whether analytics is installed correctly and whether calls and form submissions are recorded as conversions, so you know which pages and campaigns bring in work.",
          },
        ],
      },
      {
        kind: "cards",
        id: "website-problems",
        tone: "muted",
        eyebrow: "Typical problems",
        title: "What We Find on Most Small Business Websites",
        intro:
          "None of these show up when you look at your own site on your office computer. All of them cost you inquiries.",
        cards: [
          {
            title: "The phone number is hard to find",
            text: "It sits in the footer or inside an image, so mobile visitors cannot tap it, and the people most ready to call leave for the next result.",
          },
          {
            title: "Every service is squeezed onto one page",
            text: "A single “Services” page cannot rank for each job you do. Separate, specific pages give Google and customers a clear answer to what they searched for.",
          },
          {
            title: "Contact forms ask for too much",
            text: "Ten fields and a required message box turn a quick inquiry into homework. Every field you remove makes it easier for a ready customer to reach you.",
          },
          {
            title: "Nobody knows which pages bring leads",
            text: "Without call and form tracking, redesign decisions are guesses. The audit shows what you are measuring today and what is missing.",
          },
          {
            title: "A slow, outdated first impression",
            text: "A dated layout, stock slogans and pages that load slowly on a phone tell visitors your business is behind, even when your work is excellent.",
          },
          {
            title: "Pages Google never sees",
            text: "Blocked pages, missing sitemaps, duplicate titles and broken links quietly keep good content out of search results.",
          },
        ],
      },
      {
        kind: "steps",
        id: "website-audit-steps",
        eyebrow: "How it works",
        title: "How the Website Audit Works",
        steps: [
          {
            title: "Send your details",
            text: `Complete the form with your name, e-mail and phone. We contact you within ${websiteAuditForm.replyWithin} to get your web address and the services you want to sell more of.`,
          },
          {
            title: "We test your site",
            text: "We load your key pages on phone and desktop, follow the path a customer takes to contact you, and check your search basics and tracking set-up.",
          },
          {
            title: "We walk you through the results",
            text: "You get a short report and a call to go through it: what works, what hurts, and which fixes to do first, whether you hire us or not.",
          },
        ],
        followUp: {
          text: "Already know your site needs more than a tune-up?",
          links: [
            { label: "See the website upgrade offer", to: "/ultimate-website-offer" },
            { label: "Website design services", to: "/services/website-design" },
          ],
        },
      },
    ],
  },

  "marketing-coaching": {
    meta: {
      title: "Marketing Coaching for Business Owners and Teams",
      description:
        "Marketing coaching for owners and in-house teams who want to run their own local SEO, ads and social media with confidence. Book a free strategy session.",
      path: "/marketing-coaching",
    },
    hero: {
      eyebrow: "Marketing coaching",
      title: "Marketing Coaching for Business Owners",
      intro:
        "Learn to run marketing that brings in customers, from people who do it every day for local businesses. We coach you and your team on your own accounts and your own numbers, so what you learn is put to work the same week.",
      highlights: [
        "Practical, hands-on sessions, not theory",
        "Tailored to your market, services and budget",
        "Free first strategy session, no obligation",
      ],
    },
    form: coachingForm,
    sections: [
      {
        kind: "cards",
        id: "coaching-audience",
        eyebrow: "Who it is for",
        title: "Coaching for Teams Who Want to Own Their Marketing",
        intro: "Coaching suits businesses that want the skills in-house, not just another monthly invoice.",
        cards: [
          {
            title: "Owners doing their own marketing",
            text: "You post, answer reviews and tinker with the website between jobs. Coaching replaces guesswork with a short list of what actually moves inquiries.",
          },
          {
            title: "Businesses with an in-house marketer",
            text: "Your marketer is capable but stretched across everything. We give them a plan, a second opinion and the shortcuts that take years to learn alone.",
          },
          {
            title: "Companies leaving an agency",
            text: "You want to bring marketing in-house without losing momentum. We help your team take over the accounts, the reporting and the routine work.",
          },
        ],
      },
      {
        kind: "checklist",
        id: "coaching-session",
        tone: "muted",
        eyebrow: "Your free strategy session",
        title: "What We Cover in Your Strategy Session",
        intro:
          "A focused 30-minute conversation about where your customers come from today and where the next ones should come from.",
        box: { icon: Compass, title: "In the session we:" },
        items: [
          "Review your current channels: search, Google Business Profile, ads, social and e-mail",
          "Identify the two or three changes with the biggest effect on leads",
          "Look at the skills and hours your team has available",
          "Recommend a coaching format, or tell you honestly if you do not need one",
        ],
      },
      {
        kind: "formats",
        id: "coaching-formats",
        eyebrow: "Formats",
        title: "Choose the Coaching That Fits Your Business",
        intro: "Both formats start from the strategy session, so the coaching is built around your goals from day one.",
        formats: [
          {
            title: "Team Coaching",
            icon: Users,
            intro: "For owners and staff who run marketing together and need everyone working from the same plan.",
            points: [
              "Working sessions with your team on your own accounts and website",
              "Local SEO, Google Business Profile and paid-ads fundamentals in practice",
              "A shared marketing calendar and clear owners for each task",
              "Simple reporting your team can keep up without an analyst",
            ],
          },
          {
            title: "Social Media Coaching",
            icon: Megaphone,
            intro: "For businesses that want social media to bring in customers rather than just likes.",
            points: [
              "Choosing the one or two platforms your customers actually use",
              "Turning finished jobs, reviews and team photos into posts that build trust",
              "A realistic posting rhythm that fits a busy week",
              "Reading your results and adjusting instead of posting blind",
            ],
          },
        ],
      },
      {
        kind: "steps",
        id: "coaching-steps",
        tone: "muted",
        eyebrow: "How it works",
        title: "From First Call to Confident Team",
        steps: [
          {
            title: "Book your session",
            text: `Send the short form. Spots are limited, and we contact you within ${coachingForm.replyWithin} to set a time that suits you.`,
          },
          {
            title: "Get a coaching plan",
            text: "We agree the format, the topics and the people involved, starting with the work that brings in customers soonest.",
          },
          {
            title: "Learn by doing",
            text: "Each session ends with tasks done on your real accounts, and the next session starts by reviewing what changed.",
          },
        ],
      },
    ],
  },
};
