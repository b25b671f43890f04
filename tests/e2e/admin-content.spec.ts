import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import {
  postFieldsOf,
  type Post,
  type PostInput,
  type SiteSettings,
  type ContentDocument,
} from "../../contract/content.ts";
import { expectNoBlockingViolations, expectNoSidewaysScroll } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { expectToast, signInThroughTheApi } from "./helpers.ts";

// The site's content in the admin (issue 37): an article written in the rich editor, saved, listed and
// published; a save that meets someone else's (409) and the choice it offers; an older revision restored; the
// phone number changed in Site settings and published; an image uploaded (POST /api/admin/media) for the article
// and into its body. axe on each content page at 1280 and 390 px.

const POSTS = "/api/admin/content/posts";

function uniqueTag() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function postData(tag: string, overrides: Partial<PostInput> = {}): PostInput {
  return {
    slug: `content-e2e-${tag}`,
    title: `A content test article ${tag}`,
    description: "A description long enough for the contract's fifty characters minimum rule.",
    body: "The first paragraph of the article.\n\n## A section\n\nMore text.",
    author: "Dana Owner",
    category: "Local SEO",
    tags: ["seo"],
    ...overrides,
  };
}

async function createPost(request: APIRequestContext, data: PostInput): Promise<Post> {
  const response = await request.post(POSTS, { data });
  expect(response.status()).toBe(201);
  return (await response.json()) as Post;
}

