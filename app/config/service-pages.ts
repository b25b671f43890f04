import {
  BadgeCheck,
  Briefcase,
  CalendarCheck,
  Camera,
  ChartColumn,
  FileText,
  Gauge,
  Handshake,
  Headphones,
  House,
  LayoutTemplate,
  LineChart,
  type LucideIcon,
  Mail,
  MapPin,
  Megaphone,
  Mic,
  Monitor,
  MousePointerClick,
  Music2,
  RefreshCw,
  Rocket,
  Scale,
  Search,
  Share2,
  ShieldCheck,
  Star,
  Target,
  ThumbsUp,
  Users,
  Video,
  Workflow,
} from "lucide-react";
import { standardReplyPromise } from "../../contract/form-names.ts";
import type { Service } from "./services.ts";

// The copy of the six service pages (SPEC §2 "Individual service pages") and of their sections on the
// Services overview (SPEC §2 "Services"), one object per service slug. Statistics are SPEC §9's only.

export type ServiceSlug = Service["slug"];

export type IconCard = { title: string; text: string; icon: LucideIcon };

export type ServicePageContent = {
  /** Page title (without the company name) and meta description (70-160 characters). */
  meta: { title: string; description: string };
  hero: {
    eyebrow: string;
    intro: string;
    /** The three goal buttons; all go to /contact. */
    goals: readonly [string, string, string];
    highlightsTitle: string;
    highlights: string[];
  };
  included: { title: string; intro: string; items: string[] };
  /** Ad platforms, social platforms, campaign types or service types (every page but SEO). */
  cards?: { title: string; intro: string; items: IconCard[] };
  /** A link to another offer (the SEO page's link to the website upgrade offer). */
  offer?: { title: string; text: string; linkLabel: string; to: string };
  reasons: { title: string; intro: string; items: IconCard[] };
  process: { title: string; intro: string; steps: { title: string; text: string }[] };
  results: {
    title: string;
    intro: string;
    /** The spec's figures; a source line (issue 39 §5) says what a figure is based on. */
    stats: { value: string; label: string; source?: string }[];
    highlight?: string;
    /** What the highlight's figure is based on. */
    highlightSource?: string;
    note: string;
  };
  /**
   * Clients' results and words (issue 39 §5): this section's heading; the case studies are the trade pages'
   * own, chosen in config/testimonials.ts and edited there.
   */
  testimonials?: { title: string; intro: string };
  /**
   * Beside the service inquiry form ('Claim Your Free Website'); `forService` is the line under the form's
   * title that names the service its "Service Needed" starts on (issue 39).
   */
  inquiry: { intro: string; forService: string };
  /** The service's section on /services. */
  overview: {
    /** Short name used in the accessible name of the Learn More link ("Learn More about SEO"). */
    shortName: string;
    eyebrow: string;
    summary: string;
    features: string[];
    benefits: string[];
  };
};

