/*
 * Lead channels: where a visit (and so a lead) came from, worked out from its UTM tags, its
 * click-id parameter and its referrer. No value imports: this runs in browsers and on the server.
 *
 * The rules of channelOf, in order; the first that matches wins. UTM values are trimmed and
 * compared case-insensitively; a value that is empty after trimming counts as absent.
 *
 * 1. Paid click id: gclid, gbraid, wbraid, dclid, msclkid → "paid-search";
 *    ttclid, li_fat_id, twclid, ScCid, epik, rdt_cid → "paid-social".
 *    fbclid is NOT paid by itself: Facebook adds it to every outbound link, organic posts
 *    included. It falls through (to rule 3 when UTM says paid, otherwise to rule 4).
 * 2. utm_medium is e-mail-like (email, e-mail, e_mail, newsletter, mail) or utm_source is
 *    e-mail-like (email, newsletter, mailchimp, klaviyo, hubspot-email, sendgrid,
 *    constantcontact) → "email".
 * 3. utm_medium is paid (cpc, ppc, paid, paidsearch, paid-search, paid_search, cpm, cpv, cpa,
 *    display, banner, paidsocial, paid-social, paid_social, ads, or anything starting with
 *    "paid") → "paid-social" when utm_source is a social network (list below) or the medium
 *    contains "social"; otherwise "paid-search". Display, cpm and banner count as paid search:
 *    for this small agency's report "paid, not social" is all that matters.
 * 4. utm_medium is social-like (social, social-media, social_media, sm, organic-social,
 *    organic_social), or utm_source is a social network, or the click id is fbclid
 *    → "organic-social".
 *    Social networks (utm_source equal to one of): facebook, fb, instagram, ig, linkedin,
 *    twitter, x, t.co, tiktok, pinterest, youtube, reddit, nextdoor, threads, snapchat, quora.
 * 5. utm_medium is organic (organic, seo), or utm_source is a search engine (google, bing,
 *    yahoo, duckduckgo, ecosia, baidu, yandex, brave) → "organic-search". (A paid medium was
 *    already taken by rule 3.)
 * 6. Any other utm_source or utm_medium present → "referral" (a tagged link from somewhere we
 *    do not classify).
 * 7. Referrer host (see referrerHost; hosts match by suffix on a dot boundary, so
 *    sub.facebook.com matches facebook.com and notfacebook.com does not), checked in this order:
 *    a. webmail (mail.google.com, outlook.live.com, outlook.office.com, mail.yahoo.com)
 *       → "email" (checked first, so mail.google.com is not taken for Google search);
 *    b. search engines (google.<tld> for any country TLD such as google.de, google.co.uk,
 *       google.com.au; bing.com; search.yahoo.com / yahoo.com; duckduckgo.com; ecosia.org;
 *       baidu.com; yandex.<tld>; search.brave.com; startpage.com) → "organic-search";
 *    c. social hosts (facebook.com, m./l./lm.facebook.com, instagram.com, l.instagram.com,
 *       linkedin.com, lnkd.in, t.co, twitter.com, x.com, tiktok.com, pinterest.com,
 *       youtube.com, reddit.com, old.reddit.com, nextdoor.com, threads.net, snapchat.com,
 *       quora.com) → "organic-social";
 *    d. any other host → "referral".
 *    A referrer that is not an absolute URL with a host (garbage text, "google.com" without a
 *    scheme) is ignored.
 * 8. Nothing of the above → "direct".
 */

// Type only (erased): fields.ts imports this module's click ids at run time.
import type { LeadSource } from "./fields.ts";

export const leadChannels = [
  "organic-search",
  "paid-search",
  "paid-social",
  "organic-social",
  "email",
  "referral",
  "direct",
] as const;
export type LeadChannel = (typeof leadChannels)[number];

export const channelLabels: Record<LeadChannel, string> = {
  "organic-search": "Organic search",
  "paid-search": "Paid search",
  "paid-social": "Paid social",
  "organic-social": "Organic social",
  email: "E-mail",
  referral: "Referral",
  direct: "Direct",
};

/** The click-id query parameters we recognise, in priority order (only the parameter's NAME is stored, never its value). */
export const clickIdParams = [
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "msclkid",
  "fbclid",
  "ttclid",
  "li_fat_id",
  "twclid",
  "ScCid",
  "epik",
  "rdt_cid",
] as const;
export type ClickIdParam = (typeof clickIdParams)[number];

/**
 * The first click-id parameter present in a URL's search params, or null. The name must match
 * exactly (query parameter names are case-sensitive) and the value must not be blank.
 */
export function clickIdOf(searchParams: URLSearchParams): ClickIdParam | null {
  for (const param of clickIdParams) {
    const value = searchParams.get(param);
    if (value !== null && value.trim() !== "") return param;
  }
  return null;
}

/** The host of a referrer URL, lowercased, without a leading "www."; null when empty or not a URL. */
export function referrerHost(referrer: string | null | undefined): string | null {
  const text = referrer?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  let host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("www.")) host = host.slice(4);
  return host === "" ? null : host;
}

