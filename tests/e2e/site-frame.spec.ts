import { expect, test } from "./fixtures.ts";

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the top bar links, highlights the current page, and the logo goes home", async ({ page }) => {
    await page.goto("/about");
    const main = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Services", "About", "Contact"])
      await expect(main.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(main.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: /Summit Lead Marketing, home/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(main.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("the Industries dropdown opens 4 px below its button and works by keyboard", async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Industries" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText(["Home Services", "Plumbing", "HVAC", "Roofing"]);
    const gap =
      (await menu.boundingBox())!.y - ((await trigger.boundingBox())!.y + (await trigger.boundingBox())!.height);
    expect(Math.round(gap)).toBe(4);
    // Opening by keyboard moves focus to the first item; an arrow pressed before that lands on the trigger.
    await expect(menu.getByRole("menuitem", { name: "Home Services" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/hvac$/);
    await expect(trigger).toHaveClass(/text-brand-700/);
  });

  test("the footer has the blurb, four social links, the Services and Company lists, and the 2025 copyright", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("list", { name: "Social media" }).getByRole("link")).toHaveCount(4);
    await expect(footer.getByRole("navigation", { name: "Services" }).getByRole("link")).toHaveText([
      "SEO Optimization",
      "Paid Advertising",
      "Web Design",
      "Social Media",
      "Email Marketing",
      "Podcast Marketing",
    ]);
    await expect(footer.getByRole("navigation", { name: "Company" }).getByRole("link")).toHaveText([
      "About Us",
      "Blog",
      "Contact",
      "Privacy Policy",
    ]);
    await expect(footer).toContainText("© 2025");
  });

  test("the footer links every audience, law firms included, and the free audits and coaching", async ({ page }) => {
    await page.goto("/blog");
    const footer = page.getByRole("contentinfo");
    const industries = footer.getByRole("navigation", { name: "Industries" }).getByRole("link");
    await expect(industries).toHaveText(["Home Services", "Plumbing", "HVAC", "Roofing", "Personal Injury Law Firms"]);
    expect(await industries.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/home-services",
      "/plumbing",
      "/hvac",
      "/SEO-For-Roofing-Companies",
      "/personal-injury",
    ]);
    const getStarted = footer.getByRole("navigation", { name: "Get Started" }).getByRole("link");
    await expect(getStarted).toHaveText(["Free Lead Audit", "Free Website Audit", "Marketing Coaching"]);
    expect(await getStarted.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/get-leads",
      "/improve-website",
      "/marketing-coaching",
    ]);

    await industries.filter({ hasText: "Personal Injury Law Firms" }).click();
    await expect(page).toHaveURL(/\/personal-injury$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the home page has a law-firm section beside the trades, leading to /personal-injury", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Sign More Cases, Not Just More Clicks" });
    await expect(section).toContainText("Personal injury law firms");
    const link = section.getByRole("link", { name: "See how we grow personal injury law firms" });
    await expect(link).toHaveAttribute("href", "/personal-injury");
  });

  test("a link click scrolls smoothly to the top of the new page (instantly with reduced motion)", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a skip link leads to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });
});

test.describe("mobile (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the side menu is 300 px wide, keeps focus inside, closes on Escape and on a link", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    expect(Math.round((await menu.boundingBox())!.width)).toBe(300);
    for (const name of ["Home", "Services", "About", "Contact", "Home Services", "Plumbing", "HVAC", "Roofing"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    // Focus stays inside the open menu however far the visitor tabs.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(
          () => document.activeElement?.closest("dialog") !== null || document.activeElement === document.body,
        ),
      ).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await menu.getByRole("link", { name: "Plumbing" }).click();
    await expect(page).toHaveURL(/\/plumbing$/);
    await expect(menu).toBeHidden();
  });
});
