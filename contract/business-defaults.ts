/**
 * The business facts both sides need, with their defaults: the site bakes PUBLIC_* overrides in at build
 * time (app/config/site.ts); the server reads the same variables at start-up for the mails it sends.
 */
export const businessDefaults = {
  companyName: "Summit Lead Marketing",
  phone: "(512) 555-0186",
  email: "hello@summitleadmarketing.com",
} as const;
