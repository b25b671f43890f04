import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import SQLite from "better-sqlite3";
import { Secret, TOTP } from "otpauth";
import { e2eAdmin } from "../../playwright.config.ts";
import { runAdminCli } from "../helpers/admin-cli.ts";
import { startServerProcess, type StartedServer } from "../helpers/server-process.ts";
import { startSmtpTestServer, type SmtpTestServer } from "../helpers/smtp-test-server.ts";
import { expectNoBlockingViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

// Changes to the second factors in the browser (issue 32, finding 2), on a server of its own with e-mail to a
// real SMTP server in the test, at http://localhost:
// - past five minutes since the sign-in, a change to the app asks for the password (or a code) in a dialog,
//   then goes on; the user is e-mailed about each change;
// - a passkey is added after confirming with the password, later confirms it is you by itself, and signs in
//   alone only when the device verifies its user (Chromium's virtual authenticator);
// - an owner removes a member's second factors from the Team page, after confirming it is them.
// "Five minutes ago" is made by moving the sessions' proof back in the database, not by waiting.

let server: StartedServer | undefined;
let smtp: SmtpTestServer | undefined;
let dir = "";
let base = "";
const databasePath = () => join(dir, "factors.sqlite");

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "agency-e2e-factors-"));
  smtp = await startSmtpTestServer();
  server = await startServerProcess(
    { kind: "sqlite", path: databasePath() },
    {
      CLIENT_DIR: `${process.env.E2E_BUILD_DIR ?? "build-e2e"}/client`,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      RATE_LIMIT_ENABLED: "false",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Summit Leads <leads@agency.example>",
      NOTIFY_EMAIL: "owner-inbox@agency.example",
      WEBHOOK_URL: "",
      WEBHOOK_SECRET: "",
      AUTO_REPLY: "false",
      SITE_ORIGIN: "",
    },
  );
  base = `http://localhost:${server.port}`;
});

