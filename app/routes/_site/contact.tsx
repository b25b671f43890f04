import { ContactForm } from "../../components/forms/contact-form.tsx";
import { siteConfig } from "../../config/site.ts";

export function meta() {
  return [
    { title: `Contact Us | ${siteConfig.companyName}` },
    { name: "description", content: "Book a free strategy session or send us a message. We respond within 24 hours." },
  ];
}

// The full page (hours, scheduling, FAQ) comes with the public pages; the form is final.
export default function Contact() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Contact Us</h1>
      <p className="mt-4 text-lg text-slate-700">Tell us about your business and we'll respond within 24 hours.</p>
      <ContactForm formName="contact-page" className="mt-10" />
    </section>
  );
}
