import {
  BadgeCheck,
  Building2,
  ClipboardList,
  Clock,
  CloudHail,
  FileText,
  Handshake,
  type LucideIcon,
  MapPin,
  RefreshCw,
  Search,
  ShieldCheck,
  Siren,
  Smartphone,
  Snowflake,
  Star,
  Thermometer,
  Users,
  Wind,
} from "lucide-react";
import { standardReplyPromise, tradeFormName } from "../../contract/form-names.ts";
import { tradeBookingSectionId } from "../../contract/public-forms.ts";
import { shortLeadFormProps } from "./lead-forms.ts";
import type { Trade } from "./industries.ts";

// The copy of the plumbing, roofing and HVAC pages (SPEC §2 "Plumbing, roofing and HVAC pages"), one
// object per trade, rendered by app/views/trade-page.tsx. Labels and paths come from industries.ts.

/** Who gave a quote (issue 39 §5): a person's first name and initial, their role, company and town. */
export type Testimonial = { name: string; role: string; company: string; town: string };

export type CaseStudy = {
  /** The kind of business, the card's heading. */
  company: string;
  result: { value: string; label: string };
  challenge: string;
  work: string;
  quote: string;
  author: Testimonial;
};

export type TradePageContent = {
  /** Page title (without the company name) and meta description. */
  meta: { title: string; description: string };
  hero: {
    /** The badge above the h1. */
    eyebrow: string;
    title: string;
    intro: string;
    /** The button that scrolls to the contact form. */
    formButton: string;
    /** Beside the hero text: a checklist card (the guarantee, who it is for) or a photo. */
    aside:
      | { kind: "checklist"; title: string; intro?: string; items: string[] }
      | { kind: "image"; src: string; alt: string; width: number; height: number };
  };
  problems: {
    eyebrow: string;
    title: string;
    intro: string;
    items: { title: string; text: string; icon: LucideIcon }[];
  };
  system: { eyebrow: string; title: string; intro: string; steps: { title: string; text: string }[] };
  caseStudies: { title: string; intro: string; studies: CaseStudy[] };
  /** Beside the shared trade form (id="contact-form"). */
  contact: {
    eyebrow: string;
    title: string;
    intro: string;
    checklist: string[];
    /** "Rather talk to a person?": a line under the checklist followed by a call link. */
    callPrompt?: string;
  };
  /** The booking calendar section (plumbing only) and its hero button. */
  scheduling?: { button: string; eyebrow: string; title: string; intro: string; embedTitle: string };
};

/** The id of a trade page's booking calendar section, the target of its hero button and of the form's booking link. */
export { tradeBookingSectionId };

