import { expect, test } from "./fixtures.ts";
import {
  actLikeAPerson,
  agedFormToken,
  expectToast,
  recordPosts,
  showForm,
  storedLeads,
  uniqueEmail,
} from "./helpers.ts";

// A visitor's retry after an answer that never came stores the lead once: the form sends the same
// Idempotency-Key with the same values, and a new key for the next lead after a success. The form
// sends the token it fetched when it appeared.

/** How many stored contact submissions carry this e-mail. */
async function storedCount(baseURL: string, email: string): Promise<number> {
  return (await storedLeads(baseURL, "contact-submissions", email)).length;
}

test("a retry after a lost answer sends the same key and stores one lead; the next lead gets a new key", async ({
  page,
  baseURL,
}) => {
  await page.clock.install();
  const served: string[] = [];
  await page.route("**/api/form-token", async (route) => {
    served.push(agedFormToken());
    await route.fulfill({ json: { token: served.at(-1) }, headers: { "cache-control": "no-store" } });
  });
  // The first post reaches the server and is stored, but its answer is lost on the way back.
  let lose = true;
  await page.route("**/api/contact", async (route) => {
    if (!lose) return route.continue();
    lose = false;
    await route.fetch();
    await route.abort("connectionreset");
  });
  const posts = recordPosts(page, "/api/contact");

  await page.goto("/get-leads");
  const section = page.getByRole("region", { name: "Get Your FREE Lead Audit" });
  await showForm(section.getByRole("button"));
  const email = uniqueEmail("retry");
  const fill = async () => {
    await section.getByLabel("First Name").fill("Robin");
    await section.getByLabel("Last Name").fill("Retry");
    await section.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await section.getByLabel("Phone").fill("(713) 555-0142");
    await actLikeAPerson(page);
  };
  await fill();
  await section.getByRole("button").click();
  await expectToast(page, "Error", "Please try again.");
  await expect(section.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(email);
  expect(await storedCount(baseURL!, email)).toBe(1);

  // The visitor tries again: the same key, so the server answers the stored lead's receipt.
  await section.getByRole("button").click();
  await expectToast(page, "Success!", "We'll be in touch soon!");
  expect(await storedCount(baseURL!, email)).toBe(1);
  await section.getByRole("button", { name: "Send another request" }).click();
  await expect(section.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("");

  // The reset form is a new lead, even with the same values: a new key.
  await fill();
  await section.getByRole("button").click();
  await expect.poll(() => posts.length).toBe(3);
  await expectToast(page, "Success!", "We'll be in touch soon!");
  expect(await storedCount(baseURL!, email)).toBe(2);

  const keys = posts.map((post) => post.headers()["idempotency-key"]);
  expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[0]);
  // The retry carries the token the form fetched when it appeared (the page's loader fetches one as the
  // form comes into view; the island fetches its own if it mounts before that answer has arrived). After
  // the send, the form fetched a fresh one for the next request: a token carries one lead.
  const tokens = posts.map((post) => (post.postDataJSON() as { formToken?: string }).formToken);
  expect(tokens[1]).toBe(tokens[0]);
  expect(tokens[2]).not.toBe(tokens[0]);
  for (const token of tokens) expect(served).toContain(token);
});

test("a form whose first token fetch failed fetches another, and its post carries it", async ({ page }) => {
  await page.clock.install();
  let fetches = 0;
  await page.route("**/api/form-token", async (route) => {
    fetches += 1;
    if (fetches === 1) return route.abort("internetdisconnected");
    await route.fulfill({ json: { token: agedFormToken() } });
  });
  const posts = recordPosts(page, "/api/contact");
  await page.goto("/get-leads");
  const section = page.getByRole("region", { name: "Get Your FREE Lead Audit" });
  await showForm(section.getByRole("button"));
  // The first fetch (when the form came into view) fails.
  await expect.poll(() => fetches).toBe(1);
  await section.getByLabel("First Name").fill("Net");
  await section.getByLabel("Last Name").fill("Hiccup");
  await section.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("hiccup"));
  await section.getByLabel("Phone").fill("(713) 555-0143");
  await actLikeAPerson(page);
  await section.getByRole("button").click();
  await expectToast(page, "Success!", "We'll be in touch soon!");
  // The failed fetch, the one at submit, and a fresh token for the next request (a token carries one lead).
  await expect.poll(() => fetches).toBe(3);
  expect(posts[0]!.postDataJSON().formToken).toMatch(/^v2\./);
});
