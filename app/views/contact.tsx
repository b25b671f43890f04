import { CalendarDays, Clock, Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { BookingSection } from "../components/scheduling-embed.tsx";
import { ButtonLink, Hero, Section, SectionHeader } from "../components/sections.tsx";
import { Accordion, AccordionItem } from "../components/ui/accordion.tsx";
import { standardReplyPromise } from "../../contract/form-names.ts";
import { contactBookingSectionId, contactFormSectionId, siteConfig } from "../config/site.ts";
import { pageHead, type PageHead } from "../lib/seo.ts";

// The contact page (SPEC §2 "Contact"): phone, e-mail, hours, the contact form, the booking
// widget (700 px) and a five-question FAQ.

/** Built at render time: the company name and phone are the published site settings (issue 37). */
export const head = (): PageHead =>
  pageHead({
    title: contactCopy.meta.title,
    description: `Call, e-mail or book a free 30-minute strategy call with our local SEO team. We reply to every message within ${standardReplyPromise}.`,
    path: "/contact",
  });

const SCHEDULE_SECTION_ID = contactBookingSectionId;

/** The contact page's editable copy (issue 37, app/content/page-copy.ts). Texts built from the site settings
 * (phone, e-mail, hours, reply promise) stay in the JSX. */
export const contactCopy = {
  meta: { title: "Contact Us" },
  hero: {
    eyebrow: "Free strategy session",
    title: "Contact Us",
    intro:
      "Tell us about your business and where the leads are falling short. Send the form, call us, or pick a time for a free 30-minute strategy call. A real strategist answers, not a sales script.",
    bookAction: "Book a Call Online",
  },
  direct: {
    title: "Reach Us Directly",
    phoneLabel: "Call us",
    emailLabel: "Write to us",
    hoursLabel: "Business hours",
  },
  message: {
    title: "Send Us a Message",
    intro:
      "Choose the services you're curious about and, if you like, a time that suits you. Not sure what you need? Pick Consulting Only and we'll sort it out together.",
    nextStepsTitle: "What happens next",
    /** After the first step, which names the reply promise (a setting) and stays in the JSX. */
    laterSteps: [
      "Before we talk, we look at your website, your Google Business Profile and who outranks you in your area.",
      "On the call you get a straight answer on what would bring in more leads, whether or not you hire us.",
    ],
  },
  booking: {
    title: "Book a Free 30-Minute Strategy Call",
    intro:
      "Skip the back-and-forth and pick a slot that works for you. You'll get a calendar invite and a reminder before we talk.",
    embedTitle: "Book a free 30-minute strategy call",
  },
  faq: {
    title: "Frequently Asked Questions",
    replyTime: { question: "How quickly will you get back to me?" },
    session: {
      question: "What does the free strategy session cover?",
      answer:
        "It's a 30-minute call about your business, not a pitch deck. We review your website, your Google Business Profile and where you rank for the searches that bring paying customers, show you which competitors are taking those clicks, and point out the biggest leaks. You leave with a short, prioritized plan you can act on with or without us.",
    },
    contract: {
      question: "Do I have to sign a long-term contract?",
      answerBeforeLink:
        "No. Month-to-month plans are available. If you'd rather commit, 12-month plans come with a 20% monthly discount, and paying 12 months upfront takes 40% off and adds a page 1 ranking guarantee. The details are on our",
      linkLabel: "SEO packages page",
      answerAfterLink: ".",
    },
    businesses: {
      question: "What kinds of businesses do you work with?",
      answer:
        "Mostly home-service companies (plumbers, HVAC companies, roofers, window companies, electricians and general contractors) and personal injury law firms. We also work with cannabis businesses, e-commerce stores and manufacturers. If your customers search for you on Google, we can help them find you first.",
    },
    reporting: {
      question: "How will I know the marketing is working?",
      answer:
        "You get a plain-English report every month showing where your priority keywords rank, how many calls and form leads came in, and which pages and campaigns produced them. We walk through it with you and agree on the next month's priorities, so you always know what you're paying for and what it returned.",
    },
  },
};

/** `form`: the contact form island (app/pages/contact.astro passes it as a named slot). */
export default function Contact({ form }: { form?: ReactNode }) {
  const { hero, direct, message, booking, faq } = contactCopy;
  const nextSteps = [
    `We read your message and reply within ${standardReplyPromise} by phone or e-mail, whichever you prefer.`,
    ...message.laterSteps,
  ];
  return (
    <>
      <Hero
        eyebrow={<p className="text-sm font-bold uppercase tracking-wider text-brand-700">{hero.eyebrow}</p>}
        title={hero.title}
        intro={<p>{hero.intro}</p>}
        actions={
          <>
            {/* The page sells the free 30-minute call: booking it is the primary action, calling the other.
                An in-page link: the CSS scroll-behavior makes it smooth (instant with reduced motion). */}
            <ButtonLink to={`#${SCHEDULE_SECTION_ID}`}>
              <CalendarDays className="h-5 w-5" aria-hidden="true" />
              {hero.bookAction}
            </ButtonLink>
            <ButtonLink to={siteConfig.phoneHref} emphasis="secondary">
              <Phone className="h-5 w-5" aria-hidden="true" />
              Call {siteConfig.phone}
            </ButtonLink>
          </>
        }
        aside={
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8">
            <h2 className="text-2xl font-extrabold text-brand-900">{direct.title}</h2>
            <dl className="mt-6 space-y-6">
              <div>
                <dt className="flex items-center gap-3 font-semibold text-slate-900">
                  <Phone className="h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
                  {direct.phoneLabel}
                </dt>
                <dd className="mt-1 sm:pl-9">
                  <a
                    href={siteConfig.phoneHref}
                    className="text-base font-semibold text-brand-700 underline-offset-4 hover:underline sm:text-lg"
                  >
                    {siteConfig.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-3 font-semibold text-slate-900">
                  <Mail className="h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
                  {direct.emailLabel}
                </dt>
                <dd className="mt-1 sm:pl-9">
                  <a
                    href={`mailto:${siteConfig.email}`}
                    className="text-base font-semibold wrap-anywhere text-brand-700 underline-offset-4 hover:underline sm:text-lg"
                  >
                    {siteConfig.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-3 font-semibold text-slate-900">
                  <Clock className="h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
                  {direct.hoursLabel}
                </dt>
                <dd className="mt-1 sm:pl-9 text-slate-700">{siteConfig.hours}</dd>
              </div>
            </dl>
          </div>
        }
      />

      <Section id={contactFormSectionId} labelledBy="message-title">
        <div className="grid gap-12 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <SectionHeader id="message-title" centered={false} title={message.title} intro={message.intro} />
            <h3 className="mt-10 text-lg font-bold text-slate-900">{message.nextStepsTitle}</h3>
            <ol className="mt-4 space-y-4">
              {nextSteps.map((step, index) => (
                <li key={step} className="flex gap-4">
                  <span
                    className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <span className="text-slate-700">{step}</span>
                </li>
              ))}
            </ol>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">{form}</div>
        </div>
      </Section>

      <BookingSection
        id={SCHEDULE_SECTION_ID}
        headingId="schedule-title"
        tone="muted"
        title={booking.title}
        intro={booking.intro}
        embedTitle={booking.embedTitle}
        height={700}
      />

      <Section labelledBy="faq-title">
        <SectionHeader id="faq-title" title={faq.title} />
        <Accordion className="mx-auto mt-10 max-w-3xl">
          <AccordionItem group="contact-faq" question={faq.replyTime.question}>
            {`Within ${standardReplyPromise}. Every form, e-mail and voicemail is answered by a member of our team, and our office is open`}{" "}
            {siteConfig.hours}. If it&apos;s urgent, call us during those hours and you&apos;ll reach someone right
            away.
          </AccordionItem>
          <AccordionItem group="contact-faq" question={faq.session.question}>
            {faq.session.answer}
          </AccordionItem>
          <AccordionItem group="contact-faq" question={faq.contract.question}>
            {faq.contract.answerBeforeLink}{" "}
            <a href="/ultimate-pitch" className="font-semibold text-brand-700 underline underline-offset-4">
              {faq.contract.linkLabel}
            </a>
            {faq.contract.answerAfterLink}
          </AccordionItem>
          <AccordionItem group="contact-faq" question={faq.businesses.question}>
            {faq.businesses.answer}
          </AccordionItem>
          <AccordionItem group="contact-faq" question={faq.reporting.question}>
            {faq.reporting.answer}
          </AccordionItem>
        </Accordion>
      </Section>
    </>
  );
}
