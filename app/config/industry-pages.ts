import { Gavel, type LucideIcon, MonitorSmartphone, Search } from "lucide-react";
import type { ShortLeadFormProps } from "../components/forms/short-lead-form.tsx";
import { replyPromiseOf } from "../../contract/form-names.ts";
import { shortLeadFormProps } from "./lead-forms.ts";
import { industryPages, trades, type IndustryPage, type Trade } from "./industries.ts";

// The copy of the home services and personal injury pages (SPEC §2 "Home services and personal injury
// pages"): the same structure, rendered by app/views/industry-page.tsx, one object per page.

export type IndustryPageContent = {
  /** Page title (without the company name) and meta description. */
  meta: { title: string; description: string };
  hero: { eyebrow: string; title: string; intro: string; highlights: string[] };
  /** The short lead form in the hero: the island's props, all strings. */
  form: Omit<ShortLeadFormProps, "className">;
  results: { eyebrow: string; title: string; intro?: string; stats: { value: string; label: string }[] };
  problems: { eyebrow: string; title: string; intro: string; items: { title: string; text: string }[] };
  /** Cards that each end in a learn-more link (the trades; the legal marketing channels), and a closing line. */
  offerings: {
    eyebrow: string;
    title: string;
    intro: string;
    items: { title: string; icon?: LucideIcon; to: string; linkText: string; intro: string; points: string[] }[];
    note: { text: string; link?: { label: string; to: string } };
  };
  system: { eyebrow: string; title: string; intro: string; steps: { title: string; text: string }[] };
  /** A client's words, with who said them (issue 39 §5: a name, a company and a town). */
  testimonial: { quote: string; name: string; role: string; company: string; town: string };
  /** The closing call to action; its first button scrolls to the top (the hero form). */
  cta: { title: string; text: string; button: string };
  /** The line under the call to action: what the free audit is worth. */
  offerNote: string;
};

/** A trade card's title and link, from the one list of trades. */
function tradeLink(trade: Trade) {
  return { title: trades[trade].label, to: trades[trade].path };
}

