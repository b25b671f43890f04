import { afterEach, describe, expect, it } from "vitest";
import { dateIn, zonedInstant } from "../../contract/time-zones.ts";
import type { ServerConfig } from "../config.ts";
import { smtpServerForThisFile } from "../../tests/helpers/smtp-fixture.ts";
import { DAY_MS, runningClock } from "../../tests/helpers/test-clock.ts";
import {
  createTestApp,
  humanSignals,
  signIn,
  validContact,
  validInquiry,
  type TestApp,
} from "../../tests/helpers/test-app.ts";
import { createTestDatabase } from "../../tests/helpers/test-database.ts";

// The morning e-mail (issue 20) on the test project's database, with a real SMTP server and the app's
// test clock: off by default, not before the owner's hour (in OWNER_TIMEZONE), once a day however many
// instances look, what it lists, and a day the mail server refused is tried again.

const SITE = "https://www.summit.example";
const ZONE = "America/Chicago";
const mail = smtpServerForThisFile();
// The app's clock: real time plus what the test moves it by, to the owner's hours days ahead.
const time = runningClock();
const clock = time.clock;
const open: TestApp[] = [];

afterEach(async () => {
  for (const t of open.splice(0).reverse()) await t.close();
  time.reset();
  mail.smtp.refuse = null;
});

/** Moves the clock to `hour:minute` on the owner's calendar `days` after today. */
function setOwnerTime(days: number, hour: number, minute = 0): Date {
  const date = dateIn(ZONE, Date.now() + days * DAY_MS);
  const target = zonedInstant(date, hour, ZONE).getTime() + minute * 60_000;
  time.advance(target - clock().getTime());
  return new Date(target);
}

function deliveryConfig(overrides: Partial<ServerConfig["delivery"]> = {}): ServerConfig["delivery"] {
  return {
    mail: { transport: { kind: "smtp", url: mail.smtp.url }, from: "Summit Leads <leads@summit.example>" },
    notify: ["owner@summit.example"],
    autoReply: false,
    webhook: null,
    ownerTimeZone: ZONE,
    business: { companyName: "Summit Lead Marketing", phone: "(512) 555-0186", phoneHref: "tel:+15125550186" },
    ...overrides,
  };
}

async function appWith(
  delivery: Partial<ServerConfig["delivery"]> = {},
  database?: TestApp["testDatabase"],
): Promise<TestApp> {
  const t = await createTestApp({ delivery: deliveryConfig(delivery), siteOrigin: SITE }, database, { clock });
  open.push(t);
  return t;
}

