import type { Page } from "@playwright/test";
import { e2eAdmin } from "../../playwright.config.ts";
import { startSmtpTestServer, type SmtpTestServer } from "../helpers/smtp-test-server.ts";
import { expectNoBlockingViolations, expectNoSidewaysScroll } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { expectToast } from "./helpers.ts";
import { inquiryData, uniqueTag } from "./lead-seeds.ts";
import { startOwnServer, type OwnServer } from "./own-server.ts";

// Answering a lead from its page (issue 33, points 3 and 5), at 1280 and 390 px, on a server of its own
// that sends e-mail to a real SMTP server in the test: Reply opens a panel with the default template filled
// in, Send queues the e-mail and the timeline shows it sent (the SMTP server has it, from the owner's name);
// Log a call takes the outcome and a note, and after "No answer" sets the offered follow-up in one click.
// axe finds nothing serious with the panels open or closed.

const widths = [1280, 390] as const;

let own: OwnServer | undefined;
let smtp: SmtpTestServer | undefined;
let base = "";

test.beforeAll(async () => {
  smtp = await startSmtpTestServer();
  own = await startOwnServer("reply", {
    ADMIN_NAME: "Ana Ruiz",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Summit Leads <leads@agency.example>",
    // Only the replies reach the SMTP server.
    NOTIFY_EMAIL: "",
    AUTO_REPLY: "false",
    WEBHOOK_URL: "",
    WEBHOOK_SECRET: "",
    SITE_ORIGIN: "https://e2e.agency.example",
  });
  base = own.base;
});

test.afterAll(async () => {
  await own?.close();
  await smtp?.stop();
});

/** A service inquiry sent as from a form opened a minute ago (a token signed with this server's secret). */
async function postInquiry(page: Page, tag: string): Promise<{ id: string; email: string }> {
  const data = inquiryData(tag, { firstName: "Robin" });
  const response = await page.request.post(`${base}/api/service-inquiry`, {
    data: { formToken: own!.formToken(), ...data },
  });
  expect(response.status()).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, email: data.email as string };
}

async function apiLead(page: Page, id: string) {
  const response = await page.request.get(`${base}/api/admin/leads/inquiries/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    status: string;
    answeredBy: string | null;
    followUpAt: string | null;
    events: { type: string; state?: string }[];
  };
}

for (const width of widths) {
  test(`at ${width} px: reply with a template, then log an unanswered call and take the follow-up offered`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const signIn = await page.request.post(`${base}/api/admin/login`, {
      data: { username: e2eAdmin.email, password: e2eAdmin.password },
    });
    expect(signIn.status()).toBe(200);
    const tag = uniqueTag(`Reply${width}`);
    const lead = await postInquiry(page, tag);
    const before = smtp!.received.length;

    await page.goto(`${base}/admin/leads/inquiries/${lead.id}`);
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Robin ${tag}`) })).toBeVisible();

    // Reply: the panel opens with the focus in it and the default template filled in with the lead's facts.
    await page.getByRole("button", { name: "Reply", exact: true }).first().click();
    const panel = page.getByRole("dialog", { name: `Reply to Robin ${tag}` });
    await expect(panel).toBeVisible();
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).toBe(true);
    await expect(panel.getByLabel("Template")).toHaveValue("default");
    await expect(panel.getByLabel("Subject")).toHaveValue("Your request to Summit Lead Marketing");
    const body = panel.getByLabel("Message");
    await expect(body).toHaveValue(/^Hi Robin,\n\nThank you for getting in touch about Search Engine Optimization\./);
    await expect(body).toHaveValue(/https:\/\/e2e\.agency\.example\/contact#schedule-call/);
    await expect(body).toHaveValue(/Ana Ruiz\nSummit Lead Marketing\n\(512\) 555-0186$/);
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);

    // A blank subject is refused in the panel, with the contract's words, before anything is sent.
    await panel.getByLabel("Subject").fill("");
    await panel.getByRole("button", { name: "Send" }).click();
    await expect(panel.getByText("Enter your subject.")).toBeVisible();
    await panel.getByLabel("Subject").fill(`Your SEO plan, ${tag}`);
    await panel.getByRole("button", { name: "Send" }).click();
    await expectToast(
      page,
      "Reply queued",
      `Your e-mail to ${lead.email} is on its way; the timeline shows when it is sent.`,
    );
    await expect(panel).toHaveCount(0);

    // The SMTP server has it, from the owner's name at MAIL_FROM's address; the timeline shows it sent.
    const [received] = (await smtp!.waitFor(before + 1)).slice(before);
    expect(received!.parsed.from!.value).toEqual([{ name: "Ana Ruiz", address: "leads@agency.example" }]);
    expect(received!.envelopeTo).toEqual([lead.email]);
    expect(received!.parsed.subject).toBe(`Your SEO plan, ${tag}`);
    expect(received!.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@agency\.example>$/);
    const timeline = page.getByRole("region", { name: "Timeline" });
    const sentEntry = timeline.getByRole("listitem").filter({ hasText: `E-mail to ${lead.email}` });
    await expect(sentEntry).toContainText("Sent", { timeout: 10_000 });
    await expect(sentEntry).toContainText(`Your SEO plan, ${tag}`);
    await expect(
      timeline.getByRole("listitem").filter({ hasText: "Status: New → Contacted · by Ana Ruiz" }),
    ).toHaveCount(1);
    expect(await apiLead(page, lead.id)).toMatchObject({ status: "contacted", answeredBy: expect.any(String) });

    // Log a call: beside the phone link on a desktop, the button under the name on a phone.
    await page.getByRole("button", { name: width >= 640 ? "Log the call" : "Log a call" }).click();
    const call = page.getByRole("dialog", { name: `Log a call with Robin ${tag}` });
    await expect(call).toBeVisible();
    await call.getByRole("radio", { name: "No answer" }).check();
    await call.getByLabel("Note (optional)").fill("Rang twice");
    await expectNoBlockingViolations(page);
    await call.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Call logged", "No answer.");
    const offer = page.getByRole("dialog", { name: "Call again later?" });
    await expect(offer).toContainText("The next time within business hours is");
    await offer.getByRole("button", { name: /^Follow up / }).click();
    await expect(offer).toHaveCount(0);
    await expect(timeline.getByRole("listitem").filter({ hasText: "Call: No answer · by Ana Ruiz" })).toContainText(
      "Rang twice",
    );
    const stored = await apiLead(page, lead.id);
    expect(stored.followUpAt).not.toBeNull();
    // Monday to Friday, 9 AM to 6 PM in New York (the spec's hours).
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone: "America/New_York",
        weekday: "short",
        hour: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date(stored.followUpAt!))
        .map((p) => [p.type, p.value]),
    );
    expect(["Mon", "Tue", "Wed", "Thu", "Fri"]).toContain(parts.weekday);
    expect(Number(parts.hour)).toBeGreaterThanOrEqual(9);
    expect(Number(parts.hour)).toBeLessThan(18);
    expect(stored.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["email-out", "status", "call", "follow-up"]),
    );

    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);
  });
}