test.afterAll(async () => {
  if (server?.alive()) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  await smtp?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

let serial = 0;

/** A member made with the admin command (no invitation to go through): their e-mail and password. */
async function newMember(tag: string): Promise<{ email: string; password: string }> {
  const email = `${tag}-${Date.now().toString(36)}-${++serial}@agency.example`;
  const password = `${tag} has a long password`;
  const database = { kind: "sqlite" as const, path: databasePath() };
  const created = await runAdminCli(["create", "--email", email], database, { env: { ADMIN_PASSWORD: password } });
  expect(created.code, created.out).toBe(0);
  const member = await runAdminCli(["set-role", "--email", email, "--role", "member"], database);
  expect(member.code, member.out).toBe(0);
  return { email, password };
}

async function signInByApi(page: Page, email = e2eAdmin.email, password = e2eAdmin.password) {
  const response = await page.request.post(`${base}/api/admin/login`, { data: { username: email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Every session's last proof of identity moved six minutes back: a change to the factors now needs a new one. */
function proofsGoStale() {
  const db = new SQLite(databasePath(), { fileMustExist: true });
  try {
    db.prepare("update sessions set proven_at = ?").run(new Date(Date.now() - 6 * 60_000).toISOString());
  } finally {
    db.close();
  }
}

function totpCode(secret: string, offsetMs = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetMs,
  });
}

/** Waits for an e-mail to `to` whose text matches. */
async function expectMailTo(to: string, text: RegExp) {
  await expect
    .poll(() => smtp!.received.some((mail) => mail.envelopeTo.includes(to) && text.test(mail.parsed.text ?? "")), {
      timeout: 15_000,
    })
    .toBe(true);
}

test("past five minutes, turning the app on and off asks for the password or a code in a dialog, then goes on; each change is e-mailed", async ({
  page,
}) => {
  const member = await newMember("tia");
  await signInByApi(page, member.email, member.password);
  proofsGoStale();
  await page.goto(`${base}/admin/account`);
  const app = page.getByRole("region", { name: "Authenticator app" });
  await app.getByRole("button", { name: "Set up an authenticator app" }).click();

  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Your password")).toBeFocused();
  await expectNoBlockingViolations(page);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("Please enter your password.")).toBeVisible();
  await dialog.getByLabel("Your password").fill("not the password");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("The password is not right.")).toBeVisible();
  await expect(dialog.getByLabel("Your password")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Your password").fill(member.password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();

  // The setup went on by itself once confirmed.
  await expect(app.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
  const secret = (await app.getByTestId("totp-secret").textContent())!.trim();
  await app.getByLabel("Code from the app").fill(totpCode(secret));
  await app.getByRole("button", { name: "Turn on" }).click();
  await expect(app.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await app.getByRole("button", { name: "I saved them" }).click();
  await expectMailTo(member.email, /the authenticator app was turned on on .* from .+\./);

  proofsGoStale();
  await app.getByRole("button", { name: "Turn off" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Use a code instead" }).click();
  await expect(dialog.getByLabel("Code from your app, or a recovery code")).toBeFocused();
  // The next step's code: the confirming one is spent.
  await dialog.getByLabel("Code from your app, or a recovery code").fill(totpCode(secret, 30_000));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(app).toContainText("Off.");
  await expectMailTo(member.email, /the authenticator app was turned off/);

  // Cancel leaves things as they were.
  proofsGoStale();
  await app.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(app.getByRole("img", { name: "QR code for the authenticator app" })).toHaveCount(0);
});

/** Chromium's virtual authenticator (WebAuthn through the DevTools protocol): a platform key with a fingerprint. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test("a passkey is added after the password is confirmed, later confirms it is you, and signs in alone only with the device's user verification", async ({
  page,
  context,
}) => {
  const member = await newMember("pat");
  const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page);
  await signInByApi(page, member.email, member.password);
  proofsGoStale();
  await page.goto(`${base}/admin/account`);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Name (optional)").fill("Test laptop");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await dialog.getByLabel("Your password").fill(member.password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(passkeys.getByRole("list", { name: "Your passkeys" })).toContainText("Test laptop");
  await expectMailTo(member.email, /a passkey \("Test laptop"\) was added/);

  // The passkey itself confirms it is you next time.
  proofsGoStale();
  const app = page.getByRole("region", { name: "Authenticator app" });
  await app.getByRole("button", { name: "Set up an authenticator app" }).click();
  await dialog.getByRole("button", { name: "Use a passkey" }).click();
  await expect(dialog).toBeHidden();
  await expect(app.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();

  // Alone, the passkey signs in with the fingerprint; without it the device cannot answer the server's ask.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
  await page.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(page.getByText("Login Failed").first()).toBeVisible();
  expect(
    ((await (await page.request.get(`${base}/api/admin/status`)).json()) as { authenticated: boolean }).authenticated,
  ).toBe(false);
  await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: true });
  await page.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Form Submissions Dashboard" })).toBeVisible();
});

test("an owner removes a member's second factors from the Team page: the member's sessions end and they are e-mailed", async ({
  page,
  browser,
}) => {
  const member = await newMember("max");
  const memberContext = await browser.newContext();
  try {
    const memberPage = await memberContext.newPage();
    await signInByApi(memberPage, member.email, member.password);
    const setup = (await (await memberPage.request.post(`${base}/api/admin/two-factor/totp`)).json()) as {
      secret: string;
    };
    expect(
      (
        await memberPage.request.post(`${base}/api/admin/two-factor/totp/confirm`, {
          data: { code: totpCode(setup.secret) },
        })
      ).status(),
    ).toBe(200);

    await signInByApi(page);
    proofsGoStale();
    await page.goto(`${base}/admin/team`);
    const row = page.getByRole("region", { name: "People" }).getByRole("listitem").filter({ hasText: member.email });
    await expect(row).toContainText("Second factor on");
    await row.getByRole("button", { name: `Remove second factors of ${member.email}` }).click();
    const confirm = page.getByRole("dialog", { name: `Remove the second factors of ${member.email}?` });
    await expect(confirm).toContainText("every session of theirs ends");
    await confirm.getByRole("button", { name: "Remove second factors" }).click();

    // The owner's own proof is over five minutes old: the password first, then the removal goes on.
    const proof = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(proof).toBeVisible();
    await proof.getByLabel("Your password").fill(e2eAdmin.password);
    await proof.getByRole("button", { name: "Confirm" }).click();
    await expect(proof).toBeHidden();
    await expect(page.getByText("Second factors removed").first()).toBeVisible();
    await expect(row).toContainText("Password only");
    await expect(row.getByRole("button", { name: /Remove second factors/ })).toHaveCount(0);

    await expectMailTo(
      member.email,
      /removed your second factors \(the authenticator app, recovery codes and passkeys\) and ended your sessions/,
    );
    expect(
      ((await (await memberPage.request.get(`${base}/api/admin/status`)).json()) as { authenticated: boolean })
        .authenticated,
    ).toBe(false);
  } finally {
    await memberContext.close();
  }
});