async function turnOn(t: TestApp, hour = 7) {
  const response = await t.app.inject({
    method: "PUT",
    url: "/api/admin/settings/notifications",
    headers: { cookie: await signIn(t.app), origin: SITE },
    payload: { morningEmail: { enabled: true, hour } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The morning e-mails among what the SMTP server received (leads' e-mails are others). */
const mornings = () => mail.smtp.received.filter((m) => m.parsed.messageId?.startsWith("<morning-"));

describe("the morning e-mail", () => {
  it("is off by default: nothing is sent, whatever the hour", async () => {
    const t = await appWith();
    setOwnerTime(1, 9);
    expect(await t.app.morningEmail.runDue()).toBe("off");
    expect(mail.smtp.received).toHaveLength(0);
  });

  it("goes at or after the owner's hour in OWNER_TIMEZONE, once a day", async () => {
    const t = await appWith();
    await turnOn(t, 7);
    setOwnerTime(1, 6, 59);
    expect(await t.app.morningEmail.runDue()).toBe("not-yet");
    expect(mornings()).toHaveLength(0);
    setOwnerTime(1, 7, 0);
    expect(await t.app.morningEmail.runDue()).toBe("sent");
    setOwnerTime(1, 7, 1);
    expect(await t.app.morningEmail.runDue()).toBe("taken");
    setOwnerTime(1, 22, 0);
    expect(await t.app.morningEmail.runDue()).toBe("taken");
    expect(mornings()).toHaveLength(1);
    // The next day: not before its hour, then once more.
    setOwnerTime(2, 6, 30);
    expect(await t.app.morningEmail.runDue()).toBe("not-yet");
    setOwnerTime(2, 9, 15);
    expect(await t.app.morningEmail.runDue()).toBe("sent");
    expect(mornings()).toHaveLength(2);
    expect(mornings().map((m) => m.envelopeTo)).toEqual([["owner@summit.example"], ["owner@summit.example"]]);
    expect(new Set(mornings().map((m) => m.parsed.messageId)).size).toBe(2);
  });

  it("goes once when two instances on one database look at the same time, again and again", async () => {
    const database = await createTestDatabase();
    try {
      const a = await appWith({}, database);
      const b = await appWith({}, database);
      await turnOn(a, 7);
      setOwnerTime(1, 7, 5);
      const outcomes = [];
      for (let look = 0; look < 5; look += 1)
        outcomes.push(...(await Promise.all([a.app.morningEmail.runDue(), b.app.morningEmail.runDue()])));
      expect(outcomes.filter((outcome) => outcome === "sent")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === "taken")).toHaveLength(9);
      expect(mornings()).toHaveLength(1);
    } finally {
      for (const t of open.splice(0).reverse()) await t.close();
      await database.drop();
    }
  });

  it("lists the day's follow-ups and the leads past their reply deadline, with words, phone and links", async () => {
    const t = await appWith();
    const cookie = await signIn(t.app);
    const post = async (url: string, fields: object) => {
      const response = await t.app.inject({
        method: "POST",
        url,
        payload: { ...fields, ...(await humanSignals(t.app)) },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const patch = async (kind: string, id: string, payload: object) => {
      const response = await t.app.inject({
        method: "PATCH",
        url: `/api/admin/leads/${kind}/${id}`,
        headers: { cookie, origin: SITE },
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    // Leads stored now; then six days ahead at 07:30, where a lead stored now is past its 24-hour promise
    // (counted in business hours, issue 33: 24 of them fit in any six days of the default week).
    const callBack = await post("/api/service-inquiry", {
      ...validInquiry,
      firstName: "Fiona",
      lastName: "Follow",
      phone: "+1 305 555 0111",
      formName: "service-seo",
      pagePath: "/services/seo",
    });
    const tomorrow = await post("/api/service-inquiry", {
      ...validInquiry,
      firstName: "Tom",
      lastName: "Later",
      email: "tom@example.com",
    });
    const waiting = await post("/api/contact", {
      ...validContact,
      firstName: "Olive",
      lastName: "Overdue",
      email: "olive@example.com",
      phone: "(512) 555-0199",
      formName: "contact-page",
      pagePath: "/contact",
    });
    await post("/api/contact", {
      ...validContact,
      firstName: "Spam",
      lastName: "Bot",
      email: "bot@example.com",
      website: "https://spam.example",
    });
    const morning = setOwnerTime(6, 7, 30);
    await patch("inquiries", callBack, {
      status: "contacted",
      followUpAt: new Date(morning.getTime() + 6.5 * 3_600_000).toISOString(),
      followUpNote: "call back Tuesday",
    });
    await patch("inquiries", tomorrow, {
      status: "contacted",
      followUpAt: new Date(morning.getTime() + DAY_MS).toISOString(),
      followUpNote: "not today",
    });
    mail.smtp.received.length = 0;

    await turnOn(t, 7);
    expect(await t.app.morningEmail.runDue()).toBe("sent");
    const [message] = mornings();
    const { subject, text = "", html = "" } = message!.parsed;
    expect(subject).toMatch(/^Today, \w{3}, \w{3} \d{1,2}, \d{4}: 1 follow-up, 1 lead needs a reply$/);
    expect(text).toContain("(times in Central Time)");
    expect(text).toContain(
      "Needs a reply (1)\n- Olive Overdue · Contact · Contact form on /contact · (512) 555-0199\n  Overdue: the reply was due",
    );
    expect(text).toContain(`${SITE}/admin/leads/contacts/${waiting}`);
    expect(text).toContain(
      "Follow-ups due today (1)\n- Fiona Follow · Service inquiry · Service inquiry form on /services/seo · +1 305 555 0111\n  Follow up at",
    );
    expect(text).toMatch(/Follow up at \w{3}, \w{3} \d{1,2}, 2:00 PM: “call back Tuesday”/);
    expect(text).toContain(`${SITE}/admin/leads/inquiries/${callBack}`);
    expect(text).not.toContain("Tom Later");
    expect(text).not.toContain("Spam Bot");
    expect(html).toContain(`<a href="${SITE}/admin/leads/inquiries/${callBack}"`);
    expect(html).toContain("“call back Tuesday”");
  });

  it('says "Nothing due today" on a day with nothing due (it is still sent: silence would look like a lost e-mail)', async () => {
    const t = await appWith();
    await turnOn(t, 0);
    setOwnerTime(1, 0, 5);
    expect(await t.app.morningEmail.runDue()).toBe("sent");
    const [message] = mornings();
    expect(message!.parsed.subject).toMatch(/: nothing due$/);
    expect(message!.parsed.text).toContain("Nothing due today");
  });

  it("is tried again at a later look after the SMTP server refused it, and then goes once", async () => {
    const t = await appWith();
    await turnOn(t, 7);
    setOwnerTime(1, 7, 0);
    mail.smtp.refuse = { at: "data", code: 451, text: "4.3.0 Try again later" };
    expect(await t.app.morningEmail.runDue()).toBe("failed");
    setOwnerTime(1, 7, 1);
    expect(await t.app.morningEmail.runDue()).toBe("failed");
    expect(mornings()).toHaveLength(0);
    mail.smtp.refuse = null;
    setOwnerTime(1, 7, 2);
    expect(await t.app.morningEmail.runDue()).toBe("sent");
    setOwnerTime(1, 7, 3);
    expect(await t.app.morningEmail.runDue()).toBe("taken");
    expect(mornings()).toHaveLength(1);
  });

  it("is taken over from an instance that died while sending it, once its claim is 10 minutes old", async () => {
    const t = await appWith();
    await turnOn(t, 7);
    const start = setOwnerTime(1, 7, 0);
    // Another instance claimed the day and died before sending or giving it back.
    expect(
      await t.app.repositories.notificationSettings.claimMorningEmail(
        dateIn(ZONE, start.getTime()),
        start,
        10 * 60_000,
      ),
    ).toBe(true);
    setOwnerTime(1, 7, 9);
    expect(await t.app.morningEmail.runDue()).toBe("taken");
    setOwnerTime(1, 7, 11);
    expect(await t.app.morningEmail.runDue()).toBe("sent");
    setOwnerTime(1, 7, 30);
    expect(await t.app.morningEmail.runDue()).toBe("taken");
    expect(mornings()).toHaveLength(1);
  });

  it("waits for a channel: turned on with mail but no address in use, nothing goes", async () => {
    const t = await appWith({ notify: [] });
    await turnOn(t, 7);
    setOwnerTime(1, 8);
    expect(await t.app.morningEmail.runDue()).toBe("no-channel");
    expect(mail.smtp.received).toHaveLength(0);
  });
});
