import { PAGE_VIEW_RETENTION_MONTHS } from "../../contract/reports.ts";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonLink, Hero, Section } from "../components/sections.tsx";
import { standardReplyPromise } from "../../contract/form-names.ts";
import { siteConfig } from "../config/site.ts";
import { pageHead, type PageHead } from "../lib/seo.ts";

// SPEC §2 "Privacy policy": ten sections in order, "Last updated" as today's date (filled in by the
// browser, app/scripts/today.ts, so the prerendered HTML never shows the build's date), and a link back to home.
// The placeholder is a <span>, not an empty <time>: a <time> needs a valid date as its text or datetime.

/** Built at render time: the company name and phone are the published site settings (issue 37). */
export const head = (): PageHead =>
  pageHead({
    title: "Privacy Policy",
    description:
      "How we collect, use, share and protect the details you send through our forms and scheduling tools, and how to ask us to delete them.",
    path: "/privacy-policy",
  });

function PolicySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12 first:mt-0">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-slate-700">{children}</div>
    </section>
  );
}

const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

export default function PrivacyPolicy() {
  return (
    <>
      <Hero
        title="Privacy Policy"
        intro={
          <>
            <p>
              {siteConfig.companyName} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) respects the privacy of everyone who visits
              this website. This policy explains what we collect when you browse the site, send a form or book a
              consultation, why we collect it and the choices you have.
            </p>
            <p className="mt-4 text-base font-semibold text-slate-900">
              Last updated: <span data-today="" data-testid="last-updated" />
            </p>
          </>
        }
      />

      <Section>
        <div className="mx-auto max-w-3xl">
          <PolicySection id="information-collected" title="1. Information We Collect">
            <p>
              <strong className="text-slate-900">Information you give us.</strong> When you send a contact, audit,
              consultation or service inquiry form, we collect the details you enter: your name, e-mail address and
              phone number, and, where the form asks for them, your company or law firm name, the services you are
              interested in, your budget preference, a preferred meeting date, time and time zone, and your message.
            </p>
            <p>
              <strong className="text-slate-900">Information sent with a form.</strong> Each submission also records the
              page and the form it was sent from and how your visit started: the campaign (UTM) parameters of the link
              you arrived by and the website that referred you, if any.
            </p>
            <p>
              <strong className="text-slate-900">Anti-spam signals.</strong> Our forms contain a hidden anti-spam field
              that people never see and that only automated programs fill in, and they measure how long the form was
              open before it was sent. We use these two signals only to tell real inquiries from spam.
            </p>
            <p>
              <strong className="text-slate-900">Information collected automatically.</strong> Our analytics service
              records the pages you view, along with technical details such as your browser, device type and approximate
              location derived from your IP address.
            </p>
          </PolicySection>

          <PolicySection id="information-use" title="2. How We Use Your Information">
            <p>We use the information we collect to:</p>
            <ul className="list-disc space-y-2 pl-6">
              <li>{`answer your inquiry, usually within ${standardReplyPromise}, and prepare the audit, plan or proposal you asked for;`}</li>
              <li>schedule and hold the consultation you booked;</li>
              <li>
                understand which pages, forms and campaigns bring inquiries, so we can improve the site and our
                advertising;
              </li>
              <li>keep spam and abuse out of our inbox;</li>
              <li>send you follow-up messages related to your request, which you can stop at any time.</li>
            </ul>
            <p>
              We keep form submissions for as long as we need them to answer your inquiry and follow up on it, and
              delete them sooner if you ask. We do not sell your personal information.
            </p>
          </PolicySection>

          <PolicySection id="information-sharing" title="3. How We Share Your Information">
            <p>We share personal information only in these cases:</p>
            <ul className="list-disc space-y-2 pl-6">
              <li>
                with service providers that host this website and its data or deliver our e-mail, text messages and
                scheduling, only as needed to do that work for us;
              </li>
              <li>
                when the law, a court order or a government request requires it, or to protect our rights and the safety
                of others;
              </li>
              <li>as part of a merger, sale or transfer of our business, under the same protections described here.</li>
            </ul>
            <p>We do not share your information with other businesses for their own marketing.</p>
          </PolicySection>

          <PolicySection id="data-security" title="4. Data Security">
            <p>
              We protect your information with safeguards such as encrypted connections, a password-protected
              administration area limited to our own staff, and access only for people who need it to answer inquiries.
              No method of transmission or storage is completely secure, so we cannot guarantee absolute security, but
              we review our safeguards regularly.
            </p>
          </PolicySection>

          <PolicySection id="cookies-tracking" title="5. Cookies and Tracking">
            <p>
              Our analytics service uses cookies and similar technologies to count page views and understand how
              visitors move through the site. Advertising platforms we work with may use cookies or tags to measure
              whether an ad led to an inquiry.
            </p>
            <p>
              To connect an inquiry with the campaign that brought you here, the site keeps the campaign (UTM)
              parameters and referring website of your visit in your browser&apos;s session storage, which is cleared
              when you close the tab or window. It also keeps the page your visit started on and, when you came from an
              ad, the name of the ad&apos;s click parameter (such as gclid), never its value.
            </p>
            <p>
              Our own server also counts page views, without cookies: each page you open sends us its address and the
              name of the website you came from (such as google.com), nothing else. We add one to that page&apos;s count
              for the day and keep only those daily totals, for {PAGE_VIEW_RETENTION_MONTHS} months. We do not set a
              cookie, store your IP address or give you an identifier, so the counts cannot tell who you are or follow
              you from page to page. Nothing is sent when your browser sends a Global Privacy Control or Do Not Track
              signal, and visits by search engine robots and by our own staff are not counted.
            </p>
            <p>
              You can block or delete cookies in your browser settings. The site keeps working without them, although we
              will no longer see how visitors use it.
            </p>
          </PolicySection>

          <PolicySection id="your-rights" title="6. Your Rights">
            <p>Depending on where you live, you may have the right to:</p>
            <ul className="list-disc space-y-2 pl-6">
              <li>ask what personal information we hold about you and receive a copy;</li>
              <li>ask us to correct information that is wrong or incomplete;</li>
              <li>ask us to delete your information;</li>
              <li>opt out of marketing e-mails and text messages at any time.</li>
            </ul>
            <p>
              To ask for your data to be deleted, or to make any other request, e-mail us at{" "}
              <a href={`mailto:${siteConfig.email}`} className={linkClass}>
                {siteConfig.email}
              </a>{" "}
              from the address you used on our forms. We will confirm once the request has been handled. To stop
              marketing e-mails, you can also use the unsubscribe link in any message; to stop text messages, reply
              STOP.
            </p>
          </PolicySection>

          <PolicySection id="third-party-services" title="7. Third-Party Services">
            <p>
              We rely on a small number of outside providers, each of which handles information under its own privacy
              policy:
            </p>
            <ul className="list-disc space-y-2 pl-6">
              <li>
                <strong className="text-slate-900">Analytics</strong>: records page views on every page and, when a form
                is sent successfully, a conversion, so we can see which pages and campaigns work.
              </li>
              <li>
                <strong className="text-slate-900">Advertising</strong>: search and social advertising platforms measure
                which of our ads lead to visits and inquiries.
              </li>
              <li>
                <strong className="text-slate-900">Appointment scheduling</strong>: the booking calendar embedded on
                some pages is run by a scheduling provider, which receives the name, e-mail address and answers you
                enter when you book a 30-minute consultation.
              </li>
              <li>
                <strong className="text-slate-900">E-mail</strong>: an e-mail delivery provider sends our replies,
                appointment confirmations and any follow-up messages you agreed to receive.
              </li>
              <li>
                <strong className="text-slate-900">SMS</strong>: a text messaging provider delivers appointment
                reminders and replies by text when you have given us a mobile number and agreed to be contacted that
                way.
              </li>
            </ul>
          </PolicySection>

          <PolicySection id="childrens-privacy" title="8. Children's Privacy">
            <p>
              This website is meant for business owners and adults looking for marketing services. It is not directed to
              children under 13, and we do not knowingly collect personal information from children under 13. If you
              believe a child has sent us information, contact us and we will delete it.
            </p>
          </PolicySection>

          <PolicySection id="policy-changes" title="9. Changes to This Policy">
            <p>
              We may update this policy when our services, providers or legal obligations change. The updated version is
              always published on this page with its date at the top, and continuing to use the site after a change
              means you accept the updated policy.
            </p>
          </PolicySection>

          <PolicySection id="contact-us" title="10. Contact Us">
            <p>Questions about this policy or about your information are welcome. You can reach us by:</p>
            <ul className="list-disc space-y-2 pl-6">
              <li>
                E-mail:{" "}
                <a href={`mailto:${siteConfig.email}`} className={linkClass}>
                  {siteConfig.email}
                </a>
              </li>
              <li>
                Phone:{" "}
                <a href={siteConfig.phoneHref} className={linkClass}>
                  {siteConfig.phone}
                </a>{" "}
                ({siteConfig.hours})
              </li>
              <li>
                Our{" "}
                <a href="/contact" className={linkClass}>
                  contact page
                </a>
              </li>
            </ul>
          </PolicySection>

          <div className="mt-12 border-t border-slate-200 pt-8">
            <ButtonLink to="/" emphasis="secondary">
              <ArrowLeft className="h-5 w-5" aria-hidden="true" />
              Back to Home
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
