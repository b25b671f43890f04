import { expect, request as playwrightRequest, type Page, type Request } from "@playwright/test";
import { e2eAdmin } from "../../playwright.config.ts";

// Shared steps of the browser tests.

/** The toast on screen (Radix renders one <li> per toast inside the notifications region). */
export function openToast(page: Page) {
  return page.locator('li[data-state="open"]');
}

export async function expectToast(page: Page, title: string, description: string) {
  const toast = openToast(page);
  await expect(toast).toContainText(title);
  await expect(toast).toContainText(description);
}

/** Records the POSTs a page sends to an API path. */
export function recordPosts(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request);
  });
  return posts;
}

/**
 * The spam guard treats forms sent within 1.5 s of appearing as automated; a test fills them faster
 * than that, so it moves the page's clock on (the clock is installed before the page loads).
 */
export async function actLikeAPerson(page: Page) {
  await page.clock.fastForward(3000);
}

/** Holds the next answer of an API path until release() so the pending state can be seen. */
export async function holdResponses(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

type Lead = Record<string, unknown> & { email: string; status: string };

/** Signs in as the admin (own cookie jar) and returns the stored lead with this e-mail. */
export async function storedLead(baseURL: string, kind: "contact-submissions" | "service-inquiries", email: string): Promise<Lead | undefined> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await admin.post("/api/admin/login", { data: { username: e2eAdmin.email, password: e2eAdmin.password } });
    expect(login.status()).toBe(200);
    const list = await admin.get(`/api/${kind}`);
    expect(list.status()).toBe(200);
    return ((await list.json()) as Lead[]).find((lead) => lead.email === email);
  } finally {
    await admin.dispose();
  }
}

export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
