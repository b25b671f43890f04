import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Secret, TOTP } from "otpauth";
import { e2eAdmin } from "../../playwright.config.ts";
import { startServerProcess, type StartedServer } from "../helpers/server-process.ts";
import { expect, test } from "./fixtures.ts";

// The second step's own limit (issue 32, finding 11), in the browser, on a server of its own with the rate
// limits on (the other admin specs run with them off): codes are counted per account apart from passwords,
// five per fifteen minutes, and the sign-in page says when the next try is allowed.

let server: StartedServer | undefined;
let dir = "";
let base = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "agency-e2e-limits-"));
  server = await startServerProcess(
    { kind: "sqlite", path: join(dir, "limits.sqlite") },
    {
      CLIENT_DIR: `${process.env.E2E_BUILD_DIR ?? "build-e2e"}/client`,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      RATE_LIMIT_ENABLED: "true",
      SMTP_URL: "",
      WEBHOOK_URL: "",
      WEBHOOK_SECRET: "",
      SITE_ORIGIN: "",
    },
  );
  base = `http://127.0.0.1:${server.port}`;
});

test.afterAll(async () => {
  if (server?.alive()) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("after five wrong codes the two-step sign-in refuses even the right one and says when the next try is allowed", async ({
  page,
}) => {
  // The owner turns the authenticator app on through the API, right after signing in (a fresh proof).
  const signedIn = await page.request.post(`${base}/api/admin/login`, {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(signedIn.status()).toBe(200);
  const setup = (await (await page.request.post(`${base}/api/admin/two-factor/totp`)).json()) as { secret: string };
  const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), algorithm: "SHA1", digits: 6, period: 30 });
  const confirmed = await page.request.post(`${base}/api/admin/two-factor/totp/confirm`, {
    data: { code: totp.generate() },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await page.request.post(`${base}/api/admin/logout`);

  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email Address").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill(e2eAdmin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
  const code = page.getByLabel("Code");
  for (let i = 0; i < 5; i++) {
    await code.fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not right.")).toBeVisible();
    await code.fill("");
  }
  // The next time step's code: right, but over the limit.
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Verify" }).click();
  const refusal = page.getByText(
    /Too many wrong codes for this account\. The next try is allowed in 15 minutes, at \d{1,2}:\d{2}/,
  );
  await expect(refusal).toBeVisible();
  // The message is the field's error, read out with it.
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
});