export const industryPageContent: Record<IndustryPage, IndustryPageContent> = {
  "home-services": {
    meta: {
      title: "Home Services Marketing: Get 50-80 New Leads Every Month",
      description:
        "Local SEO, Google Business Profile and ads for roofers, plumbers and HVAC companies. Get a free local marketing audit and a plan for 50-80 new leads a month.",
    },
    hero: {
      eyebrow: "Local marketing for home-service businesses",
      title: "Get 50-80 New Leads Every Month",
      intro:
        "Exclusive calls and quote requests from homeowners in your service area, not shared leads you have to fight over. We combine local SEO, your Google Business Profile, a website built to convert and targeted ads into one system for roofers, plumbers and HVAC companies.",
      highlights: [
        "Leads that come to you, and only you",
        `We contact you within ${replyPromiseOf(industryPages["home-services"].formName)} of your request`,
        "Month-to-month plans available",
      ],
    },
    form: shortLeadFormProps(industryPages["home-services"].formName),
    results: {
      eyebrow: "What to expect",
      title: "Marketing Measured in Booked Jobs",
      stats: [
        { value: "50-80", label: "New leads every month" },
        { value: "250%", label: "Average ROI increase" },
        { value: "98%", label: "Client satisfaction" },
      ],
    },
    problems: {
      eyebrow: "Sound familiar?",
      title: "Why Good Contractors Still Struggle to Get Leads",
      intro:
        "Doing great work is not enough when the customer never finds you. These are the problems we fix most often.",
      items: [
        {
          title: "Paying for shared leads",
          text: "Lead-selling sites send the same homeowner to several contractors at once. You pay for the lead, then race competitors to win a price war.",
        },
        {
          title: "Missing from the map pack",
          text: "When someone searches “plumber near me”, the three businesses on the map get most of the calls. If you are not there, you are invisible at the moment of need.",
        },
        {
          title: "Feast or famine",
          text: "Storm season or a heat wave fills the board, then the phone goes quiet. Steady local visibility smooths out the slow months instead of leaving you waiting.",
        },
        {
          title: "A website that does not book jobs",
          text: "Visitors land, cannot find your number or service area quickly, and hit the back button. Traffic without calls is just a bill.",
        },
        {
          title: "Reports full of vanity numbers",
          text: "Impressions and clicks look good in a monthly PDF. What you need to know is how many calls came in and how many turned into booked work.",
        },
        {
          title: "Reviews that do not keep up",
          text: "Happy customers rarely leave a review unless you ask at the right moment. Competitors with fresher, more frequent reviews win the click.",
        },
      ],
    },
    offerings: {
      eyebrow: "Industries we serve",
      title: "Lead Generation Built for Your Trade",
      intro:
        "Each trade has its own buying moments. We build your marketing around how your customers actually search and decide.",
      items: [
        {
          ...tradeLink("roofing"),
          linkText: "Learn more about roofing marketing",
          intro:
            "Roof replacements are high-value, considered purchases. Homeowners compare several roofers, read reviews and check your past work before they call.",
          points: [
            "Service and city pages for replacements, repairs and storm damage",
            "Project photos and reviews that prove your workmanship",
            "Visibility ready for the searches that follow a hail or wind event",
          ],
        },
        {
          ...tradeLink("plumbing"),
          linkText: "Learn more about plumbing marketing",
          intro:
            "Plumbing searches are often urgent. The plumber who shows up first on the map, with a tap-to-call number and good reviews, gets the job.",
          points: [
            "Map pack rankings for emergency, drain, leak and water heater searches",
            "Call-only and call-first ads for the hours you want to fill",
            "Call tracking so you can see which jobs came from which search",
          ],
        },
        {
          ...tradeLink("hvac"),
          linkText: "Learn more about HVAC marketing",
          intro:
            "HVAC demand follows the weather. Your marketing should be ready before the first hot or cold week, and keep maintenance work coming in between.",
          points: [
            "Seasonal pages and campaigns for AC repair, furnace repair and installs",
            "Maintenance plan promotion to keep technicians busy off-season",
            "Local rankings in every town your trucks already drive through",
          ],
        },
      ],
      note: {
        text: "We also work with electricians, window companies and general contractors. The same system applies to any business that serves homeowners locally.",
      },
    },
    system: {
      eyebrow: "Our 3-step system",
      title: "Get Found, Get Chosen, Get Booked",
      intro: "Every step feeds the next. Skip one and leads leak out of the process.",
      steps: [
        {
          title: "Get found",
          text: "We optimize your Google Business Profile, build service and city pages, and earn local citations so you show up in the map pack and organic results where your trucks go.",
        },
        {
          title: "Get chosen",
          text: "A fast, mobile-first website with clear offers, tap-to-call buttons, photos of real jobs and a steady flow of fresh reviews turns searchers into callers.",
        },
        {
          title: "Get booked",
          text: "Call tracking, short quote forms and targeted ads fill the gaps in your schedule, and monthly reports show the calls and jobs each channel produced.",
        },
      ],
    },
    testimonial: {
      quote:
        "We used to live on referrals and storm season. Now we get around 60 leads a month from Google, they are ours alone, and I can see exactly which calls turned into signed roofs.",
      name: "Mike R.",
      role: "Owner",
      company: "Round Rock Roofing & Exteriors",
      town: "Round Rock, TX",
    },
    cta: {
      title: "Ready to Fill Your Schedule?",
      text: "Claim your free local marketing audit. We will show you where your leads are going today and how to bring them to your business instead.",
      button: "Claim My Free Audit",
    },
    offerNote:
      "Your free local marketing audit plus a strategy session is worth $497. It costs you nothing and comes with no obligation to hire us.",
  },
  "personal-injury": {
    meta: {
      title: "Personal Injury Law Firm Marketing: More Signed Cases",
      description:
        "Local SEO, Google Ads and high-converting websites for personal injury law firms. Request a free legal marketing audit and strategy session, worth $997.",
    },
    hero: {
      eyebrow: "Marketing for personal injury law firms",
      title: "More Signed Cases for Personal Injury Law Firms",
      intro:
        "Injured people search, compare and call within minutes. We make sure your firm is the one they find and trust: exclusive case leads from local search, Google Ads and a website designed to turn visitors into consultations.",
      highlights: [
        "Exclusive inquiries, never resold to other firms",
        `We contact you within ${replyPromiseOf(industryPages["personal-injury"].formName)} of your request`,
        "A plan built around the case types you want more of",
      ],
    },
    form: shortLeadFormProps(industryPages["personal-injury"].formName),
    results: {
      eyebrow: "Why firms work with us",
      title: "Growth You Can Trace to Signed Cases",
      intro:
        "We report on the numbers a managing partner cares about: calls, consultations and the cases that came from them.",
      stats: [
        { value: "250%", label: "Average ROI increase" },
        {
          value: replyPromiseOf(industryPages["personal-injury"].formName),
          label: "Our response time to your audit request",
        },
        { value: "$997", label: "Value of your free legal marketing audit" },
      ],
    },
    problems: {
      eyebrow: "Common obstacles",
      title: "What Keeps Good Firms From Getting More Cases",
      intro:
        "Most personal injury firms do not have a case-quality problem. They have a visibility and follow-through problem.",
      items: [
        {
          title: "Buying leads your competitors also buy",
          text: "Lead vendors sell the same accident victim to several firms. By the time your intake team calls back, another firm may already have the signed retainer.",
        },
        {
          title: "Outspent by billboard firms",
          text: "Large advertisers dominate television and highway signs. Search is where a smaller firm can win, because the injured person is looking for help right now.",
        },
        {
          title: "Strong verdicts, weak visibility",
          text: "Your results speak for themselves, but only to people who find you. If you are not in the map pack for your city, your track record goes unseen.",
        },
        {
          title: "A website that reads like a brochure",
          text: "Dense legal copy, no clear next step and a contact form buried on another page lose visitors who are stressed, in pain and deciding quickly.",
        },
        {
          title: "Cases you cannot trace",
          text: "Without call tracking tied to intake, you cannot tell which channel produced a signed case and which produced only calls about unrelated matters.",
        },
        {
          title: "Locked in by your current agency",
          text: "Long contracts, content you do not own and reports you cannot verify make it hard to judge whether your marketing budget is working.",
        },
      ],
    },
    offerings: {
      eyebrow: "What we do",
      title: "Legal Marketing Channels That Bring In Cases",
      intro:
        "Car accidents, truck accidents, motorcycle crashes, slip and fall, workplace injuries and wrongful death: we build campaigns around the case types you want more of.",
      items: [
        {
          title: "Local SEO for law firms",
          icon: Search,
          to: "/services/seo",
          linkText: "Explore our SEO services",
          intro:
            "Rank in the map pack and organic results for the searches injured people make after an accident in your city.",
          points: [
            "Practice area and location pages for each case type you take",
            "Google Business Profile optimization and a steady review process",
            "Legal directory citations and local links that build authority",
          ],
        },
        {
          title: "Google Ads for PI firms",
          icon: Gavel,
          to: "/services/sem",
          linkText: "Explore paid advertising",
          intro:
            "Reach people searching for an accident lawyer today, with campaigns built to avoid the expensive clicks that never become cases.",
          points: [
            "Tight keyword targeting by case type and geography",
            "Negative keywords that filter out job seekers and unrelated legal questions",
            "Call tracking so spend is judged by signed cases, not clicks",
          ],
        },
        {
          title: "Websites that earn the call",
          icon: MonitorSmartphone,
          to: "/services/website-design",
          linkText: "Explore website design",
          intro:
            "A fast, mobile-first site that answers an injured person's first questions and makes contacting your firm effortless.",
          points: [
            "Free-consultation offer and tap-to-call on every page",
            "Attorney profiles, case results and reviews that build trust",
            "Short intake forms that reach your team immediately",
          ],
        },
      ],
      note: {
        text: "Want the full playbook first? Read our",
        link: { label: "ultimate guide to SEO for law firms", to: "/blog/ultimate-guide-seo-law-firms" },
      },
    },
    system: {
      eyebrow: "Our 3-step system",
      title: "From Search Result to Signed Retainer",
      intro:
        "Every marketing claim is reviewed with attorney advertising rules in mind, and your firm approves everything before it goes live.",
      steps: [
        {
          title: "Audit your market",
          text: "We map the firms ranking and advertising in your city, the case types with the most search demand and the gaps your firm can own.",
        },
        {
          title: "Build your case pipeline",
          text: "We launch or rebuild your practice area pages, local listings and Google Ads, each tied to tracked phone numbers and intake forms.",
        },
        {
          title: "Optimize for signed cases",
          text: "Each month we compare spend and rankings against the consultations and retainers your intake team records, and move budget to what works.",
        },
      ],
    },
    testimonial: {
      quote:
        "We stopped buying shared leads. Our intake team now speaks with people who found our firm first, and for the first time we can see which searches turned into signed cases.",
      name: "Dana K.",
      role: "Managing partner",
      company: "Kessler Injury Law",
      town: "San Antonio, TX",
    },
    cta: {
      title: "Ready for More of the Right Cases?",
      text: "Request your free legal marketing audit. We will show you where your firm stands in local search and what it takes to win more of the cases you want.",
      button: "Request My Free Audit",
    },
    offerNote:
      "Your free legal marketing audit plus a strategy session is worth $997. There is no charge and no obligation to retain our services.",
  },
};
