import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { contactData, postContact as storeContact, uniqueTag } from "./lead-seeds.ts";
import { expectToast, signInThroughTheApi } from "./helpers.ts";

// A lead's page (issue 13, point 6): Previous/Next lead in the order of the inbox view it was opened
// from (the filters travel in the address), keyboard shortcuts j/k/e/r/? with their help dialog, and only
// the source rows the lead has. Its deliveries: admin-deliveries.spec.ts; e moving on, the timeline, the
// follow-up and the phone's bar (issue 20): admin-owner-day.spec.ts.

type Json = Record<string, unknown>;

const postContact = (request: APIRequestContext, firstName: string, tag: string, extra: Json = {}) =>
  storeContact(
    request,
    contactData(tag, { firstName, email: `${firstName.toLowerCase()}-${tag.toLowerCase()}@example.com`, ...extra }),
  );

/** A session for the page through the login API (the sign-in screen has its own spec). */

async function apiStatus(page: Page, id: string): Promise<string> {
  return ((await (await page.request.get(`/api/admin/leads/contacts/${id}`)).json()) as { status: string }).status;
}

function heading(page: Page, name: string) {
  return page.getByRole("heading", { level: 1, name: new RegExp(name) });
}

const pager = (page: Page) => page.getByRole("navigation", { name: "Leads in this view" });

test("Previous and Next follow the view the lead was opened from, by link and by j/k, and Back returns to it", async ({
  page,
  request,
}) => {
  const tag = uniqueTag("Order");
  // Posted in the order Bo, Cy, Ada: by name the view reads Ada, Bo, Cy (newest first would be Ada, Cy, Bo).
  const bo = await postContact(request, "Bo", tag);
  const cy = await postContact(request, "Cy", tag);
  const ada = await postContact(request, "Ada", tag);
  await signInThroughTheApi(page);

  const search = `?q=${tag}&sort=name`;
  await page.goto(`/admin/leads/contacts/${bo}${search}`);
  await expect(heading(page, `Bo ${tag}`)).toBeVisible();
  await expect(pager(page).getByRole("link", { name: "Previous lead" })).toHaveAttribute(
    "href",
    `/admin/leads/contacts/${ada}${search}`,
  );
  await expect(pager(page).getByRole("link", { name: "Next lead" })).toHaveAttribute(
    "href",
    `/admin/leads/contacts/${cy}${search}`,
  );

  await page.keyboard.press("j");
  await expect(page).toHaveURL(new RegExp(`/admin/leads/contacts/${cy}\\?q=${tag}&sort=name$`));
  await expect(heading(page, `Cy ${tag}`)).toBeVisible();
  // The last lead of the view: no Next.
  await expect(pager(page).getByText("Next lead")).toHaveAttribute("aria-disabled", "true");
  await expect(pager(page).getByRole("link", { name: "Next lead" })).toHaveCount(0);

  await page.keyboard.press("k");
  await expect(heading(page, `Bo ${tag}`)).toBeVisible();
  await pager(page).getByRole("link", { name: "Previous lead" }).click();
  await expect(heading(page, `Ada ${tag}`)).toBeVisible();
  await expect(pager(page).getByText("Previous lead")).toHaveAttribute("aria-disabled", "true");

  await page.getByRole("link", { name: "Back to the contact inbox" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/contacts\\?q=${tag}&sort=name$`));
});

/**
 * Holds the answers of the neighbours endpoint back: `hold()` holds the next ones and returns their
 * release, so a key can be pressed before the page knows where it leads.
 */
async function holdNeighbours(page: Page) {
  let held = Promise.resolve();
  await page.route("**/neighbours?**", async (route) => {
    await held;
    await route.continue();
  });
  return () => {
    let release = () => {};
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    return release;
  };
}

// A slow answer for Previous/Next used to drop the key pressed meanwhile (CI, with two servers on two cores).
test("j, k and e pressed before the page knows the neighbours act once it does", async ({ page, request }) => {
  const tag = uniqueTag("Slow");
  // By name: Ada, Bo, Cy.
  const bo = await postContact(request, "Bo", tag);
  const cy = await postContact(request, "Cy", tag);
  const ada = await postContact(request, "Ada", tag);
  await signInThroughTheApi(page);
  const hold = await holdNeighbours(page);
  const search = `?q=${tag}&sort=name`;

  let release = hold();
  await page.goto(`/admin/leads/contacts/${bo}${search}`);
  await expect(heading(page, `Bo ${tag}`)).toBeVisible();
  await expect(pager(page).getByText("Next lead")).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("j");
  // The next page's neighbours are held in turn; then Bo's answer comes.
  let next = hold();
  release();
  release = next;
  await expect(page).toHaveURL(new RegExp(`/admin/leads/contacts/${cy}\\?q=${tag}&sort=name$`));
  await expect(heading(page, `Cy ${tag}`)).toBeVisible();

  await expect(pager(page).getByText("Previous lead")).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("k");
  next = hold();
  release();
  release = next;
  await expect(heading(page, `Bo ${tag}`)).toBeVisible();

  // e takes the next lead before Ada leaves the view's order: Bo, not the list (a fresh page, none cached).
  await page.goto(`/admin/leads/contacts/${ada}${search}`);
  await expect(heading(page, `Ada ${tag}`)).toBeVisible();
  await expect(pager(page).getByText("Next lead")).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("e");
  release();
  await page
    .getByRole("dialog", { name: "Set the next follow-up?" })
    .getByRole("button", { name: "No follow-up" })
    .click();
  await expect(heading(page, `Bo ${tag}`)).toBeVisible();
  expect(await apiStatus(page, ada)).toBe("contacted");
});

test("e marks a New lead Contacted, r opens the reply e-mail, ? lists the shortcuts, and typing in a field triggers none", async ({
  page,
  request,
}) => {
  const tag = uniqueTag("Keys");
  const first = await postContact(request, "Eve", tag);
  await postContact(request, "Fay", tag);
  await signInThroughTheApi(page);
  await page.goto(`/admin/leads/contacts/${first}?q=${tag}`);
  await expect(heading(page, `Eve ${tag}`)).toBeVisible();
  await expect(pager(page).getByRole("link", { name: "Previous lead" })).toBeVisible();

  // Typing a note: the letters go into the note, nothing else happens.
  const note = page.getByLabel("New note");
  await note.click();
  await page.keyboard.type("je r?k");
  await expect(note).toHaveValue("je r?k");
  await expect(page).toHaveURL(new RegExp(`/admin/leads/contacts/${first}\\?`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await apiStatus(page, first)).toBe("new");
  await note.fill("");
  await note.blur();

  // r: the reply panel (issue 33: replies are sent from the admin); Escape closes it.
  await page.keyboard.press("r");
  await expect(page.getByRole("dialog", { name: `Reply to Eve ${tag}` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // e: done, which for this product is Contacted (the reply-by promise is kept), and the next follow-up is
  // offered; "Another time" stays on this lead, in the follow-up editor (e's move to the next lead:
  // admin-owner-day.spec.ts).
  await expect(page.getByTestId("reply-by")).toBeVisible();
  await page.keyboard.press("e");
  await expectToast(page, "Status updated", `Eve ${tag} is now Contacted.`);
  await expect.poll(() => apiStatus(page, first)).toBe("contacted");
  const offer = page.getByRole("dialog", { name: "Set the next follow-up?" });
  await offer.getByRole("button", { name: "Another time" }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByLabel("Date and time")).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/contacts/${first}\\?`));
  await expect(page.getByTestId("reply-by")).toHaveCount(0);
  await page.getByLabel("Date and time").blur();

  // ?: the help dialog; Escape closes it and the focus goes back.
  await page.keyboard.press("Shift+?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  for (const line of [
    "Next lead in this view",
    "Previous lead in this view",
    "Done: mark a New lead as Contacted, then open the next lead",
    "Reply (opens the reply panel)",
  ]) {
    await expect(help).toContainText(line);
  }
  // Shortcuts wait while the dialog is open: after it closes, this is still Eve's page.
  await page.keyboard.press("j");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await expect(heading(page, `Eve ${tag}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/contacts/${first}\\?`));

  // The help is also a button, for those who do not know the ? key.
  await pager(page).getByRole("button", { name: "Keyboard shortcuts" }).click();
  await expect(help).toBeVisible();
  await help.getByRole("button", { name: "Close" }).click();
  await expect(help).toBeHidden();
  await expect(pager(page).getByRole("button", { name: "Keyboard shortcuts" })).toBeFocused();
});

