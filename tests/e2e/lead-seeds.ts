import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { agedFormToken } from "./helpers.ts";

// Leads for the admin's browser tests, stored through the public API. Every test file shares one
// database, so each test's leads carry a unique tag (in the last name and e-mail).

type Json = Record<string, unknown>;

export function uniqueTag(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function contactData(tag: string, overrides: Json = {}): Json {
  return {
    firstName: "Casey",
    lastName: tag,
    email: `${tag.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    phone: "(512) 555-0100",
    products: ["SEO Services"],
    // Filled in at a human pace, so it is not stored as spam.
    elapsedMs: 5000,
    ...overrides,
  };
}

export function inquiryData(tag: string, overrides: Json = {}): Json {
  return {
    firstName: "Robin",
    lastName: tag,
    email: `${tag.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    phone: "(312) 555-0199",
    serviceType: "seo",
    message: "We would like more calls from Google.",
    elapsedMs: 5000,
    ...overrides,
  };
}

export async function postContact(request: APIRequestContext, data: Json): Promise<string> {
  // Sent as from a form opened a minute ago, so it is not stored as spam (unless data says otherwise).
  const response = await request.post("/api/contact", { data: { formToken: agedFormToken(), ...data } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export async function postInquiry(request: APIRequestContext, data: Json): Promise<string> {
  const response = await request.post("/api/service-inquiry", { data: { formToken: agedFormToken(), ...data } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
