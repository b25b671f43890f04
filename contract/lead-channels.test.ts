import { describe, expect, it } from "vitest";
import {
  channelLabels,
  channelOf,
  clickIdOf,
  leadChannels,
  referrerHost,
  type ChannelInput,
  type LeadChannel,
} from "./lead-channels.ts";

describe("leadChannels", () => {
  it("has the seven channels", () => {
    expect(leadChannels).toHaveLength(7);
    expect(new Set(leadChannels).size).toBe(7);
  });

  it("gives every channel a label", () => {
    for (const channel of leadChannels) expect(channelLabels[channel]).toMatch(/\S/);
    expect(Object.keys(channelLabels).sort()).toEqual([...leadChannels].sort());
  });
});

describe("clickIdOf", () => {
  it("returns the first click id in priority order, not URL order", () => {
    expect(clickIdOf(new URLSearchParams("fbclid=abc&gclid=def"))).toBe("gclid");
    expect(clickIdOf(new URLSearchParams("ttclid=1&msclkid=2"))).toBe("msclkid");
    expect(clickIdOf(new URLSearchParams("rdt_cid=1&fbclid=2"))).toBe("fbclid");
  });

  it("recognises each single click id", () => {
    expect(clickIdOf(new URLSearchParams("utm_source=x&wbraid=abc"))).toBe("wbraid");
    expect(clickIdOf(new URLSearchParams("li_fat_id=abc"))).toBe("li_fat_id");
    expect(clickIdOf(new URLSearchParams("ScCid=abc"))).toBe("ScCid");
  });

  it("returns null when there is none", () => {
    expect(clickIdOf(new URLSearchParams(""))).toBeNull();
    expect(clickIdOf(new URLSearchParams("utm_source=google&q=gclid"))).toBeNull();
  });

  it("ignores a blank value and a differently cased name", () => {
    expect(clickIdOf(new URLSearchParams("gclid=&fbclid=abc"))).toBe("fbclid");
    expect(clickIdOf(new URLSearchParams("GCLID=abc"))).toBeNull();
  });
});

describe("referrerHost", () => {
  it("strips www. and lowercases", () => {
    expect(referrerHost("https://www.Google.COM/search?q=plumber")).toBe("google.com");
    expect(referrerHost("https://WWW.example.org/")).toBe("example.org");
  });

  it("keeps other subdomains", () => {
    expect(referrerHost("https://l.facebook.com/l.php?u=x")).toBe("l.facebook.com");
    expect(referrerHost("http://old.reddit.com/r/diy")).toBe("old.reddit.com");
  });

  it("returns null for an invalid referrer", () => {
    expect(referrerHost("not a url at all")).toBeNull();
    expect(referrerHost("google.com")).toBeNull();
  });

  it("returns null for an empty referrer", () => {
    expect(referrerHost("")).toBeNull();
    expect(referrerHost("   ")).toBeNull();
    expect(referrerHost(null)).toBeNull();
    expect(referrerHost(undefined)).toBeNull();
  });
});

type Case = [description: string, input: ChannelInput, expected: LeadChannel];