export const tradePages: Record<Trade, TradePageContent> = {
  plumbing: {
    meta: {
      title: "Plumbing Marketing and Lead Generation",
      description:
        "Local SEO, map rankings and paid search for plumbing companies: win more emergency, drain and water heater calls. Get a free plan or book a 30-minute call.",
    },
    hero: {
      eyebrow: "Marketing for Plumbing Companies",
      title: "Plumbing Marketing That Fills Your Schedule",
      intro:
        "When a pipe bursts at 11 PM, homeowners call one of the first plumbers they see on their phone. We put your company there for burst pipes, clogged drains and failed water heaters across your whole service area, then make sure every call is answered, tracked and turned into a booked job.",
      formButton: "Get My Free Marketing Plan",
      aside: {
        kind: "checklist",
        title: "Our Plumbing Marketing Guarantee",
        intro: "Clear terms, in writing, before you spend a dollar:",
        items: [
          "Page 1 ranking guarantee when you pay 12 months upfront",
          "Top 5 positions within 12 months, or a 50% refund or free continued work",
          "Month-to-month plans available: you stay because the phone rings, not because of a contract",
          "12-month plans save 20% every month; paying the year upfront saves 40%",
          `A reply within ${standardReplyPromise} and a free 30-minute strategy call`,
        ],
      },
    },
    problems: {
      eyebrow: "Sound familiar?",
      title: "The Problems Holding Plumbing Companies Back",
      intro:
        "Most plumbers we talk to are excellent at the work and tired of marketing that never shows up on the dispatch board. These are the leaks we usually find first.",
      items: [
        {
          title: "Emergency calls go to the map pack",
          icon: Siren,
          text: 'Someone standing in an inch of water does not scroll. If your company is missing from the three map listings for "emergency plumber near me", the call goes to whoever is there, even if they charge more and do worse work.',
        },
        {
          title: "Paying for shared leads",
          icon: Users,
          text: "Lead marketplaces sell the same homeowner to several plumbers at once. You race to call back, compete on price and pay again for the next one, and none of it builds a name people remember.",
        },
        {
          title: "Feast-or-famine weeks",
          icon: Snowflake,
          text: "A hard freeze brings more burst-pipe calls than your crew can run; a mild spring leaves techs waiting for work. Without demand for drain cleaning, repipes and fixture upgrades in the quiet months, payroll eats the margin.",
        },
        {
          title: "A website that loses the midnight call",
          icon: Smartphone,
          text: "Slow pages, a phone number buried in the footer and a ten-field contact form. On a phone, late at night and under stress, visitors give up and tap back to the search results.",
        },
        {
          title: "Reviews that do not keep up with the work",
          icon: Star,
          text: "Homeowners compare star ratings before they dial. Happy customers rarely post a review unless someone asks at the right moment, so a single angry one can sit at the top of your listing for months.",
        },
        {
          title: "Reports without booked jobs",
          icon: ClipboardList,
          text: "Impressions and clicks do not pay for a new service van. If your agency cannot show which calls became water heater installs, you cannot tell which marketing dollars are working.",
        },
      ],
    },
    system: {
      eyebrow: "How it works",
      title: "Our 3-Part Plumbing Lead System",
      intro: "Each part closes one gap between a homeowner's search and your truck in their driveway.",
      steps: [
        {
          title: "Get Found First",
          text: "We optimize your Google Business Profile, build a page for every service and suburb you cover, and send review requests after each job, so you rank in the map pack for burst pipes, slab leaks and clogged drains.",
        },
        {
          title: "Answer Every Emergency",
          text: "A fast, mobile-first website with tap-to-call on every screen, plus paid search that runs hardest on nights and weekends, when homeowners need a plumber now and emergency rates apply.",
        },
        {
          title: "Turn One Call Into a Customer for Life",
          text: "Follow-up emails for water heater flushes, whole-home inspections and fixture upgrades, so the family you helped with a clog calls you directly for the next job instead of searching again.",
        },
      ],
    },
    caseStudies: {
      title: "Plumbing Companies Getting More Calls",
      intro: "Three kinds of plumbing business, three different bottlenecks, one system adapted to each.",
      studies: [
        {
          company: "Family-owned residential plumber",
          challenge:
            "Almost every job came from referrals and from a lead marketplace that sold the same homeowner to several competitors.",
          work: "We rebuilt the map listing, wrote a page for each suburb in the service area, added tap-to-call everywhere and set up review requests after every invoice.",
          result: { value: "50-80", label: "new leads a month" },
          quote: "We stopped buying shared leads. Now the phone rings with people who already picked us.",
          author: { name: "Dave M.", role: "Owner", company: "Lone Star Plumbing & Drain", town: "Georgetown, TX" },
        },
        {
          company: "Drain and sewer specialist",
          challenge:
            "Paid search spent most of its budget on do-it-yourself searches and on neighborhoods the trucks did not serve.",
          work: "We rebuilt the campaigns around hydro-jetting, sewer camera inspections and main-line clogs, excluded DIY searches and drew a tight service-area radius.",
          result: { value: "65%", label: "lower cost per lead" },
          quote: "Same budget, and the calls are about sewer lines, not people asking how to use a plunger.",
          author: { name: "Carlos V.", role: "Owner", company: "Pflugerville Drain & Sewer", town: "Pflugerville, TX" },
        },
        {
          company: "Water heater and repiping contractor",
          challenge:
            "The company's best-margin work was tankless conversions and repipes, yet its website ranked only for its own name.",
          work: "We wrote in-depth pages on tankless water heaters, repiping older homes and low water pressure, and linked them from every service-area page.",
          result: { value: "300%", label: "more organic website traffic" },
          quote: "Those pages bring in the big tickets. Tankless installs are a regular part of our week now.",
          author: {
            name: "Angela T.",
            role: "Co-owner",
            company: "Cedar Park Water Heater & Repipe",
            town: "Cedar Park, TX",
          },
        },
      ],
    },
    contact: {
      eyebrow: "Free marketing plan",
      title: "Tell Us Where You Want More Calls",
      intro:
        "Send the short form and a strategist will review your map rankings, website and ads before we speak, so the first conversation is about your numbers.",
      checklist: [
        "Where you rank today for emergency, drain cleaning and water heater searches in your area",
        "Which competitors are taking the calls you should be getting, and why",
        "A plan sized to your trucks and service area, with no obligation to buy",
      ],
    },
    scheduling: {
      button: "Book a 30-Minute Call",
      eyebrow: "Prefer to talk it through?",
      title: "Book Your Free 30-Minute Consultation",
      intro:
        "Pick a time that suits your dispatch schedule. We will walk through your market, your competitors and what it would take to keep your techs busy in the slow months.",
      embedTitle: "Book your free 30-minute plumbing marketing consultation",
    },
  },
  roofing: {
    meta: {
      title: "SEO for Roofing Companies",
      description:
        "Roofing SEO and storm-season ads that bring homeowners ready for a replacement, not tire-kickers. Get a free roofing marketing plan from local SEO specialists.",
    },
    hero: {
      eyebrow: "Marketing for Roofing Companies",
      title: "SEO for Roofing Companies",
      intro:
        "Homeowners search for a roofer two ways: in a hurry after a storm, or carefully when an old roof starts to fail. We make sure your company is the local name they trust in both moments, and that every inspection request turns into a signed contract instead of a forgotten estimate.",
      formButton: "Get My Free Roofing Marketing Plan",
      aside: {
        kind: "checklist",
        title: "Built for Roofers Who Want Bigger Jobs",
        items: [
          "Residential roofers who want more full replacements, not just patch jobs",
          "Storm-restoration teams that need to be found the morning after hail",
          "Commercial and metal roofing contractors with long, high-value sales cycles",
          "Owners tired of competing with out-of-town crews who knock and disappear",
        ],
      },
    },
    problems: {
      eyebrow: "What gets in the way",
      title: "Why Good Roofers Lose Jobs Online",
      intro:
        "The roofing companies we meet rarely have a workmanship problem. They have a visibility and follow-up problem, and it costs them the most valuable jobs of the year.",
      items: [
        {
          title: "Storm chasers flood your market",
          icon: CloudHail,
          text: "After a hailstorm, out-of-town crews buy ads, knock doors and plant yard signs within days. Homeowners cannot tell a local roofer who will honor a warranty for years from a crew that will be gone by the next season.",
        },
        {
          title: "High-ticket jobs with long decisions",
          icon: Handshake,
          text: "A full replacement is one of the biggest checks a homeowner writes. They collect three bids, read every review and wait on their insurance adjuster, and a slow follow-up hands the job to the roofer who stayed in touch.",
        },
        {
          title: "Ranking only in your home town",
          icon: MapPin,
          text: "Your crews will drive across the county for the right job, yet your website only ranks in the city on your business license. The suburbs with newer roofs reaching replacement age never see your name.",
        },
        {
          title: "Paying for the wrong searches",
          icon: Search,
          text: "Broad roofing ads attract renters asking about a drip, shingle shoppers and job seekers. Every one of those clicks costs as much as a homeowner whose roof is at the end of its life and who is ready to sign.",
        },
        {
          title: "No proof on the page",
          icon: BadgeCheck,
          text: "Manufacturer certifications, workmanship warranties and before-and-after photos sit in a folder instead of on your site. Without them, visitors compare you on price alone.",
        },
        {
          title: "Estimates that go cold",
          icon: FileText,
          text: "Estimates go out, and then nothing happens. Without a reminder schedule by email and text, most unsigned bids are never followed up, and the work you already paid to win slips away.",
        },
      ],
    },
    system: {
      eyebrow: "Our system",
      title: "The Roofing Lead System",
      intro: "Four connected parts that take a homeowner from their first search to a signed replacement contract.",
      steps: [
        {
          title: "Local SEO Built Around Replacements",
          text: "Service pages for roof replacement, repair, metal, flat and commercial roofing in every city you work, tied to an optimized map listing that ranks where the profitable jobs are.",
        },
        {
          title: "Storm-Response Campaigns",
          text: "Paid search and map ads ready to switch on within hours of a hail or wind event in your area, aimed at storm damage inspection searches and paused when the rush is over.",
        },
        {
          title: "Trust That Closes the Bid",
          text: "Project galleries, warranty and certification pages, financing details and a steady flow of fresh reviews, so a homeowner comparing three bids sees why you are worth the call.",
        },
        {
          title: "Follow-Up That Wins the Job",
          text: "Automatic email and text reminders after every inspection and estimate, so homeowners waiting on an adjuster hear from you first when they are ready to sign.",
        },
      ],
    },
    caseStudies: {
      title: "Roofing Companies Winning Bigger Jobs",
      intro:
        "A storm specialist, a replacement roofer and a commercial contractor, each with a different problem to solve.",
      studies: [
        {
          company: "Storm-restoration roofer",
          challenge:
            "Every hail season, out-of-state crews outbid the company on ads while its own campaigns ran the same budget all year round.",
          work: "We built storm-damage campaigns that launch as soon as hail is reported in the service area and pause in calm weeks, with landing pages explaining the inspection and insurance process.",
          result: { value: "450%", label: "return on paid search spend" },
          quote:
            "When the storm hits, we are the first local name people see. The calls come in before the chasers arrive.",
          author: { name: "Travis K.", role: "Owner", company: "Bluebonnet Roofing Co.", town: "Temple, TX" },
        },
        {
          company: "Residential replacement roofer",
          challenge:
            "The company ranked well for repair searches in one city but rarely showed up for full replacements in the surrounding suburbs.",
          work: "We added replacement pages for each suburb, project galleries by neighborhood and a review request after every finished roof.",
          result: { value: "250%", label: "increase in revenue from search" },
          quote: "We went from chasing patch jobs to booking full tear-offs in neighborhoods we used to drive past.",
          author: { name: "Luis G.", role: "Owner", company: "Kyle Roofing & Restoration", town: "Kyle, TX" },
        },
        {
          company: "Commercial and metal roofing contractor",
          challenge:
            "Facility managers and builders visited the website, read a page or two and left without asking for a bid.",
          work: "We redesigned the site around warranties, materials and finished projects, with a short bid request form on every page and clear next steps.",
          result: { value: "220%", label: "more bid requests from the same traffic" },
          quote: "The same visitors now ask for quotes. The new site does the selling before we ever get on site.",
          author: {
            name: "Karen B.",
            role: "Operations manager",
            company: "Comal Metal Roofing",
            town: "New Braunfels, TX",
          },
        },
      ],
    },
    contact: {
      eyebrow: "Free roofing marketing plan",
      title: "See Where Your Next Roof Replacements Are Coming From",
      intro:
        "Tell us about your company and we will map the searches, cities and storm patterns that matter for your crews, then send a plan you can act on whether or not you hire us.",
      checklist: [
        "Your rankings for replacement, repair and storm damage searches city by city",
        "The competitors and storm crews showing up where you should be",
        "A first 90-day plan for your map listing, website and ads",
      ],
      callPrompt: "Rather talk to a person?",
    },
  },
  hvac: {
    meta: {
      title: "HVAC Marketing and Lead Generation",
      description:
        "HVAC marketing that keeps techs busy all year: local SEO for AC and furnace repair, weather-aware ads and maintenance agreement campaigns. Get a free plan.",
    },
    hero: {
      eyebrow: "Marketing for HVAC Companies",
      title: "HVAC Marketing That Keeps Your Techs Busy All Year",
      intro:
        "The first heat wave of summer and the first cold snap of winter decide your year. We make sure homeowners with a dead AC or a furnace that will not light find you first, then fill the shoulder seasons with tune-ups, maintenance agreements and system replacements.",
      formButton: "Get My Free HVAC Marketing Plan",
      aside: {
        kind: "image",
        src: "https://images.unsplash.com/photo-1621905252507-b35492cc74b4?auto=format&fit=crop&w=800&q=70",
        alt: "HVAC technician servicing an air conditioning unit",
        width: 800,
        height: 533,
      },
    },
    problems: {
      eyebrow: "The real bottlenecks",
      title: "What Keeps HVAC Companies From Growing",
      intro:
        "Heating and cooling demand swings with the weather. Most marketing does not, and the gap shows up as idle trucks in spring and missed calls in August.",
      items: [
        {
          title: "Peak season overwhelms, shoulder season starves",
          icon: Thermometer,
          text: "In July you are turning away no-cool calls; in April and October the board is half empty. Marketing that runs the same all year wastes money in the rush and goes quiet exactly when you need the work.",
        },
        {
          title: "Franchises outspending you on ads",
          icon: Building2,
          text: "National brands and investor-backed shops buy the top ad positions in most markets. You cannot outspend them, so you have to outrank them on the map and convert better once a homeowner reaches your site.",
        },
        {
          title: "Repairs that never become replacements",
          icon: RefreshCw,
          text: "Your techs nurse the same aging system through summer after summer. Without pages and follow-up that explain efficiency, financing and comfort, the replacement goes to whoever the homeowner finds the day it finally dies.",
        },
        {
          title: "Maintenance agreements that stall",
          icon: ShieldCheck,
          text: "Members bring steady revenue and first call on replacements, yet most companies only sell plans at the kitchen table. Renewals lapse because nobody reminds customers what their membership gives them.",
        },
        {
          title: "After-hours calls lost to voicemail",
          icon: Clock,
          text: "When the heat quits at 10 PM in January, homeowners do not leave messages. A site without tap-to-call and a clear emergency page lets the next company in the results take the job.",
        },
        {
          title: "Ads that ignore the weather",
          icon: Wind,
          text: "Searches for AC repair climb with the temperature, and furnace searches follow the first freeze. Fixed daily budgets spend evenly through mild weeks and run dry in the middle of the spike.",
        },
      ],
    },
    system: {
      eyebrow: "Our system",
      title: "The Year-Round HVAC Lead System",
      intro:
        "Four parts that follow the seasons: catch the emergency, sell the upgrade and keep the customer on a maintenance plan.",
      steps: [
        {
          title: "Seasonal Local SEO",
          text: "Pages for AC repair, heating repair, heat pumps, ductwork and indoor air quality in every city you serve, published ahead of each season so they rank before demand peaks.",
        },
        {
          title: "Weather-Aware Ads",
          text: "Paid search budgets that rise with heat waves and cold snaps and ease off in mild weeks, with emergency ads scheduled for the nights and weekends your competitors ignore.",
        },
        {
          title: "Replacement-Ready Website",
          text: "Clear pages on system replacement, efficiency ratings, financing and rebates, plus a short estimate request, so a repair visitor who is ready to upgrade can say so in a minute.",
        },
        {
          title: "Membership Growth Engine",
          text: "Email and text campaigns that offer a maintenance agreement after every service call, remind members before spring and fall tune-ups and win back lapsed members.",
        },
      ],
    },
    caseStudies: {
      title: "HVAC Companies Getting Ahead of the Season",
      intro:
        "A slow website, a stalled membership program and a franchise-heavy market: three common HVAC situations and how each one turned around.",
      studies: [
        {
          company: "Residential heating and cooling company",
          challenge:
            "A dated, slow website sat on page two for AC repair and lost most mobile visitors before its pages finished loading.",
          work: "We rebuilt the site with a fast page for each service and city, tap-to-call in the header and a dedicated no-cool emergency page. Pages now load 85% faster.",
          result: { value: "350%", label: "more website traffic" },
          quote: "Our old site embarrassed me. Now it is where most of our summer calls start.",
          author: { name: "Brian H.", role: "Owner", company: "Hill Country Heating & Air", town: "Leander, TX" },
        },
        {
          company: "Maintenance-focused HVAC contractor",
          challenge:
            "Maintenance agreement renewals were slipping, and members ignored the reminder postcards sent before each season.",
          work: "We moved reminders to email and text with one-tap tune-up booking, renewal notices and a plain list of member benefits, reaching an 8.5% click rate.",
          result: { value: "35%", label: "open rate on maintenance reminder emails" },
          quote:
            "Tune-ups practically book themselves, and members stay with us when it is time to replace the system.",
          author: {
            name: "Rachel P.",
            role: "General manager",
            company: "San Marcos Comfort Services",
            town: "San Marcos, TX",
          },
        },
        {
          company: "Independent HVAC shop facing franchise competition",
          challenge:
            "Two franchise locations dominated paid search in town, and the shop could not match their budgets.",
          work: "We focused on map rankings and neighborhood pages, asked every customer for a review and ran emergency ads on nights and weekends only.",
          result: { value: "50-80", label: "new leads a month in peak season" },
          quote:
            "We cannot outspend the big names, but we show up above them on the map, and that is where people call from.",
          author: { name: "Jorge S.", role: "Owner", company: "Killeen Air & Heat", town: "Killeen, TX" },
        },
      ],
    },
    contact: {
      eyebrow: "Free HVAC marketing plan",
      title: "Plan Your Next Peak Season Now",
      intro:
        "Share a few details and we will review your rankings for heating and cooling searches, your website's speed and your ads, then send a plan for the season ahead.",
      checklist: [
        "How you rank for AC repair, furnace repair and heat pump searches in each city you serve",
        "Where franchise brands and local competitors are taking calls from you",
        "Ways to grow maintenance agreements and fill the shoulder-season weeks",
      ],
      callPrompt: "Need to talk before the next heat wave?",
    },
  },
};

/** The shared trade form: the island's props, all strings (SPEC §2; tests/e2e/short-lead-forms.spec.ts). */
export function tradeContactForm(trade: Trade) {
  return shortLeadFormProps(tradeFormName(trade));
}
