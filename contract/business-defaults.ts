/**
 * The business facts both sides need, with their defaults: the site bakes PUBLIC_* overrides in at build
 * time (app/config/site.ts); the server reads the same variables at start-up for the mails it sends.
 */
export const businessDefaults = {
  companyName: "Summit Lead Marketing",
  phone: "(512) 555-0186",
  email: "hello@summitleadmarketing.com",
  /** SPEC §2 (Contact): not configurable. */
  hours: "Monday to Friday 9AM to 6PM EST",
} as const;

/** The tel: link of a phone number: PUBLIC_PHONE_E164 when set, else the digits with the US country code. */
export function phoneHref(phone: string, e164?: string): string {
  return `tel:${(e164 ?? `+1${phone.replace(/\D/g, "")}`).replace(/[^\d+]/g, "")}`;
}
