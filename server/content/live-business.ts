import type { FastifyInstance } from "fastify";
import { phoneHref } from "../../contract/business-defaults.ts";
import type { Business } from "../site/server-page.ts";
import { readPublishedSiteSettings } from "./published-content.ts";

/** How long the published name and phone are believed before they are read again. */
const BUSINESS_TTL_MS = 1000;

/**
 * The name, phone and hours the pages our server writes itself show (the forms without JavaScript, the address
 * confirmations): the site's published settings (issue 37), read at most once a second by `refresh` (an
 * onRequest hook), kept in `business` for the page builders; the configured values until any are published,
 * and the last ones read while the database is away.
 */
export function liveBusiness(app: FastifyInstance): { business: Business; refresh: () => Promise<void> } {
  const configured = app.config.delivery.business;
  const business: Business = { ...configured };
  let readAt = 0;
  return {
    business,
    refresh: async () => {
      if (Date.now() - readAt < BUSINESS_TTL_MS) return;
      readAt = Date.now();
      const settings = await readPublishedSiteSettings(app.db).catch(() => undefined);
      if (!settings) return;
      business.companyName = settings.companyName;
      business.phone = settings.phone;
      business.phoneHref = settings.phone === configured.phone ? configured.phoneHref : phoneHref(settings.phone);
      business.hours = settings.hours;
    },
  };
}