const cases: Case[] = [
  // 1. Paid click ids
  ["Google Ads gclid without UTM", { clickId: "gclid", referrer: "https://www.google.com/" }, "paid-search"],
  ["Google Ads gbraid (iOS app campaigns)", { clickId: "gbraid" }, "paid-search"],
  ["Google Ads wbraid (iOS web campaigns)", { clickId: "wbraid" }, "paid-search"],
  ["Campaign Manager dclid", { clickId: "dclid" }, "paid-search"],
  ["Microsoft Ads msclkid", { clickId: "msclkid", referrer: "https://www.bing.com/" }, "paid-search"],
  ["LinkedIn ads li_fat_id", { clickId: "li_fat_id", referrer: "https://www.linkedin.com/" }, "paid-social"],
  ["TikTok ads ttclid", { clickId: "ttclid" }, "paid-social"],
  ["Snapchat ads ScCid", { clickId: "ScCid" }, "paid-social"],
  ["Reddit ads rdt_cid", { clickId: "rdt_cid", referrer: "https://www.reddit.com/" }, "paid-social"],
  [
    "gclid wins over a facebook.com referrer",
    { clickId: "gclid", referrer: "https://www.facebook.com/" },
    "paid-search",
  ],
  ["gclid wins over utm_medium=email", { clickId: "gclid", utmMedium: "email" }, "paid-search"],

  // 2. E-mail
  ["Mailchimp utm_medium=email", { utmSource: "mailchimp", utmMedium: "email" }, "email"],
  ["Klaviyo source only", { utmSource: "klaviyo" }, "email"],
  ["utm_source=newsletter", { utmSource: "newsletter" }, "email"],
  ["utm_medium=e-mail from a custom source", { utmSource: "spring-offer", utmMedium: "e-mail" }, "email"],
  [
    "utm_medium=email wins over a google referrer",
    { utmMedium: "email", referrer: "https://www.google.com/" },
    "email",
  ],
  ["fbclid with utm_medium=newsletter", { clickId: "fbclid", utmMedium: "newsletter" }, "email"],

  // 3. Paid mediums
  ["Microsoft Ads utm_source=bing&utm_medium=cpc", { utmSource: "bing", utmMedium: "cpc" }, "paid-search"],
  [
    "Facebook ads utm_source=facebook&utm_medium=paid_social",
    { utmSource: "facebook", utmMedium: "paid_social" },
    "paid-social",
  ],
  [
    "Facebook ads via fbclid with utm_source=fb&utm_medium=cpc",
    { clickId: "fbclid", utmSource: "fb", utmMedium: "cpc" },
    "paid-social",
  ],
  ["upper-case UTM_MEDIUM=CPC with source GOOGLE", { utmSource: "GOOGLE", utmMedium: "CPC" }, "paid-search"],
  ["whitespace around values", { utmSource: "  facebook ", utmMedium: " Paid-Social  " }, "paid-social"],
  ["utm_medium=display counts as paid search", { utmSource: "google", utmMedium: "display" }, "paid-search"],
  ["utm_medium=paidsocial with source=instagram", { utmSource: "instagram", utmMedium: "paidsocial" }, "paid-social"],
  ["utm_medium=cpc from Instagram is paid social", { utmSource: "ig", utmMedium: "cpc" }, "paid-social"],
  ["a medium starting with paid (paid-video)", { utmSource: "youtube", utmMedium: "paid-video" }, "paid-social"],
  [
    "a medium starting with paid from an unknown source",
    { utmSource: "adroll", utmMedium: "paid_retargeting" },
    "paid-search",
  ],
  ["utm_medium=paid-social from an unknown source", { utmSource: "meta", utmMedium: "paid-social" }, "paid-social"],
  ["utm_medium=cpm banner network", { utmSource: "some-network", utmMedium: "cpm" }, "paid-search"],
  ["medium only: ppc", { utmMedium: "ppc" }, "paid-search"],

  // 4. Organic social
  [
    "plain fbclid with an l.facebook.com referrer",
    { clickId: "fbclid", referrer: "https://l.facebook.com/l.php?u=x" },
    "organic-social",
  ],
  ["plain fbclid without a referrer", { clickId: "fbclid" }, "organic-social"],
  ["utm_source=facebook without a medium", { utmSource: "facebook" }, "organic-social"],
  ["utm_medium=social with source=linkedin", { utmSource: "linkedin", utmMedium: "social" }, "organic-social"],
  [
    "utm_medium=social-media from an unlisted network",
    { utmSource: "mastodon", utmMedium: "social-media" },
    "organic-social",
  ],
  ["utm_source=x with medium referral", { utmSource: "x", utmMedium: "referral" }, "organic-social"],

  // 5. Organic search
  ["utm_source=google&utm_medium=organic", { utmSource: "google", utmMedium: "organic" }, "organic-search"],
  ["utm_source=duckduckgo without a medium", { utmSource: "DuckDuckGo" }, "organic-search"],
  ["utm_medium=seo from an unknown source", { utmSource: "local-guide", utmMedium: "seo" }, "organic-search"],

  // 6. Other tags
  ["utm_source=partner-site&utm_medium=referral", { utmSource: "partner-site", utmMedium: "referral" }, "referral"],
  ["utm medium only: print (QR code on a flyer)", { utmMedium: "print" }, "referral"],
  [
    "a tag wins over a google referrer",
    { utmSource: "chamber-of-commerce", referrer: "https://www.google.com/" },
    "referral",
  ],

  // 7. Referrer hosts
  ["Gmail webmail referrer", { referrer: "https://mail.google.com/" }, "email"],
  ["Outlook web referrer", { referrer: "https://outlook.live.com/" }, "email"],
  ["Office 365 Outlook referrer", { referrer: "https://outlook.office.com/mail/" }, "email"],
  ["Yahoo Mail referrer", { referrer: "https://mail.yahoo.com/d/folders/1" }, "email"],
  ["google.com referrer", { referrer: "https://www.google.com/" }, "organic-search"],
  ["google.co.uk referrer", { referrer: "https://www.google.co.uk/" }, "organic-search"],
  ["google.com.au referrer", { referrer: "https://www.google.com.au/" }, "organic-search"],
  ["google.de referrer", { referrer: "https://google.de/" }, "organic-search"],
  ["www.bing.com referrer", { referrer: "https://www.bing.com/search?q=roofer" }, "organic-search"],
  ["DuckDuckGo referrer", { referrer: "https://duckduckgo.com/" }, "organic-search"],
  ["yandex.ru referrer", { referrer: "https://yandex.ru/" }, "organic-search"],
  ["search.brave.com referrer", { referrer: "https://search.brave.com/search?q=x" }, "organic-search"],
  ["search.yahoo.com referrer", { referrer: "https://search.yahoo.com/" }, "organic-search"],
  ["Ecosia referrer", { referrer: "https://www.ecosia.org/" }, "organic-search"],
  ["Startpage referrer", { referrer: "https://www.startpage.com/" }, "organic-search"],
  ["t.co referrer", { referrer: "https://t.co/abc123" }, "organic-social"],
  ["lnkd.in referrer", { referrer: "https://lnkd.in/abc" }, "organic-social"],
  ["m.facebook.com referrer", { referrer: "https://m.facebook.com/" }, "organic-social"],
  ["old.reddit.com referrer", { referrer: "https://old.reddit.com/r/homeimprovement" }, "organic-social"],
  ["youtube.com referrer", { referrer: "https://www.youtube.com/" }, "organic-social"],
  ["l.instagram.com referrer", { referrer: "https://l.instagram.com/?u=x" }, "organic-social"],
  ["nextdoor.com referrer", { referrer: "https://nextdoor.com/news_feed/" }, "organic-social"],
  ["a subdomain of facebook.com", { referrer: "https://business.facebook.com/" }, "organic-social"],
  ["notfacebook.com is not facebook (suffix rule)", { referrer: "https://notfacebook.com/" }, "referral"],
  ["google.example.com is not Google", { referrer: "https://google.example.com/" }, "referral"],
  ["brave.com itself is not the search engine", { referrer: "https://brave.com/" }, "referral"],
  ["a blog referrer", { referrer: "https://janes-home-blog.example/best-plumbers" }, "referral"],
  ["yelp.com referrer", { referrer: "https://www.yelp.com/biz/acme-plumbing" }, "referral"],

  // 8. Nothing
  ["a referrer that is garbage text", { referrer: "(not set)" }, "direct"],
  ["empty everything", {}, "direct"],
  ["explicit nulls and blanks", { utmSource: " ", utmMedium: "", clickId: null, referrer: null }, "direct"],
  ["an unknown click id is ignored", { clickId: "mc_cid" }, "direct"],
];

describe("channelOf", () => {
  it("has a table of at least 45 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(45);
  });

  it.each(cases)("%s", (_description, input, expected) => {
    expect(channelOf(input)).toBe(expected);
  });
});