test("the lead page shows only the source rows the lead has", async ({ page, request }) => {
  const tag = uniqueTag("Src");
  const bare = await postContact(request, "Gus", tag);
  const tagged = await postContact(request, "Hal", tag, { utmSource: "newsletter", pagePath: "/services/seo" });
  await signInThroughTheApi(page);

  await page.goto(`/admin/leads/contacts/${bare}`);
  const details = page.getByRole("region", { name: "Details" });
  await expect(heading(page, `Gus ${tag}`)).toBeVisible();
  for (const label of ["UTM source", "UTM medium", "UTM campaign", "UTM term", "UTM content", "Referrer", "Page"]) {
    await expect(details.getByText(label, { exact: true })).toHaveCount(0);
  }
  await expect(details).toContainText("SourceNot recorded");
  // The channel is always there (issue 24): nothing recorded is a direct visit.
  await expect(details).toContainText("ChannelDirect");

  await page.goto(`/admin/leads/contacts/${tagged}`);
  await expect(heading(page, `Hal ${tag}`)).toBeVisible();
  await expect(details.getByText("UTM source", { exact: true })).toBeVisible();
  await expect(details).toContainText("newsletter");
  await expect(details).toContainText("ChannelE-mail");
  await expect(details).toContainText("/services/seo");
  for (const label of ["UTM medium", "UTM campaign", "UTM term", "UTM content", "Referrer", "Source"]) {
    await expect(details.getByText(label, { exact: true })).toHaveCount(0);
  }
  // The lead's deliveries are still on its page, in its timeline.
  await expect(
    page
      .getByRole("region", { name: "Timeline" })
      .getByRole("listitem")
      .filter({ hasText: "E-mail to you: Not configured" }),
  ).toHaveCount(1);
});