/** The source fields the channel is read from. */
export type ChannelInput = Partial<Pick<LeadSource, "utmSource" | "utmMedium" | "clickId" | "referrer">>;

const paidSearchClickIds: readonly string[] = ["gclid", "gbraid", "wbraid", "dclid", "msclkid"];
const paidSocialClickIds: readonly string[] = ["ttclid", "li_fat_id", "twclid", "sccid", "epik", "rdt_cid"];

const emailMediums: readonly string[] = ["email", "e-mail", "e_mail", "newsletter", "mail"];
const emailSources: readonly string[] = [
  "email",
  "newsletter",
  "mailchimp",
  "klaviyo",
  "hubspot-email",
  "sendgrid",
  "constantcontact",
];
const paidMediums: readonly string[] = [
  "cpc",
  "ppc",
  "paid",
  "paidsearch",
  "paid-search",
  "paid_search",
  "cpm",
  "cpv",
  "cpa",
  "display",
  "banner",
  "paidsocial",
  "paid-social",
  "paid_social",
  "ads",
];
const socialMediums: readonly string[] = [
  "social",
  "social-media",
  "social_media",
  "sm",
  "organic-social",
  "organic_social",
];
const socialSources: readonly string[] = [
  "facebook",
  "fb",
  "instagram",
  "ig",
  "linkedin",
  "twitter",
  "x",
  "t.co",
  "tiktok",
  "pinterest",
  "youtube",
  "reddit",
  "nextdoor",
  "threads",
  "snapchat",
  "quora",
];
const organicMediums: readonly string[] = ["organic", "seo"];
const searchSources: readonly string[] = [
  "google",
  "bing",
  "yahoo",
  "duckduckgo",
  "ecosia",
  "baidu",
  "yandex",
  "brave",
];

const webmailHosts: readonly string[] = ["mail.google.com", "outlook.live.com", "outlook.office.com", "mail.yahoo.com"];
const searchHosts: readonly string[] = [
  "bing.com",
  "search.yahoo.com",
  "yahoo.com",
  "duckduckgo.com",
  "ecosia.org",
  "baidu.com",
  "search.brave.com",
  "startpage.com",
];
/** google.<tld> and yandex.<tld>: a country TLD (de), co.<cc> (co.uk) or com[.<cc>] (com, com.au). */
const countrySearchHost = /(^|\.)(google|yandex)\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;
const socialHosts: readonly string[] = [
  "facebook.com",
  "m.facebook.com",
  "l.facebook.com",
  "lm.facebook.com",
  "instagram.com",
  "l.instagram.com",
  "linkedin.com",
  "lnkd.in",
  "t.co",
  "twitter.com",
  "x.com",
  "tiktok.com",
  "pinterest.com",
  "youtube.com",
  "reddit.com",
  "old.reddit.com",
  "nextdoor.com",
  "threads.net",
  "snapchat.com",
  "quora.com",
];

function normalised(value: string | null | undefined): string | null {
  const text = value?.trim().toLowerCase();
  return text ? text : null;
}

function hostMatches(host: string, hosts: readonly string[]): boolean {
  return hosts.some((candidate) => host === candidate || host.endsWith(`.${candidate}`));
}

function isPaidMedium(medium: string): boolean {
  return paidMediums.includes(medium) || medium.startsWith("paid");
}

/** The channel of a visit, by the written-down rules at the top of this file (first match wins). */
export function channelOf(input: ChannelInput): LeadChannel {
  const source = normalised(input.utmSource);
  const medium = normalised(input.utmMedium);
  const clickId = normalised(input.clickId);

  // 1. Paid click ids (fbclid is not one of them).
  if (clickId !== null && paidSearchClickIds.includes(clickId)) return "paid-search";
  if (clickId !== null && paidSocialClickIds.includes(clickId)) return "paid-social";

  // 2. E-mail.
  if ((medium !== null && emailMediums.includes(medium)) || (source !== null && emailSources.includes(source)))
    return "email";

  const socialSource = source !== null && socialSources.includes(source);

  // 3. Paid medium.
  if (medium !== null && isPaidMedium(medium))
    return socialSource || medium.includes("social") ? "paid-social" : "paid-search";

  // 4. Organic social.
  if ((medium !== null && socialMediums.includes(medium)) || socialSource || clickId === "fbclid")
    return "organic-social";

  // 5. Organic search.
  if ((medium !== null && organicMediums.includes(medium)) || (source !== null && searchSources.includes(source)))
    return "organic-search";

  // 6. Any other tag.
  if (source !== null || medium !== null) return "referral";

  // 7. Referrer host.
  const host = referrerHost(input.referrer);
  if (host !== null) {
    if (hostMatches(host, webmailHosts)) return "email";
    if (countrySearchHost.test(host) || hostMatches(host, searchHosts)) return "organic-search";
    if (hostMatches(host, socialHosts)) return "organic-social";
    return "referral";
  }

  // 8. Nothing.
  return "direct";
}