async function putPost(request: APIRequestContext, post: Post, changes: Partial<PostInput>): Promise<Post> {
  const { id, revision } = post;
  const input: PostInput = { ...postFieldsOf(post), ...changes };
  const response = await request.put(`${POSTS}/${id}`, { data: input, headers: { "If-Match": String(revision) } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Post;
}

async function storedPost(request: APIRequestContext, id: string): Promise<Post> {
  const response = await request.get(`${POSTS}/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Post;
}

const bodyEditor = (page: Page) => page.getByRole("textbox", { name: "Body" });
const titleField = (page: Page) => page.getByLabel("Title", { exact: true });

for (const width of [1280, 390]) {
  test(`an article written in the rich editor is saved, listed and published, at ${width} px`, async ({ page }) => {
    await signInThroughTheApi(page);
    await page.setViewportSize({ width, height: 900 });
    const tag = uniqueTag();
    const title = `Local SEO checklist for roofers ${tag}`;

    await page.goto("/admin/content");
    await expect(page).toHaveURL(/\/admin\/content\/posts$/);
    await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);

    await page.getByRole("link", { name: "New article" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New article" })).toBeVisible();
    await titleField(page).fill(title);
    // The address follows the title of a new article.
    await expect(page.getByLabel("Address")).toHaveValue(`local-seo-checklist-for-roofers-${tag}`);
    await expect(page.getByText(`${title.length} of 10–90 characters`)).toBeVisible();
    await page
      .getByLabel("Description")
      .fill("A checklist of the local search steps a roofing company can take this month to be found.");
    await page.getByLabel("Category").fill("Local SEO");
    await page.getByLabel("Author").fill("Dana Owner");
    await page.getByLabel("Tags").fill("seo, roofing, local");

    // The body: a heading, a paragraph and a list, through the toolbar and the keyboard.
    const editor = bodyEditor(page);
    await editor.click();
    await page.getByRole("button", { name: "H2 heading" }).click();
    await expect(page.getByRole("button", { name: "H2 heading" })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("Why it matters");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Most customers search before they call.");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Bulleted list" }).click();
    // Typed once the list is on (as the heading above): a loaded CI machine lost the first letter otherwise.
    await expect(page.getByRole("button", { name: "Bulleted list" })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("Claim your profile");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Ask for reviews");

    const preview = page.getByTestId("body-preview");
    await expect(preview.getByRole("heading", { level: 2, name: "Why it matters" })).toBeVisible();
    await expect(preview.getByRole("listitem")).toHaveText(["Claim your profile", "Ask for reviews"]);
    await expect(page.getByTestId("search-preview")).toContainText(title);
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);

    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/posts\/(?!new$)[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Edit article" })).toBeVisible();
    const id = page.url().split("/").pop()!;
    const saved = await storedPost(page.request, id);
    expect(saved.status).toBe("draft");
    expect(saved.tags).toEqual(["seo", "roofing", "local"]);
    expect(saved.body).toContain("## Why it matters");
    expect(saved.body).toContain("Most customers search before they call.");
    expect(saved.body).toMatch(/^[-*] Claim your profile$/m);

    await page.getByRole("link", { name: "← All articles" }).click();
    const row = page.getByTestId("post-row").filter({ hasText: title });
    await expect(row).toContainText("Draft");

    await row.getByRole("link", { name: title }).click();
    await expect(page.getByRole("link", { name: "Preview", exact: true })).toHaveAttribute(
      "href",
      `/admin/preview/posts/${id}`,
    );
    // The preview: the draft as the article page will show it, for signed-in eyes only.
    const previewTab = await page.context().newPage();
    await previewTab.goto(`/admin/preview/posts/${id}`);
    await expect(previewTab.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(previewTab.getByRole("heading", { level: 2, name: "Why it matters" })).toBeVisible();
    await previewTab.close();
    expect((await page.request.get(`/blog/${saved.slug}`)).status()).toBe(404);

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expectToast(page, "Published", `/blog/${saved.slug}`);
    await expect(page.getByText("Published", { exact: true }).first()).toBeVisible();
    expect((await storedPost(page.request, id)).status).toBe("published");
    // Live within two seconds (docs/ENGINEERING: "ours shows in two seconds or the test fails").
    await expect
      .poll(async () => (await page.request.get(`/blog/${saved.slug}`)).status(), { timeout: 2_000 })
      .toBe(200);
    // On the blog, and on its own page, as a visitor sees them.
    await page.goto("/blog");
    await page.getByRole("link", { name: title }).first().click();
    await expect(page).toHaveURL(`/blog/${saved.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Why it matters" })).toBeVisible();
    await expectNoBlockingViolations(page);
  });
}

test("a save that meets someone else's offers both versions: overwrite with mine, or keep theirs", async ({ page }) => {
  await signInThroughTheApi(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = uniqueTag();
  const post = await createPost(page.request, postData(tag));
  await page.goto(`/admin/content/posts/${post.id}`);
  await expect(titleField(page)).toHaveValue(post.title);

  // Someone else saves while this page is open.
  const theirs = await putPost(page.request, post, { title: `Their edited title ${tag}` });
  await titleField(page).fill(`My edited title ${tag}`);
  await page.getByRole("button", { name: "Save draft" }).click();
  const dialog = page.getByRole("dialog", { name: "Someone else changed this article" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Their version" })).toContainText(`Their edited title ${tag}`);
  await expect(dialog.getByRole("region", { name: "Your version" })).toContainText(`My edited title ${tag}`);
  await expectNoBlockingViolations(page);
  await dialog.getByRole("button", { name: "Overwrite with mine" }).click();
  await expectToast(page, "Your version saved", `My edited title ${tag}`);
  const mine = await storedPost(page.request, post.id);
  expect(mine.title).toBe(`My edited title ${tag}`);
  expect(mine.revision).toBeGreaterThan(theirs.revision);

  // Again, and this time their version stays.
  await putPost(page.request, mine, { title: `Their second title ${tag}` });
  await titleField(page).fill(`My second title ${tag}`);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Keep theirs" }).click();
  await expect(dialog).toBeHidden();
  await expect(titleField(page)).toHaveValue(`Their second title ${tag}`);
  expect((await storedPost(page.request, post.id)).title).toBe(`Their second title ${tag}`);
});

test("an older revision is compared with the draft and restored", async ({ page }) => {
  await signInThroughTheApi(page);
  await page.setViewportSize({ width: 390, height: 900 });
  const tag = uniqueTag();
  const first = await createPost(page.request, postData(tag, { title: `The first title ${tag}` }));
  await putPost(page.request, first, { title: `The second title ${tag}`, body: "A rewritten body." });

  await page.goto(`/admin/content/posts/${first.id}`);
  await expect(titleField(page)).toHaveValue(`The second title ${tag}`);
  const revisions = page.getByRole("list", { name: "Revisions, newest first" });
  await expect(revisions.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: `Compare revision ${first.revision}` }).click();
  await expect(page.getByTestId("comparison")).toContainText(`− The first title ${tag}`);
  await expect(page.getByTestId("comparison")).toContainText(`+ The second title ${tag}`);
  await expectNoBlockingViolations(page);
  await expectNoSidewaysScroll(page, 390);

  await page.getByRole("button", { name: `Restore revision ${first.revision}` }).click();
  await page
    .getByRole("dialog", { name: `Restore revision ${first.revision}?` })
    .getByRole("button", {
      name: "Restore",
    })
    .click();
  await expectToast(page, "Revision restored", `Revision ${first.revision}`);
  await expect(titleField(page)).toHaveValue(`The first title ${tag}`);
  const restored = await storedPost(page.request, first.id);
  expect(restored.title).toBe(`The first title ${tag}`);
  expect(restored.body).toBe(first.body);
});

test("the phone number changed in Site settings is saved as a draft, then published, at 1280 and 390 px", async ({
  page,
}) => {
  await signInThroughTheApi(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/content/site");
    await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
    await expect(page.getByLabel("Phone")).not.toHaveValue("");
    await expectNoBlockingViolations(page);
    await expectNoSidewaysScroll(page, width);
  }
  const phone = `+1 (555) 010-${String(Date.now() % 10_000).padStart(4, "0")}`;
  await page.getByLabel("Phone").fill(phone);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, "Draft saved", "Publish it");
  await expect(page.getByTestId("site-state")).toContainText("Draft has unpublished changes");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(page, "Published", "new settings");
  await expect(page.getByTestId("site-state")).toContainText("Published");
  const site = (await (await page.request.get("/api/admin/content/site")).json()) as ContentDocument<SiteSettings>;
  expect(site.published.phone).toBe(phone);
  expect(site.publishedRevision).toBe(site.revision);
});

test("an image is uploaded with its text for the article, then inserted into the body from the uploaded ones", async ({
  page,
}) => {
  await signInThroughTheApi(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  const alt = `A blue test square ${uniqueTag()}`;
  await page.goto("/admin/content/posts/new");
  await page.getByRole("button", { name: "Upload image" }).click();
  const dialog = page.getByRole("dialog", { name: "Article image" });
  await expect(dialog).toBeVisible();
  await expectNoBlockingViolations(page);
  // The file and its text are both required before anything is sent.
  await dialog.getByRole("button", { name: "Upload image" }).click();
  await expect(dialog.getByText("Choose an image file.")).toBeVisible();
  await dialog.getByLabel("Image file").setInputFiles({ name: "square.png", mimeType: "image/png", buffer: png });
  await dialog.getByLabel(/Image text/).fill(alt);
  await dialog.getByRole("button", { name: "Upload image" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Image", exact: true })).toHaveValue(/^\/media\//);
  await expect(page.getByLabel("Image text")).toHaveValue(alt);

  await bodyEditor(page).click();
  await page.getByRole("button", { name: "Insert image" }).click();
  await page.getByRole("dialog", { name: "Insert an image" }).getByRole("button", { name: alt }).click();
  await expect(page.getByTestId("body-preview").getByRole("img", { name: alt })).toBeVisible();
});
