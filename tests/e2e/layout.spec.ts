import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  expectNoEmptyGridCells,
  expectNoHorizontalOverflow,
  expectNoLoneWrappedItem,
  expectNoOverlap,
  expectOnOneLine,
  expectVerticalPadding,
} from "./layout-checks.ts";
import { blogRoutes, publicRoutes } from "./public-routes.ts";

// Issue 14, points 2 and 3: at a phone's and a desktop's width, no page scrolls sideways, overlaps its
// own text, leaves a grid cell empty, wraps a hero button alone or squeezes a button's text to its edge;
// and a stock photo that fails shows the branded placeholder, never a broken icon.

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/** The text boxes and controls a visitor reads or uses: none may sit on another. */
const readableBoxes = "main :is(h1, h2, h3, p, a, button, label, input, select, textarea, img, iframe, dt, dd, li)";

/** The machine is offline: make every stock photo fail at once, as a slow or blocked host would. */
async function failStockPhotos(page: Page) {
  await page.route("https://**/*", (route) => route.abort());
}

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of [...publicRoutes.map((route) => route.path), ...blogRoutes]) {
      test(`${path}: no sideways scroll, no overlap, no empty grid cell, no hero button alone, padded buttons`, async ({
        page,
      }) => {
        await failStockPhotos(page);
        await page.goto(path);
        await page.waitForLoadState("load");
        await expectNoHorizontalOverflow(page);
        await expectNoOverlap(page, readableBoxes);
        await expectNoEmptyGridCells(page);
        await expectNoLoneWrappedItem(page, "[data-hero-actions]");
        await expectVerticalPadding(page.locator("main :is(a, button)"));
      });
    }
  });
}

test.describe("the bugs issue 14 saw", () => {
  test("the three-step system fills its row on the four pages that showed an empty fourth column", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of ["/plumbing", "/home-services", "/personal-injury", "/get-leads"]) {
      await page.goto(path);
      const steps = page.locator("main ol:has(> li h3)");
      await expect(steps.first()).toBeVisible();
      await expectNoEmptyGridCells(page, "main ol");
    }
  });

  test("a hero's three buttons share a row at 1280 px or stack at 390 px, never two and one", async ({ page }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/services/seo", "/services/website-design", "/"]) {
        await page.goto(path);
        const actions = page.locator("[data-hero-actions]").first();
        await expect(actions).toBeVisible();
        await expectNoLoneWrappedItem(page, "[data-hero-actions]");
        // One-line labels: filled and outlined buttons stand equally tall.
        if (width === 1280)
          expect(
            new Set(
              await actions
                .locator("> a")
                .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height)),
            ).size,
          ).toBe(1);
      }
    }
  });

  test("the law-firm guide's two-line call-to-action buttons keep their padding on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/blog/ultimate-guide-seo-law-firms");
    const cta = page.getByRole("region", { name: "Ready to put this into practice?" }).getByRole("link");
    await expect(cta).toHaveCount(2);
    await expectVerticalPadding(cta, 8);
  });

  test("the contact page's e-mail address stays on one line at 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/contact");
    await expectOnOneLine(page.getByRole("link", { name: /^hello@/ }));
  });

  test("the client strip on a phone shows its five names at least two to a row", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const names = page.getByTestId("client-strip").getByRole("listitem");
    await expect(names).toHaveCount(5);
    const rowTops = new Set(
      await names.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top))),
    );
    expect(rowTops.size).toBeLessThanOrEqual(3);
    await expectNoEmptyGridCells(page, "[data-client-strip]");
  });
});

test.describe("the client strip's pause control (WCAG 2.2.2)", () => {
  test("a named toggle button stops and restarts the rotation", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const names = page.getByTestId("client-strip").getByRole("listitem");
    const pause = page.getByRole("button", { name: "Pause the client names" });
    await expect(pause).toHaveAttribute("aria-pressed", "false");
    await pause.click();
    await expect(pause).toHaveAttribute("aria-pressed", "true");
    const paused = await names.allTextContents();
    await page.clock.runFor(3 * 2000);
    expect(await names.allTextContents()).toEqual(paused);
    await pause.click();
    await expect(pause).toHaveAttribute("aria-pressed", "false");
    await page.clock.runFor(2000);
    await expect.poll(() => names.allTextContents()).toEqual([...paused.slice(1), expect.any(String)]);
  });

  test("with reduced motion the strip starts paused and the button says so", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    const pause = page.getByRole("button", { name: "Pause the client names" });
    await expect(pause).toHaveAttribute("aria-pressed", "true");
    const names = page.getByTestId("client-strip").getByRole("listitem");
    const first = await names.allTextContents();
    await page.clock.runFor(3 * 2000);
    expect(await names.allTextContents()).toEqual(first);
  });
});

