import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { blogRoutes, publicRoutes } from "./public-routes.ts";

// The Content-Security-Policy of the real build (docs/decisions/019-content-security-policy.md): every
// route runs under its policy without a breach, the admin's names no third party, and the fixture that
// fails a test on any breach (fixtures.ts) does fail one.

function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

/**
 * Lets every island hydrate and every picture load: scrolls to the bottom (lazy pictures start), touches each
 * lead form (they hydrate on the visitor's first use, client:lead-form), then waits for those states
 * themselves rather than for a quiet network (twice 500 ms of it per route).
 */
async function loadEverything(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator("astro-island form").evaluateAll((forms) => {
    for (const form of forms) form.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
  });
  // An island waiting for a media query that does not match here (client:media) stays unhydrated.
  await expect(page.locator('astro-island[ssr]:not([client="media"])')).toHaveCount(0);
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

// One test per route: each has its own time budget (the whole walk, 45 routes, took over 120 s on a loaded
// 2-core machine) and a failure names its route.
for (const path of [
  ...publicRoutes.map((route) => route.path),
  ...blogRoutes,
  "/this-page-does-not-exist",
  "/admin/login",
]) {
  test(`${path} runs under its policy without a breach, islands hydrated`, async ({ page }) => {
    // The Google tag is answered locally (no internet here); the policy must allow it to load.
    await page.route("https://www.googletagmanager.com/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "/* analytics stand-in */" }),
    );
    const response = await page.goto(path);
    expect(response!.headers()["content-security-policy"], path).toContain("script-src 'self'");
    await loadEverything(page);
  });
}

test("a public page names the analytics host and may be framed only by the site; the admin names no host and is never framed", async ({
  request,
}) => {
  const about = directives((await request.get("/about")).headers()["content-security-policy"] ?? null);
  expect(about.get("script-src")).toContain("https://www.googletagmanager.com");
  expect(about.get("frame-ancestors")).toEqual(["'self'"]);
  expect(about.get("object-src")).toEqual(["'none'"]);
  expect(about.get("base-uri")).toEqual(["'self'"]);
  expect(about.get("worker-src")).toEqual(["'none'"]);

  const adminResponse = await request.get("/admin/login");
  const admin = directives(adminResponse.headers()["content-security-policy"] ?? null);
  expect([...admin.values()].flat().filter((source) => /^https?:/.test(source))).toEqual([]);
  expect(admin.get("frame-ancestors")).toEqual(["'none'"]);
  // Its push service worker (issue 36) is its own script, under a policy of its own.
  expect(admin.get("worker-src")).toEqual(["'self'"]);
  expect(admin.get("manifest-src")).toEqual(["'self'"]);
  const worker = await request.get("/admin/service-worker.js");
  expect(worker.headers()["content-security-policy"]).toBe(
    "default-src 'none'; img-src 'self'; frame-ancestors 'none'",
  );
  expect(adminResponse.headers()["permissions-policy"]).toContain("camera=()");
});

/** Runs a script the build never emitted: the policy blocks it and the page reports the breach. */
async function injectInlineScript(page: Page) {
  await page.goto("/about");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.injected = true;";
    document.body.append(script);
  });
  await expect.poll(() => page.evaluate(() => "injected" in window)).toBe(false);
}

test("an inline script the build did not emit is blocked and recorded as a breach", async ({ page, cspViolations }) => {
  await injectInlineScript(page);
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(cspViolations).toContainEqual(
    expect.objectContaining({
      directive: "script-src-elem",
      blocked: "inline",
      url: expect.stringMatching(/\/about$/),
    }),
  );
  // Emptied here so that this test passes; the next one shows what happens otherwise.
  cspViolations.length = 0;
});

test("a test whose page breaches the policy fails", async ({ page }) => {
  test.fail(true, "the fixture fails every test during which the page reported a policy breach");
  await injectInlineScript(page);
});
