import { expect, test } from "./fixtures.ts";
import { e2eAdmin } from "../../playwright.config.ts";
import { agedFormToken, expectToast } from "./helpers.ts";

test("the owner signs in, sees a submission posted through the API, and signs out", async ({ page, request }) => {
  const lastName = `Lead-${Date.now()}`;
  const posted = await request.post("/api/contact", {
    data: {
      firstName: "Priya",
      lastName,
      email: "priya@example.com",
      phone: "(512) 555-0100",
      products: ["SEO Services"],
      formToken: agedFormToken(),
    },
  });
  expect(posted.status()).toBe(201);

  // Other test files post service inquiries into the shared database: answer the dashboard's recent
  // inquiries call with an empty list so its empty text can be seen.
  await page.route("**/api/service-inquiries?limit=5", (route) => route.fulfill({ json: [] }));

  // Signed out, the dashboard sends the visitor to the login page.
  await page.goto("/admin/submissions");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();

  await page.getByLabel("Email Address").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill(e2eAdmin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectToast(page, "Success!", "Successfully logged in");

  await expect(page).toHaveURL(/\/admin\/submissions$/);
  await expect(page.getByRole("heading", { name: "Form Submissions Dashboard" })).toBeVisible();
  await expect(page.getByText(`Welcome, ${e2eAdmin.email}`)).toBeVisible();
  const recentContacts = page.getByRole("region", { name: "Recent Contact Forms" });
  await expect(recentContacts.getByText(`Priya ${lastName}`)).toBeVisible();
  await expect(page.getByText("No service inquiries found.")).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The old session is gone on the server too.
  await page.goto("/admin/submissions");
  await expect(page).toHaveURL(/\/admin\/login$/);
  const list = await page.request.get("/api/contact-submissions");
  expect(list.status()).toBe(401);
});

test("the login page explains an empty form and a wrong password", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectToast(page, "Validation Error", "Please enter both email and password.");

  await page.getByLabel("Email Address").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectToast(page, "Login Failed", "Invalid email or password");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("the login page says how long to wait when sign-ins are limited", async ({ page }) => {
  // The e2e server runs without limits (a shared account); the answer is the one the API gives past them.
  const message =
    "Too many failed sign-ins for this account. Sign in from a browser you have used before, or wait. Please try again in 42 minutes.";
  await page.route("**/api/admin/login", (route) =>
    route.fulfill({ status: 429, headers: { "retry-after": "2520" }, json: { message } }),
  );
  await page.goto("/admin/login");
  await page.getByLabel("Email Address").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill(e2eAdmin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectToast(page, "Login Failed", message);
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("public pages arrive prerendered and unknown paths get the 404 page", async ({ page, request }) => {
  // Hydrating the prerendered 404 page at another URL must not raise errors (the 404 status itself
  // shows up as a "Failed to load resource" console line, which is expected).
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      problems.push(message.text());
  });

  const home = await request.get("/");
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain("Get Local Leads on Autopilot");

  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Get Local Leads on Autopilot" })).toBeVisible();
  expect(problems).toEqual([]);
});
