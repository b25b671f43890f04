import { expectNoBlockingViolations } from "./axe.ts";
import { test } from "./fixtures.ts";
import { blogSlugs, publicRoutes } from "./public-routes.ts";

// axe-core on every public route at desktop and phone widths: no serious or critical violation.
// Third-party iframes (the booking widget, unreachable here) are not ours to audit.

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    const blogSample = [{ path: "/blog" }, { path: `/blog/${blogSlugs[0]}` }, { path: `/blog/${blogSlugs[5]}` }];
    for (const route of [...publicRoutes, ...blogSample, { path: "/this-page-does-not-exist" }]) {
      test(`${route.path} has no serious or critical accessibility violation`, async ({ page }) => {
        await page.route("https://**/*", (r) => r.abort());
        await page.goto(route.path);
        await page.waitForLoadState("load");
        await expectNoBlockingViolations(page, { exclude: "iframe" });
      });
    }
  });
}