test.describe("stock photos never leave a void", () => {
  /** An orange 16 by 9 picture, served where the stock photo host would answer. */
  const orangePhoto =
    '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"><rect width="16" height="9" fill="#ff6600"/></svg>';

  for (const path of [
    "/blog",
    "/blog/ultimate-guide-seo-law-firms",
    "/blog/ultimate-guide-seo-roofing-companies",
    "/hvac",
  ]) {
    for (const viewport of viewports) {
      test(`${path} at ${viewport.width} px: a failed photo shows exactly the branded placeholder, its alt text kept`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await failStockPhotos(page);
        await page.goto(path);
        const photos = page.locator("main img");
        expect(await photos.count()).toBeGreaterThan(0);
        for (const photo of await photos.all()) {
          await photo.scrollIntoViewIfNeeded();
          await expect
            .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0))
            .toBe(true);
          await expect(photo).toHaveAttribute("alt", /.{10,}/);
          await expect(photo).toHaveAttribute("width", /^\d+$/);
          await expect(photo).toHaveAttribute("height", /^\d+$/);
          await expectFrameShowsOnlyPlaceholder(page, photo);
        }
      });
    }
  }

  test("a photo that loads covers the placeholder", async ({ page }) => {
    await page.route("https://images.unsplash.com/**", (route) =>
      route.fulfill({ body: orangePhoto, contentType: "image/svg+xml" }),
    );
    await page.goto("/blog/ultimate-guide-seo-law-firms");
    const photo = page.locator("main img").first();
    // Loaded, not broken (a broken image's naturalWidth is 0); a srcset candidate's width descriptor
    // rescales the 16 px stand-in's natural width, so its exact figure says nothing.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const centre = await photo.evaluate((img) => {
      const box = img.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit === img;
    });
    expect(centre).toBe(true);
    // Most of the photo's box is the photo (its rounded corners show what is behind).
    expect(await shareOfColour(page, await photo.screenshot(), [255, 102, 0])).toBeGreaterThan(0.98);
  });

  test("the blog index loads the cards below the first screen lazily and keeps fixed sizes", async ({ page }) => {
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await failStockPhotos(page);
      await page.goto("/blog");
      const photos = await page.locator("main li img").evaluateAll((images) =>
        images.map((img) => ({
          top: img.getBoundingClientRect().top,
          loading: img.getAttribute("loading"),
          priority: img.getAttribute("fetchpriority"),
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
        })),
      );
      expect(photos).toHaveLength(10);
      // The first card's photo is in the first screen at both widths, so it does not wait.
      expect(photos[0]!.top).toBeLessThan(viewport.height);
      expect(photos[0]!.loading).toBe("eager");
      // ... at low priority: on a phone the hero's text is the largest paint, not this thumbnail (decision 028).
      expect(photos[0]!.priority).toBe("low");
      for (const photo of photos) {
        expect([photo.width, photo.height]).toEqual(["800", "450"]);
        if (photo.top > viewport.height) expect(photo.loading).toBe("lazy");
      }
    }
  });
});

/**
 * The photo's frame, with its failed photo, looks pixel for pixel like the frame with the photo taken
 * out: no broken-image icon, no alt text on screen. Corners (the frame's, the card's) are squared for
 * both shots so the check compares the frame's content, not how a rounded edge is anti-aliased.
 */
async function expectFrameShowsOnlyPlaceholder(page: Page, photo: Locator) {
  const frame = photo.locator("xpath=..");
  await photo.evaluate((img: HTMLElement) => {
    for (let element: HTMLElement | null = img; element && element !== document.body; element = element.parentElement)
      element.style.borderRadius = "0";
  });
  const withPhoto = await frame.screenshot();
  await photo.evaluate((img: HTMLElement) => (img.style.visibility = "hidden"));
  const placeholderOnly = await frame.screenshot();
  await photo.evaluate((img: HTMLElement) => (img.style.visibility = ""));
  expect(
    await differingPixels(page, withPhoto, placeholderOnly),
    "pixels where the failed photo differs from its placeholder",
  ).toBe(0);
}

/** Decodes two PNG screenshots in a blank page (no CSP there) and counts the pixels that differ. */
async function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(
      async ([first, second]) => {
        const [one, two] = await Promise.all([first, second].map((png) => decode(png!)));
        if (one!.length !== two!.length) return Number.POSITIVE_INFINITY;
        let count = 0;
        for (let i = 0; i < one!.length; i += 4)
          if (one![i] !== two![i] || one![i + 1] !== two![i + 1] || one![i + 2] !== two![i + 2]) count++;
        return count;

        async function decode(png: string) {
          const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext("2d")!;
          context.drawImage(bitmap, 0, 0);
          return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
        }
      },
      [a.toString("base64"), b.toString("base64")],
    );
  } finally {
    await scratch.close();
  }
}

/** The share of a PNG screenshot's pixels that are exactly one colour, decoded in a blank page. */
async function shareOfColour(page: Page, png: Buffer, [red, green, blue]: [number, number, number]): Promise<number> {
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(
      async ([data, colour]) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext("2d")!;
        context.drawImage(bitmap, 0, 0);
        const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
        let matching = 0;
        for (let i = 0; i < pixels.length; i += 4)
          if (pixels[i] === colour[0] && pixels[i + 1] === colour[1] && pixels[i + 2] === colour[2]) matching++;
        return matching / (pixels.length / 4);
      },
      [png.toString("base64"), [red, green, blue]] as const,
    );
  } finally {
    await scratch.close();
  }
}
