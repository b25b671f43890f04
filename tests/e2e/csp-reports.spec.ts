import { expect, test } from "./fixtures.ts";
import { agedFormToken, signInThroughTheForm } from "./helpers.ts";

// Content-Security-Policy reports (issue 19, point 9; docs/decisions/033-csp-reports.md): what a page's
// policy blocks reaches the server through the browser's own reporting and shows on the admin's
// deliveries page; and the admin, whose policy no longer allows inline styles but by its nonce, runs
// every screen without a breach (the fixture fails a test on any, fixtures.ts).

function directives(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

test("a style the policy blocks on a page is reported to the server and shown to the owner with the deliveries", async ({
  page,
  cspViolations,
}) => {
  // A path of its own (the not-found page, under the same kind of policy), so this row is this test's.
  const path = `/csp-probe-${Date.now().toString(36)}`;
  // Chromium takes a Reporting-Endpoints header only from an HTTPS answer, and then reports to it
  // instead of report-uri; the test server speaks HTTP, so the page is given without its report-to and
  // Chromium sends what Firefox and Safari send (report-uri). The report-to body is the API tests' part.
  let served: Record<string, string> = {};
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    served = response.headers();
    const headers: Record<string, string> = {
      ...served,
      "content-security-policy": served["content-security-policy"]!.replace(/; report-to csp$/, ""),
    };
    delete headers["reporting-endpoints"];
    await route.fulfill({ response, headers });
  });
  const response = await page.goto(path);
  expect(response!.status()).toBe(404);
  expect(served["reporting-endpoints"]).toBe('csp="/api/csp-reports"');
  const policy = directives(served["content-security-policy"]);
  expect(policy.get("report-to")).toEqual(["csp"]);
  expect(policy.get("report-uri")).toEqual(["/api/csp-reports"]);
  const reported = page.waitForRequest(
    (request) => request.url().endsWith("/api/csp-reports") && request.method() === "POST",
  );

  await page.evaluate(() => {
    const style = document.createElement("style");
    style.textContent = "body { outline: 9px solid rgb(255, 0, 0); }";
    document.head.append(style);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).outlineWidth)).not.toBe("9px");
  expect(cspViolations).toContainEqual(expect.objectContaining({ directive: "style-src-elem", blocked: "inline" }));
  const report = await reported;
  expect(report.headers()["content-type"]).toBe("application/csp-report");
  expect((await report.response())?.status()).toBe(204);
  // The breach is this test's subject, not a failure of the page.
  cspViolations.length = 0;

  await signInThroughTheForm(page);
  await page.goto("/admin/deliveries");
  const section = page.getByRole("region", { name: "Blocked by the security policy" });
  // The report is stored by the time it was answered; the list is fetched again should it lag. Each look waits
  // for the page to have drawn its table: on a slow CI machine a reload every second never let it finish.
  await expect(async () => {
    await page.reload();
    await expect(section.getByRole("row").filter({ has: page.getByRole("rowheader", { name: path }) })).toBeVisible({
      timeout: 10_000,
    });
  }).toPass({ timeout: 60_000 });
  const row = section.getByRole("row").filter({ has: page.getByRole("rowheader", { name: path }) });
  await expect(row.getByRole("cell")).toHaveText([
    new Date().toISOString().slice(0, 10),
    "style-src-elem",
    "inline",
    "1",
    /\d/,
  ]);
  cspViolations.length = 0;
});

test("the deliveries page says when nothing was blocked", async ({ page }) => {
  await signInThroughTheForm(page);
  // The server's answer when no report came in the last 7 days.
  await page.route("**/api/admin/csp-violations", (route) => route.fulfill({ json: { days: 7, items: [], total: 0 } }));
  await page.goto("/admin/deliveries");
  await expect(page.getByRole("heading", { level: 2, name: "Blocked by the security policy" })).toBeVisible();
  await expect(page.getByText("Nothing was blocked in the last 7 days.")).toBeVisible();
});

test("the admin allows no inline style but its nonce's, and runs sign-in, inbox, lead, deliveries and settings without a breach", async ({
  page,
  request,
  cspViolations,
}) => {
  test.setTimeout(180_000);
  const tag = `Csp${Date.now().toString(36)}`;
  const lead = await request.post("/api/contact", {
    data: {
      formToken: agedFormToken(),
      firstName: "Nora",
      lastName: tag,
      email: `${tag.toLowerCase()}@example.com`,
      phone: "(512) 555-0142",
      products: ["SEO Services"],
      elapsedMs: 5000,
    },
  });
  expect(lead.status()).toBe(201);
  const { id } = (await lead.json()) as { id: string };

  const login = await page.goto("/admin/login");
  const header = login!.headers()["content-security-policy"] ?? "";
  expect(header).not.toContain("unsafe-inline");
  const nonce = await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce);
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(directives(header).get("style-src-elem")).toContain(`'nonce-${nonce}'`);
  // The browser hides the nonce from the markup (and so from CSS selectors injected markup could use).
  expect(await page.evaluate(() => document.querySelector('meta[property="csp-nonce"]')?.getAttribute("nonce"))).toBe(
    "",
  );

  await signInThroughTheForm(page);
  await page.goto("/admin/leads/contacts");
  await expect(page.getByRole("link", { name: `Nora ${tag}` })).toBeVisible();
  await page.goto(`/admin/leads/contacts/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Nora ${tag}` })).toBeVisible();
  // The status menu, and the shortcuts dialog, whose scroll lock adds a style element: it carries the nonce and applies.
  await page.getByRole("button", { name: "Status: New" }).click();
  await expect(page.getByRole("menuitemradio").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Shift+?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  expect(
    await page.evaluate(() => [...document.querySelectorAll("style")].filter((style) => style.nonce !== "").length),
  ).toBeGreaterThan(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeHidden();

  await page.goto("/admin/deliveries");
  await expect(page.getByRole("heading", { level: 2, name: "Blocked by the security policy" })).toBeVisible();
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(cspViolations).toEqual([]);
});