export const servicePages: Record<ServiceSlug, ServicePageContent> = {
  seo: {
    meta: {
      title: "Local SEO Services for Contractors and Law Firms",
      description:
        "Local SEO for plumbers, HVAC companies, roofers and injury law firms: Google Business Profile, service pages, reviews and links that bring in calls.",
    },
    hero: {
      eyebrow: "Local SEO for home services and law firms",
      intro:
        "Rank in the Google map pack and the organic results for the searches people make when they need you now: emergency plumber near me, AC repair, car accident lawyer. We build the pages, profiles and local authority that turn those searches into phone calls, and we report on booked jobs and signed cases, not just rankings.",
      goals: ["Grow my Leads", "Make my business more profitable", "Stop leaking revenue from my site"],
      highlightsTitle: "Every SEO plan starts with",
      highlights: [
        "A full technical and local SEO audit of your site",
        "Keyword research by service and by every town you serve",
        "A clean-up of your Google Business Profile",
        "Call and form tracking so every lead gets counted",
      ],
    },
    included: {
      title: "What's Included in Our SEO Service",
      intro:
        "Everything a local business needs to win the map pack and the first page, handled by one team and reported in one place.",
      items: [
        "Technical SEO audit and fixes: crawl errors, site speed, mobile usability, indexing and schema markup",
        "Google Business Profile optimization: categories, services, photos and posts",
        "A dedicated page for each job you want more of, plus location pages for the towns you cover",
        "Citation building and clean-up so your business details match across every directory",
        "A review routine that asks every customer for a Google review at the right moment, never only the happy ones",
        "On-page optimization of titles, headings, internal links and calls to action",
        "Helpful content that answers the questions customers ask before they pick up the phone",
        "Local link building from suppliers, trade associations, sponsorships and local news",
        "Monthly reporting on rankings, calls, form leads and revenue from organic search",
      ],
    },
    offer: {
      title: "Is Your Website Holding Your Rankings Back?",
      text: "SEO can only push a site so far. If yours is slow, awkward on a phone or missing pages for your main services, our Ultimate Website Offer rebuilds it SEO-ready in 1 week. If the new site does not generate more leads than your current one within 90 days of launch, we keep working for free until it does.",
      linkLabel: "See the Ultimate Website Offer",
      to: "/ultimate-website-offer",
    },
    reasons: {
      title: "Why Choose Our SEO Service",
      intro:
        "Most SEO agencies sell rankings. We sell calls, booked jobs and signed cases, and we show you the numbers every month.",
      items: [
        {
          icon: Target,
          title: "Built for local service businesses",
          text: "We work with plumbers, HVAC companies, roofers, electricians and injury law firms, so we already know which searches turn into paying work in your trade.",
        },
        {
          icon: ShieldCheck,
          title: "You own everything we build",
          text: "Your website, Google Business Profile, content and data stay in your name. If you ever leave, nothing is held hostage.",
        },
        {
          icon: LineChart,
          title: "Reporting on revenue, not vanity metrics",
          text: "Call tracking and form tracking tie each lead to the keyword and page that produced it, so you can see what SEO is actually earning.",
        },
        {
          icon: Handshake,
          title: "Flexible terms",
          text: "Month-to-month plans are available, 12-month plans earn a 20% monthly discount, and paying 12 months upfront comes with our page 1 ranking guarantee.",
        },
      ],
    },
    process: {
      title: "How Our SEO Process Works",
      intro:
        "Foundations first, then the pages and authority that move you up, then more of whatever is producing calls.",
      steps: [
        {
          title: "Audit and Research",
          text: "We audit your site, your Google Business Profile and the competitors above you, then map the keywords that bring in jobs for each service and town.",
        },
        {
          title: "Fix the Foundation",
          text: "Technical fixes, tracking, profile clean-up and citation corrections come first, so every later gain is measured and kept.",
        },
        {
          title: "Build Pages and Authority",
          text: "We publish service and location pages, earn local links and switch on your review engine.",
        },
        {
          title: "Measure and Expand",
          text: "Every month we report calls, leads and revenue, then double down on the pages and towns that convert best.",
        },
      ],
    },
    results: {
      title: "SEO Results Our Clients See",
      intro: "Typical results for clients on a full local SEO program.",
      stats: [
        {
          value: "300%",
          label: "Increase in organic traffic",
          source:
            "Based on the organic traffic our SEO clients' accounts reported to us. Ask us for the data behind it.",
        },
        {
          value: "250%",
          label: "Increase in revenue from organic search",
          source: "Based on the revenue from search our SEO clients reported to us. Ask us for the data behind it.",
        },
        {
          value: "90%",
          label: "Of clients see results within 3 months",
          source: "Based on what our SEO clients reported in their first three months. Ask us for the data behind it.",
        },
      ],
      highlight:
        "Once service pages, Google Business Profile and citations work together, our clients typically see a 200-400% rise in organic visibility.",
      highlightSource:
        "Based on the search visibility reports of our SEO clients' accounts; your market and starting point change it.",
      note: "Results depend on your market, your competition and where your site starts. You get an honest forecast after the audit.",
    },
    testimonials: {
      title: "What Our SEO Clients Say",
      intro: "Three local businesses, three search problems, in their owners' own words.",
    },
    inquiry: {
      forService: "For: Search Engine Optimization (SEO)",
      intro:
        "Tell us which services you offer and where you want more jobs. If your current site is what's holding your rankings back, we'll start your free website build within 24 hours.",
    },
    overview: {
      shortName: "SEO",
      eyebrow: "Get found on Google",
      summary: "Show up in the map pack and the organic results when local customers search for the work you do.",
      features: [
        "Technical and on-page SEO",
        "Google Business Profile optimization",
        "Service and location pages for every town you cover",
        "Reviews, citations and local links",
      ],
      benefits: [
        "More calls from people ready to hire",
        "Leads that don't cost more with every click",
        "Rankings that keep working nights and weekends",
        "A growing asset you own outright",
      ],
    },
  },

  sem: {
    meta: {
      title: "Search Engine Marketing and Google Ads Management",
      description:
        "Google Ads, Microsoft Advertising, Meta Ads and Local Services Ads managed for contractors and law firms, with call tracking and a lower cost per lead.",
    },
    hero: {
      eyebrow: "Paid search and ads management",
      intro:
        "Put your business at the top of the page as soon as your ads launch, while SEO is still building. We build and manage paid campaigns that target high-intent searches in the towns you serve, block the clicks that waste money and track every call, so you know exactly what each lead costs.",
      goals: ["Get calls this week", "Lower my cost per lead", "Stop wasting my ad budget"],
      highlightsTitle: "Before we spend a dollar",
      highlights: [
        "An audit of your current account and search terms",
        "Conversion tracking for calls, forms and bookings",
        "A negative keyword list built for your trade",
        "Landing pages matched to each campaign",
      ],
    },
    included: {
      title: "What's Included in SEM Management",
      intro: "Full campaign management, from the first keyword to the monthly report, with nothing outsourced.",
      items: [
        "Account audit and restructure by service, location and search intent",
        "Keyword research with match types and negative keyword lists",
        "Ad copy and assets written and tested around your offers",
        "Dedicated landing pages built to convert paid clicks",
        "Call tracking, form tracking and offline conversion imports from your CRM",
        "Location targeting and ad scheduling matched to your service area and hours",
        "Bid strategy management and weekly search term reviews",
        "Retargeting for visitors who didn't call the first time",
        "Monthly report on cost per lead, cost per booked job and return on ad spend",
      ],
    },
    cards: {
      title: "Ad Platforms We Manage",
      intro: "We put your budget where your customers are searching and scrolling, and move it as the numbers come in.",
      items: [
        {
          icon: Search,
          title: "Google Ads",
          text: "Search campaigns on the high-intent keywords that say someone needs help today, with call assets and tight location targeting.",
        },
        {
          icon: Monitor,
          title: "Microsoft Advertising",
          text: "Bing search reaches people your Google campaigns miss, and the keywords that already work for you carry over with little extra setup.",
        },
        {
          icon: Users,
          title: "Meta Ads",
          text: "Facebook and Instagram campaigns that reach homeowners in your area with seasonal offers, retargeting and instant lead forms.",
        },
        {
          icon: BadgeCheck,
          title: "Local Services Ads",
          text: "Google's pay-per-lead ads at the top of the results, with the Google Guaranteed badge for home services or Google Screened for law firms. We set up the profile, see you through Google's checks and dispute invalid leads.",
        },
      ],
    },
    reasons: {
      title: "Why Choose Our SEM Service",
      intro:
        "Paid ads either print money or burn it. The difference is tracking, discipline and landing pages built for the click.",
      items: [
        {
          icon: ChartColumn,
          title: "Every dollar tracked",
          text: "Calls and form fills are tied to the campaign and keyword that produced them, so you see the real cost of each lead and cut what doesn't pay.",
        },
        {
          icon: RefreshCw,
          title: "Weekly optimization",
          text: "We review search terms every week, add negatives, adjust bids and pause weak ads before they burn through your budget.",
        },
        {
          icon: MousePointerClick,
          title: "Landing pages built for the click",
          text: "Paid visitors land on a page written for their exact search, with a call button and a short form right where they need them.",
        },
        {
          icon: ShieldCheck,
          title: "Your account, your data",
          text: "Campaigns run in an ad account you own. If you ever move on, your history and conversion data stay with you.",
        },
      ],
    },
    process: {
      title: "How Our SEM Process Works",
      intro: "We launch fast, then spend the first weeks cutting waste before we ask you to spend more.",
      steps: [
        {
          title: "Audit and Goals",
          text: "We review your current ads, search terms and tracking, and agree on the cost per lead that keeps each job profitable.",
        },
        {
          title: "Build and Track",
          text: "We build campaigns by service and area, write the ads, launch landing pages and confirm every conversion records correctly.",
        },
        {
          title: "Launch and Refine",
          text: "Early on we strip out wasted search terms, test new ads and move budget toward the keywords producing booked jobs.",
        },
        {
          title: "Scale What Works",
          text: "Once your cost per lead is on target, we raise spend on the winners and expand into new services and platforms.",
        },
      ],
    },
    results: {
      title: "SEM Results Our Clients See",
      intro: "Averages across the paid search accounts we manage.",
      stats: [
        {
          value: "450%",
          label: "Return on ad investment",
          source:
            "Based on the ad spend and revenue our paid advertising clients reported to us. Ask us for the data behind it.",
        },
        {
          value: "3.2%",
          label: "Average conversion rate",
          source: "Based on the conversions tracked in our clients' ad accounts. Ask us for the data behind it.",
        },
        {
          value: "65%",
          label: "Lower cost per lead",
          source:
            "Based on our paid advertising clients' cost per lead before and after we took over. Ask us for the data behind it.",
        },
      ],
      note: "Return is measured against tracked revenue from paid leads; your figures depend on your trade, market and budget.",
    },
    inquiry: {
      forService: "For: Search Engine Marketing (SEM)",
      intro:
        "Share your monthly budget range and the jobs you want to book. We'll reply with a campaign plan, and if your landing pages are costing you conversions, your free website build starts within 24 hours.",
    },
    overview: {
      shortName: "SEM",
      eyebrow: "Paid advertising",
      summary: "Targeted ads that put you at the top of search results today while we track what every lead costs.",
      features: [
        "Google Ads and Microsoft Advertising",
        "Local Services Ads setup and management",
        "Landing pages built for each campaign",
        "Call tracking and conversion tracking",
      ],
      benefits: [
        "Leads as soon as campaigns go live",
        "A known cost per lead and per booked job",
        "Less budget wasted on the wrong searches",
        "Spend you can raise or pause any month",
      ],
    },
  },

  "website-design": {
    meta: {
      title: "Website Design and Development for Local Businesses",
      description:
        "Fast, mobile-first websites for contractors and law firms, built to rank and convert: clear service pages, click-to-call, quote forms and tracking.",
    },
    hero: {
      eyebrow: "Websites built to generate leads",
      intro:
        "Your website is either your hardest-working salesperson or your most expensive leak. We design and build fast, mobile-first sites that explain what you do in seconds and make it easy to call, book or request a quote from any page.",
      goals: ["Get more leads from my website", "Replace my outdated site", "Make my site load faster"],
      highlightsTitle: "Every build includes",
      highlights: [
        "Mobile-first design in your brand colors",
        "SEO-ready structure and service pages",
        "Click-to-call and lead forms on every page",
        "Analytics and call tracking from launch day",
      ],
    },
    included: {
      title: "What's Included in Every Website",
      intro:
        "A complete, lead-ready site: design, copy, build, tracking and launch, without piecing together freelancers.",
      items: [
        "Discovery session and a sitemap planned around the services you sell",
        "Custom design that matches your brand, not a recycled template",
        "Fully responsive layouts tested on phones, tablets and desktops",
        "Copywriting for the home page and your core service pages",
        "Technical SEO setup: clean URLs, titles, schema markup and an XML sitemap",
        "Performance work: optimized images, caching and lean code",
        "Lead capture: quote forms, click-to-call buttons and booking links",
        "CRM and email marketing integration so no lead sits unanswered in an inbox",
        "Analytics and conversion tracking, with a walkthrough of how to read them",
      ],
    },
    cards: {
      title: "Website Services We Offer",
      intro:
        "Whether you need a first real website or a rebuild of one that stopped working, we scope it around leads.",
      items: [
        {
          icon: LayoutTemplate,
          title: "Lead-Generation Websites",
          text: "New sites for plumbers, HVAC companies, roofers and electricians, structured around the jobs you want more of and the towns you serve.",
        },
        {
          icon: Scale,
          title: "Law Firm Websites",
          text: "Practice-area pages, attorney profiles and intake forms for personal injury firms that need signed cases, not just visitors.",
        },
        {
          icon: RefreshCw,
          title: "Redesigns and Migrations",
          text: "We rebuild outdated sites and carry over every page, redirect and ranking signal, so you keep the search visibility you've earned.",
        },
        {
          icon: MousePointerClick,
          title: "Landing Pages",
          text: "Focused pages for ads and seasonal promotions: one offer, one form and nothing to distract the visitor.",
        },
      ],
    },
    reasons: {
      title: "Why Choose Our Website Design Service",
      intro: "A pretty site that doesn't ring the phone is an expense. We build sites that pay for themselves.",
      items: [
        {
          icon: Target,
          title: "Designed around conversions",
          text: "Every layout decision answers one question: does this make it easier for a visitor to call or request a quote?",
        },
        {
          icon: Gauge,
          title: "Fast on every device",
          text: "Most of your visitors are on a phone, often standing in a flooded basement or a house with no AC. We build for them first.",
        },
        {
          icon: Search,
          title: "SEO-ready from day one",
          text: "Site structure, headings and schema are planned with search in mind, so you never pay to fix the foundation later.",
        },
        {
          icon: ShieldCheck,
          title: "You own the site",
          text: "The domain, hosting account and content are in your name, with no proprietary platform and no lock-in contract.",
        },
      ],
    },
    process: {
      title: "How We Build Your Website",
      intro: "You see and approve the design before we build, and we stay on after launch to make sure it performs.",
      steps: [
        {
          title: "Discovery",
          text: "We learn your services, service area, best customers and competitors, and note what your current site does well and badly.",
        },
        {
          title: "Design",
          text: "You see the home page and a key service page first, and we refine them with you before anything is built.",
        },
        {
          title: "Build and Test",
          text: "We develop the site, load the content, set up tracking and test every form and call button on real devices.",
        },
        {
          title: "Launch and Improve",
          text: "We launch with redirects in place, watch rankings and leads closely and keep improving the pages that convert.",
        },
      ],
    },
    results: {
      title: "Website Results Our Clients See",
      intro: "Measured against the site each client had before we rebuilt it.",
      stats: [
        {
          value: "350%",
          label: "Increase in website traffic",
          source:
            "Based on the traffic our website clients' analytics reported after launch. Ask us for the data behind it.",
        },
        {
          value: "85%",
          label: "Faster page loads",
          source: "Based on page speed tests of our clients' old and new websites. Ask us for the data behind it.",
        },
        {
          value: "220%",
          label: "Increase in conversions",
          source:
            "Based on the calls and form sends our website clients reported after launch. Ask us for the data behind it.",
        },
      ],
      note: "The bigger the gap between your current site and a modern one, the bigger the jump tends to be.",
    },
    inquiry: {
      forService: "For: Website Design and Development",
      intro: `Send us your current web address, or tell us you don't have one yet. We'll reply within ${standardReplyPromise}, and your free website build starts within 24 hours of our call.`,
    },
    overview: {
      shortName: "Website Design and Development",
      eyebrow: "Websites that convert",
      summary: "Fast, mobile-first websites built to rank on Google and turn visitors into calls and quote requests.",
      features: [
        "Custom, mobile-first design",
        "SEO-ready structure and service pages",
        "Quote forms, click-to-call and booking links",
        "CRM, analytics and call tracking integration",
      ],
      benefits: [
        "More leads from the traffic you already get",
        "A professional first impression on every device",
        "Pages that load before visitors give up",
        "A site you own and can grow for years",
      ],
    },
  },

  "email-marketing": {
    meta: {
      title: "Email Marketing for Home Service Businesses and Law Firms",
      description:
        "Email campaigns that turn past customers into repeat jobs, reviews and referrals: automated sequences, seasonal reminders and clear reporting.",
    },
    hero: {
      eyebrow: "Email campaigns and automation",
      intro:
        "The cheapest lead you will ever get is a customer who already knows you. We turn the list sitting in your CRM or invoicing software into repeat jobs, maintenance agreements, reviews and referrals, with emails people actually open.",
      goals: ["Get more repeat customers", "Turn my list into booked jobs", "Automate my follow-up"],
      highlightsTitle: "We start by",
      highlights: [
        "Cleaning and segmenting the list you already have",
        "Connecting your CRM or field service software",
        "Writing a welcome and follow-up sequence",
        "Setting up sending so emails land in the inbox",
      ],
    },
    included: {
      title: "What's Included in Email Marketing",
      intro: "Strategy, writing, design, automation and reporting, run on the platform that fits your business.",
      items: [
        "Email platform setup or migration, with domain authentication (SPF, DKIM and DMARC)",
        "List clean-up and segmentation by service, location and date of last job",
        "Automated sequences for new leads, new customers and unsold estimates",
        "Monthly campaigns with seasonal offers and genuinely useful advice",
        "Branded, mobile-friendly templates that look right in every inbox",
        "Review and referral requests sent after every completed job",
        "Sign-up forms and simple lead magnets on your website",
        "A/B testing of subject lines, send times and offers",
        "Case-update and referral-partner newsletters for law firms",
        "Monthly reporting on opens, clicks, bookings and revenue",
      ],
    },
    cards: {
      title: "Email Campaigns We Run",
      intro:
        "Four campaign types do most of the work for local service businesses. We set them up once and keep them sharp.",
      items: [
        {
          icon: Mail,
          title: "Welcome and Nurture Sequences",
          text: "New leads get a short series that introduces your company, answers common objections and invites them to book, so no inquiry goes cold.",
        },
        {
          icon: CalendarCheck,
          title: "Seasonal Maintenance Reminders",
          text: "Furnace tune-ups before winter, AC checks before summer, roof inspections after storm season: timely reminders that fill slow weeks.",
        },
        {
          icon: FileText,
          title: "Estimate Follow-Up",
          text: "Polite, automatic follow-up on quotes that haven't been accepted, one of the easiest ways to win work you already paid to generate.",
        },
        {
          icon: Star,
          title: "Review and Referral Campaigns",
          text: "Ask every customer for a Google review and a referral while the job is fresh, with one-click links that make it easy.",
        },
      ],
    },
    reasons: {
      title: "Why Choose Our Email Marketing Service",
      intro: "Email is the one channel you fully own. No algorithm decides whether your customers see it.",
      items: [
        {
          icon: Users,
          title: "Written for your customers",
          text: "Plain, helpful emails that sound like a trusted local business, not generic newsletters that read like spam.",
        },
        {
          icon: Workflow,
          title: "Connected to your software",
          text: "We integrate with the CRM or field service tools you already use, so campaigns trigger from real job data.",
        },
        {
          icon: ShieldCheck,
          title: "Deliverability handled",
          text: "Authentication, list hygiene and sensible sending habits keep you out of spam folders and off blocklists.",
        },
        {
          icon: Scale,
          title: "Compliant by default",
          text: "Consent, unsubscribe links and sender details are handled properly, including attorney advertising rules for law firms.",
        },
      ],
    },
    process: {
      title: "How Our Email Marketing Process Works",
      intro: "The automations go in first because they earn while you sleep; campaigns and testing build on them.",
      steps: [
        {
          title: "List Audit",
          text: "We review your contacts, past sends and software, remove dead addresses and group customers by service and history.",
        },
        {
          title: "Setup and Integration",
          text: "We authenticate your domain, connect your CRM, design templates and add sign-up forms to your site.",
        },
        {
          title: "Automations and Campaigns",
          text: "Welcome, estimate follow-up and review sequences go live, followed by a monthly campaign calendar.",
        },
        {
          title: "Test and Report",
          text: "We test subject lines and offers, then report bookings and revenue from email every month.",
        },
      ],
    },
    results: {
      title: "Email Marketing Results Our Clients See",
      intro: "Averages across the email programs we run for clients.",
      stats: [
        {
          value: "4200%",
          label: "Return on investment",
          source:
            "Based on the revenue our email marketing clients reported against what the campaigns cost. Ask us for the data behind it.",
        },
        {
          value: "35%",
          label: "Average open rate",
          source: "Based on the open rates of our clients' email campaigns. Ask us for the data behind it.",
        },
        {
          value: "8.5%",
          label: "Average click rate",
          source: "Based on the click rates of our clients' email campaigns. Ask us for the data behind it.",
        },
      ],
      note: "Return is measured against revenue from jobs booked through email; lists of past customers tend to perform best.",
    },
    inquiry: {
      forService: "For: Email Marketing",
      intro: `Tell us roughly how many past customers you have on file and what software you use. We'll reply within ${standardReplyPromise}, and if your site has nowhere to capture sign-ups, your free website build starts within 24 hours.`,
    },
    overview: {
      shortName: "Email Marketing",
      eyebrow: "Repeat business on autopilot",
      summary:
        "Automated emails and monthly campaigns that turn past customers into repeat jobs, reviews and referrals.",
      features: [
        "Welcome, follow-up and review sequences",
        "Seasonal and promotional campaigns",
        "List clean-up and segmentation",
        "CRM integration and deliverability setup",
      ],
      benefits: [
        "Repeat jobs without paying for new clicks",
        "More reviews and referrals after every job",
        "Estimates followed up without lifting a finger",
        "A marketing channel no algorithm controls",
      ],
    },
  },

  "social-media-consulting": {
    meta: {
      title: "Social Media Consulting for Local Businesses",
      description:
        "Social media strategy, content plans and team coaching for contractors and law firms on Facebook, Instagram, Nextdoor, YouTube, TikTok and LinkedIn.",
    },
    hero: {
      eyebrow: "Social media strategy and coaching",
      intro:
        "Homeowners check your social profiles before they let you into their house, and injured clients check them before they sign. We build a social media plan your team can actually keep up with: the right platforms, a realistic posting rhythm and content that shows real work and real people.",
      goals: [
        "Get leads from social media",
        "Build trust before the first call",
        "Give my team a plan they can follow",
      ],
      highlightsTitle: "Consulting starts with",
      highlights: [
        "An audit of every profile you have today",
        "A look at what competitors in your area post",
        "A platform plan matched to your customers",
        "A content calendar your team can run",
      ],
    },
    included: {
      title: "What's Included in Social Media Consulting",
      intro:
        "A strategy, the tools to carry it out and coaching for the people who will post, so results don't depend on us.",
      items: [
        "Audit of your profiles, branding and past performance",
        "Platform recommendations based on where your customers spend time",
        "A monthly content calendar with post ideas, captions and hashtags",
        "Photo and short video guidelines your crew can follow on the job",
        "Profile optimization: bios, links, contact buttons and highlights",
        "A playbook for answering comments, messages and reviews",
        "Guidance on boosting posts and running local paid offers",
        "Training sessions for the people on your team who post",
        "Monthly review of reach, engagement, website visits and leads",
      ],
    },
    cards: {
      title: "Social Platforms We Cover",
      intro:
        "You don't need to be everywhere. We help you choose the two or three platforms your customers use and do them well.",
      items: [
        {
          icon: ThumbsUp,
          title: "Facebook",
          text: "Where many homeowners look up local businesses, join community groups and ask neighbors who they'd recommend.",
        },
        {
          icon: Camera,
          title: "Instagram",
          text: "Before-and-after photos, job site reels and stories that show the quality of your work and the people behind it.",
        },
        {
          icon: House,
          title: "Nextdoor",
          text: "Neighborhood recommendations for home services, plus a business page where happy customers can vouch for you.",
        },
        {
          icon: Video,
          title: "YouTube",
          text: "How-to videos, project walkthroughs and answers to common questions that keep showing up in search for years.",
        },
        {
          icon: Music2,
          title: "TikTok",
          text: "Short, unpolished clips from the job that reach younger homeowners and help you recruit your next technicians.",
        },
        {
          icon: Briefcase,
          title: "LinkedIn",
          text: "Referral relationships with attorneys, property managers, builders and commercial clients.",
        },
      ],
    },
    reasons: {
      title: "Why Choose Our Social Media Consulting",
      intro: "Posting for the sake of posting wastes your team's time. We make every post serve trust, reach or leads.",
      items: [
        {
          icon: Target,
          title: "Strategy before posting",
          text: "We decide who you're trying to reach and what you want them to do before anyone writes a caption.",
        },
        {
          icon: CalendarCheck,
          title: "Realistic for busy teams",
          text: "Plans built around photos and clips your crew already takes, not studio shoots nobody has time for.",
        },
        {
          icon: LineChart,
          title: "Tied to website visits and leads",
          text: "We track which posts and platforms send people to your site and your phone, and shift effort accordingly.",
        },
        {
          icon: Users,
          title: "Coaching, not dependence",
          text: "We teach your team to do it well, so you aren't paying an agency forever just to post for you.",
        },
      ],
    },
    process: {
      title: "How Our Social Media Consulting Works",
      intro:
        "Short, practical engagements: a clear plan, hands-on training and regular check-ins while your team finds its rhythm.",
      steps: [
        {
          title: "Profile Audit",
          text: "We review your profiles, past posts and competitors, and find the quick fixes that make you look established.",
        },
        {
          title: "Platform and Content Plan",
          text: "We choose your platforms, define your content themes and build the first month's calendar with you.",
        },
        {
          title: "Team Training",
          text: "Your team learns what to capture on the job, how to write captions and how to answer comments and reviews.",
        },
        {
          title: "Review and Adjust",
          text: "Monthly check-ins look at reach, engagement and leads, and adjust the plan around what your audience responds to.",
        },
      ],
    },
    results: {
      title: "Social Media Results Our Clients See",
      intro: "Typical gains once clients follow their plan consistently.",
      stats: [
        {
          value: "400%",
          label: "Follower growth",
          source:
            "Based on the follower counts of the social accounts we have worked on. Ask us for the data behind it.",
        },
        {
          value: "275%",
          label: "Increase in engagement",
          source: "Based on the engagement our social media clients' accounts reported. Ask us for the data behind it.",
        },
        {
          value: "180%",
          label: "Increase in website traffic from social",
          source: "Based on the social traffic our clients' analytics reported. Ask us for the data behind it.",
        },
      ],
      note: "Consistency drives these numbers more than budget; the plan is built so your team can keep it up.",
    },
    inquiry: {
      forService: "For: Social Media Consulting",
      intro: `Send us links to your current profiles and tell us who does your posting today. We'll reply within ${standardReplyPromise}, and if your social posts point to a site that doesn't convert, your free website build starts within 24 hours.`,
    },
    overview: {
      shortName: "Social Media Consulting",
      eyebrow: "Social media strategy",
      summary:
        "A practical social media plan and hands-on coaching so your team builds trust and reach without burning hours.",
      features: [
        "Profile audit and optimization",
        "Platform strategy and content calendar",
        "Photo and video guidelines for your crew",
        "Team training and monthly check-ins",
      ],
      benefits: [
        "Profiles that build trust before the first call",
        "Content your team can produce on the job",
        "More visits to your website from social",
        "Skills that stay in-house",
      ],
    },
  },

  "podcast-marketing": {
    meta: {
      title: "Podcast Marketing for Business Owners and Law Firms",
      description:
        "Podcast guest booking, show launch and promotion for business owners and attorneys who want authority, speaking invitations and qualified leads.",
    },
    hero: {
      eyebrow: "Podcast guesting and show promotion",
      intro:
        "A long-form conversation builds a kind of trust no ad can. We book business owners and attorneys as guests on shows their customers and referral partners listen to, and help firms launch and grow a podcast of their own.",
      goals: ["Get booked on podcasts", "Become the go-to expert in my market", "Turn listeners into clients"],
      highlightsTitle: "Getting started includes",
      highlights: [
        "A guest one-sheet and talking points",
        "A target list of shows in your niche and region",
        "Interview coaching before your first recording",
        "Tracking links so listener leads are counted",
      ],
    },
    included: {
      title: "What's Included in Podcast Marketing",
      intro: "Positioning, booking, production support and promotion, so each appearance or episode keeps paying off.",
      items: [
        "Positioning around a handful of signature topics you can speak on with authority",
        "A professional guest one-sheet, bio and headshot guidance",
        "Research and pitching of shows your ideal clients and referral partners listen to",
        "Interview preparation and coaching",
        "Show launch support: format, artwork, hosting and directory submission",
        "Editing, show notes and transcripts for your own episodes",
        "Repurposing each episode into clips, blog posts and emails",
        "Episode SEO so your shows are found in search and podcast apps",
        "Tracking of downloads, mentions, speaking invitations and leads",
      ],
    },
    cards: {
      title: "Podcast Services We Offer",
      intro: "Start as a guest, launch your own show, or both. Each service can be run on its own.",
      items: [
        {
          icon: Mic,
          title: "Guest Booking",
          text: "We pitch you to relevant shows, from local business podcasts to trade and legal programs, and handle scheduling and prep.",
        },
        {
          icon: Rocket,
          title: "Show Launch",
          text: "Concept, format, artwork, hosting and a launch plan for firms ready to own a show in their market.",
        },
        {
          icon: Headphones,
          title: "Production and Editing",
          text: "Clean audio, show notes, transcripts and publishing, so you only have to show up and talk.",
        },
        {
          icon: Share2,
          title: "Clips and Repurposing",
          text: "Every episode becomes short videos, social posts, a blog article and an email, multiplying its reach.",
        },
      ],
    },
    reasons: {
      title: "Why Choose Our Podcast Marketing Service",
      intro: "Podcasts put you in someone's ears for half an hour. We make sure it's the right someone.",
      items: [
        {
          icon: Target,
          title: "Audiences that can hire you",
          text: "We pick shows for who listens, not download counts alone: homeowners, business owners, referral partners and local communities.",
        },
        {
          icon: Megaphone,
          title: "Authority that compounds",
          text: "Each appearance adds to your credibility, links to your site and gives you material for social media and email.",
        },
        {
          icon: Mic,
          title: "Coaching included",
          text: "We prepare you to tell your story clearly and close every interview with a simple next step for listeners.",
        },
        {
          icon: MapPin,
          title: "Leads you can trace",
          text: "Dedicated landing pages and tracking links show which shows send visitors, calls and inquiries.",
        },
      ],
    },
    process: {
      title: "How Our Podcast Marketing Works",
      intro: "From positioning to published episodes, with promotion built in rather than bolted on.",
      steps: [
        {
          title: "Positioning",
          text: "We define your expertise, signature topics and the audiences you want to reach, and write your guest materials.",
        },
        {
          title: "Show Research and Setup",
          text: "We build a target list of shows, or plan and set up your own podcast, with tracking in place from the start.",
        },
        {
          title: "Booking and Recording",
          text: "We pitch, schedule and prepare you for each interview or episode, and handle editing for your own show.",
        },
        {
          title: "Promotion and Follow-Up",
          text: "Every episode is repurposed and shared, and we report downloads, speaking invitations and leads.",
        },
      ],
    },
    results: {
      title: "Podcast Marketing Results Our Clients See",
      intro: "Typical gains for clients who commit to a steady schedule of appearances or episodes.",
      stats: [
        {
          value: "500%",
          label: "Increase in downloads",
          source: "Based on the download counts our podcast clients reported to us. Ask us for the data behind it.",
        },
        {
          value: "300%",
          label: "More speaking opportunities",
          source:
            "Based on the guest and speaking invitations our podcast clients reported. Ask us for the data behind it.",
        },
        {
          value: "250%",
          label: "Increase in qualified leads",
          source: "Based on the qualified leads our podcast clients reported to us. Ask us for the data behind it.",
        },
      ],
      note: "Podcast results build over several months as appearances and episodes accumulate.",
    },
    inquiry: {
      forService: "For: Podcast Marketing",
      intro: `Tell us what you want to be known for and who you want to reach. We'll reply within ${standardReplyPromise}, and if listeners would land on a site that doesn't convince them, your free website build starts within 24 hours.`,
    },
    overview: {
      shortName: "Podcast Marketing",
      eyebrow: "Authority through audio",
      summary: "Guest bookings and show promotion that make you the recognized expert in your market and niche.",
      features: [
        "Guest booking on relevant shows",
        "Podcast launch and production",
        "Interview coaching and guest materials",
        "Clips, show notes and repurposing",
      ],
      benefits: [
        "Trust with listeners before they ever call",
        "Invitations to speak at events",
        "Qualified leads who already know your story",
        "Content for your site, email and social",
      ],
    },
  },
};
