import { expect, test } from "./fixtures.ts";

// The trade pages (one template) and the two industry pages: their in-page buttons are anchor links
// that scroll with CSS alone, and the industry pages' call bar is CSS too (SPEC §2).

const trades = [
  { path: "/plumbing", formButton: "Get My Free Marketing Plan" },
  { path: "/SEO-For-Roofing-Companies", formButton: "Get My Free Roofing Marketing Plan" },
  { path: "/hvac", formButton: "Get My Free HVAC Marketing Plan" },
];

for (const trade of trades) {
  test(`${trade.path}: the hero button scrolls to the shared contact form, and the call button dials`, async ({
    page,
  }) => {
    await page.goto(trade.path);
    const section = page.locator("#contact-form");
    await expect(section).not.toBeInViewport();
    const button = page.getByRole("main").getByRole("link", { name: trade.formButton });
    await expect(button).toHaveAttribute("href", "#contact-form");
    await button.click();
    await expect(section).toBeInViewport();
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /^Call \(/ })
        .first(),
    ).toHaveAttribute("href", /^tel:\+?\d+$/);
  });
}

test("/plumbing: the second hero button scrolls to the 630 px booking calendar", async ({ page }) => {
  await page.route("https://**/*", (route) => route.abort());
  await page.goto("/plumbing");
  const calendar = page.locator("#booking-calendar");
  await expect(calendar.getByRole("heading", { name: "Book Your Free 30-Minute Consultation" })).toBeAttached();
  await expect(calendar.locator("iframe")).toHaveCount(0);
  await page.getByRole("link", { name: "Book a 30-Minute Call" }).click();
  await expect(calendar).toBeInViewport();
  // Asked for, the calendar's frame is added (booking-card.spec.ts).
  await expect(
    calendar.locator('iframe[title="Book your free 30-minute plumbing marketing consultation"]'),
  ).toHaveAttribute("height", "630");
  // Roofing and HVAC have no calendar.
  for (const path of ["/SEO-For-Roofing-Companies", "/hvac"]) {
    await page.goto(path);
    await expect(page.locator("#booking-calendar")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Book a 30-Minute Call" })).toHaveCount(0);
  }
});

test("page scrolling is smooth, and instant when the visitor asks for reduced motion", async ({ page }) => {
  const scrollBehavior = () => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
  await page.goto("/hvac");
  expect(await scrollBehavior()).toBe("smooth");
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await scrollBehavior()).toBe("auto");
});

const industryPages = [
  { path: "/home-services", cta: "Claim My Free Audit", lastLine: "worth $497" },
  { path: "/personal-injury", cta: "Request My Free Audit", lastLine: "worth $997" },
];

for (const industry of industryPages) {
  test(`${industry.path}: the closing call to action scrolls back to the top`, async ({ page }) => {
    await page.goto(industry.path);
    const cta = page.getByRole("link", { name: industry.cta });
    await cta.scrollIntoViewIfNeeded();
    await expect(page.getByRole("heading", { level: 1 })).not.toBeInViewport();
    await cta.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  });

  test(`${industry.path}: the call bar shows on small screens only and never covers the page's last line`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(industry.path);
    const bar = page.getByRole("link", { name: /Call now/ });
    await expect(bar).toBeInViewport();
    await expect(bar).toHaveAttribute("href", /^tel:\+?\d+$/);

    const lastLine = page.getByText(industry.lastLine);
    await lastLine.scrollIntoViewIfNeeded();
    await expect(lastLine).toBeInViewport();
    const lineBox = (await lastLine.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y).toBeGreaterThanOrEqual(lineBox.y + lineBox.height);

    // At the very bottom the footer is not covered either.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBox = (await page.getByRole("contentinfo").boundingBox())!;
    expect((await bar.boundingBox())!.y + (await bar.boundingBox())!.height).toBeLessThanOrEqual(footerBox.y + 1);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(bar).toBeHidden();
  });
}

test("the home services page's trade cards link to the three trade pages", async ({ page }) => {
  await page.goto("/home-services");
  for (const [name, path] of [
    ["Learn more about roofing marketing", "/SEO-For-Roofing-Companies"],
    ["Learn more about plumbing marketing", "/plumbing"],
    ["Learn more about HVAC marketing", "/hvac"],
  ]) {
    await expect(page.getByRole("link", { name })).toHaveAttribute("href", path!);
  }
});
