import { expectNoBlockingViolations, expectNoSidewaysScroll } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { expectToast, signInThroughTheApi } from "./helpers.ts";

// Account, "Quiet hours" (issue 36, point 4): off until the user turns them on, saved as their own, shown
// again after a reload; the server's refusal under its field; axe clean at 1280 and 390 px.

test.afterEach(async ({ page }) => {
  // Off again for the other tests of the shared e2e database.
  await page.request.put("/api/admin/account/quiet-hours", {
    data: { enabled: false, startHour: 22, endHour: 7, timeZone: "America/New_York" },
  });
});

test("a user turns quiet hours on for their own night and sees them after a reload", async ({ page }) => {
  await signInThroughTheApi(page);
  await page.goto("/admin/account");
  const section = page.locator("#quiet-hours");
  await expect(section.getByRole("heading", { name: "Quiet hours" })).toBeVisible();
  const hold = section.getByRole("checkbox", { name: "Hold notifications during quiet hours" });
  await expect(hold).not.toBeChecked();
  await expect(section.getByLabel("From", { exact: true })).toHaveValue("22");
  await expect(section.getByLabel("Until", { exact: true })).toHaveValue("7");

  await hold.check();
  await section.getByLabel("From", { exact: true }).selectOption({ label: "9:00 PM" });
  await section.getByLabel("Until", { exact: true }).selectOption({ label: "6:00 AM" });
  await section.getByLabel("Your time zone").selectOption("Europe/Berlin");
  await section.getByRole("button", { name: "Save quiet hours" }).click();
  await expectToast(page, "Quiet hours saved", "Notifications wait from 9:00 PM to 6:00 AM (Europe/Berlin).");

  await page.reload();
  await expect(hold).toBeChecked();
  await expect(section.getByLabel("From", { exact: true })).toHaveValue("21");
  await expect(section.getByLabel("Until", { exact: true })).toHaveValue("6");
  await expect(section.getByLabel("Your time zone")).toHaveValue("Europe/Berlin");
  const stored = await (await page.request.get("/api/admin/account/quiet-hours")).json();
  expect(stored).toEqual({ enabled: true, startHour: 21, endHour: 6, timeZone: "Europe/Berlin" });
});

test("the same hour for the start and the end is refused under its field, and nothing is saved", async ({ page }) => {
  await signInThroughTheApi(page);
  await page.goto("/admin/account");
  const section = page.locator("#quiet-hours");
  await section.getByRole("checkbox", { name: "Hold notifications during quiet hours" }).check();
  await section.getByLabel("Until", { exact: true }).selectOption({ label: "10:00 PM" });
  await section.getByRole("button", { name: "Save quiet hours" }).click();
  await expect(section.getByText("Quiet hours must end at another hour than they start.")).toBeVisible();
  await expect(section.getByLabel("Until", { exact: true })).toHaveAttribute("aria-invalid", "true");
  expect((await (await page.request.get("/api/admin/account/quiet-hours")).json()).enabled).toBe(false);
});

for (const width of [1280, 390]) {
  test(`the section has no serious accessibility violation and no sideways scrolling at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInThroughTheApi(page);
    await page.goto("/admin/account");
    await expect(page.locator("#quiet-hours").getByRole("button", { name: "Save quiet hours" })).toBeVisible();
    await expectNoBlockingViolations(page, { include: "#quiet-hours" });
    await expectNoSidewaysScroll(page, width);
  });
}
