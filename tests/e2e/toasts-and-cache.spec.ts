import { expect, test } from "./fixtures.ts";
import { e2eAdmin } from "../../playwright.config.ts";
import { actLikeAPerson, expectToast, openToast, serveAgedFormTokens, showForm, uniqueEmail } from "./helpers.ts";

test("a toast is at most 420 px wide on desktop and a swipe to the right dismisses it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/contact");
  await showForm(page.getByRole("button", { name: "Send Message" }));
  await page.getByRole("button", { name: "Send Message" }).click();
  const toast = openToast(page);
  await expect(toast).toContainText("Validation Error");
  const box = (await toast.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(420);

  // Drag it 120 px to the right (past the 50 px threshold).
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2);
  await page.mouse.up();
  await expect(openToast(page)).toHaveCount(0);
});

test("a new lead appears on the dashboard opened after the submission on a public page", async ({ page }) => {
  await page.clock.install();
  await serveAgedFormTokens(page);
  await page.goto("/admin/login");
  await page.getByLabel("Email Address").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill(e2eAdmin.password);
  const statsLoaded = page.waitForResponse((response) => response.url().endsWith("/api/admin/stats") && response.ok());
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Form Submissions Dashboard" })).toBeVisible();
  await statsLoaded;
  await expect(page.getByTestId("contact-count")).toHaveText(/^\d+$/);
  const before = Number((await page.getByTestId("contact-count").textContent())!.replace(/,/g, ""));

  // Leave the admin for the public site (a separate page load: the public pages carry no admin code).
  await page.getByRole("link", { name: "View site" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Get Local Leads on Autopilot" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await showForm(page.getByRole("button", { name: "Send Message" }));
  const email = uniqueEmail("cache");
  await page.getByLabel("Full Name").fill("Cache Check");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Phone").fill("3125550100");
  await page.getByRole("checkbox", { name: "SEO Services" }).check();
  await actLikeAPerson(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Success!", "Your message has been sent.");

  // The dashboard, opened again, shows the new lead: its count and its recent list.
  await page.goto("/admin/submissions");
  await expect(page.getByRole("heading", { name: "Form Submissions Dashboard" })).toBeVisible();
  await expect(page.getByTestId("contact-count")).toHaveText(String(before + 1));
  await expect(page.getByRole("region", { name: "Recent Contact Forms" })).toContainText(email);
});
