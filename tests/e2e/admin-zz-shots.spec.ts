import { test } from "./fixtures.ts";
import { signInThroughTheApi } from "./helpers.ts";
import { contactData, postContact, uniqueTag } from "./lead-seeds.ts";
test("shots", async ({ page }) => {
  for (let i = 0; i < 3; i++) await postContact(page.request, contactData(uniqueTag("Shot"), { utmSource: "google", utmMedium: "cpc", utmCampaign: "spring" }));
  await signInThroughTheApi(page);
  for (const [w, h] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto("/admin/leads/all");
    await page.locator("main table tbody tr").first().waitFor();
    await page.screenshot({ path: `/tmp/i38ui-all-${w}.png` });
  }
});
