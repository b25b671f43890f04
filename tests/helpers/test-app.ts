import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp, type AppOptions } from "../../server/app.ts";
import { loadConfig, type ServerConfig } from "../../server/config.ts";
import type { UserRole } from "../../contract/user-roles.ts";
import { signFormToken } from "../../server/lib/form-tokens.ts";
import { hashPassword } from "../../server/lib/passwords.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";
import { meetingDateInDays } from "./meeting-dates.ts";

// Builds the real app (same options as production, see createServerOptions) on a fresh database.

export const TEST_ADMIN = { email: "owner@example.com", password: "correct horse battery staple" };

export type TestApp = {
  app: FastifyInstance;
  config: ServerConfig;
  testDatabase: TestDatabase;
  close: () => Promise<void>;
};

export function testConfig(database: ServerConfig["database"], overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    CLIENT_DIR: "build/client",
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    RATE_LIMIT_ENABLED: "false",
  });
  return { ...base, database, ...overrides };
}

export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  existing?: TestDatabase,
  options: AppOptions = {},
): Promise<TestApp> {
  const testDatabase = existing ?? (await createTestDatabase());
  const config = testConfig(testDatabase.database, overrides);
  // No renderer unless a test brings one: whether build/ exists must not change what an API test sees.
  const app = await buildApp(config, { siteRenderer: null, ...options });
  await app.ready();
  return {
    app,
    config,
    testDatabase,
    close: async () => {
      await app.close();
      if (!existing) await testDatabase.drop();
    },
  };
}

/** Lead delivery for a test that reads the mail: e-mail through the SMTP server at `smtpUrl`, no webhook. */
export function smtpDeliveryConfig(
  smtpUrl: string,
  overrides: Partial<ServerConfig["delivery"]> = {},
): ServerConfig["delivery"] {
  return {
    mail: { transport: { kind: "smtp", url: smtpUrl }, from: "Summit Leads <leads@summit.example>" },
    notify: ["owner@summit.example"],
    autoReply: false,
    webhook: null,
    ownerTimeZone: "America/Chicago",
    business: { companyName: "Summit Lead Marketing", phone: "(512) 555-0186", phoneHref: "tel:+15125550186" },
    ...overrides,
  };
}

/**
 * Adds a user straight through the repository (no invitation), e.g. a member for a role test; answers its
 * id and credentials for signIn(app, credentials).
 */
export async function addTestUser(
  app: FastifyInstance,
  {
    email,
    role = "member",
    name = null,
    password = "a member's own password",
  }: { email: string; role?: UserRole; name?: string | null; password?: string },
): Promise<{ id: string; email: string; password: string }> {
  const user = await app.repositories.users.create(email, await hashPassword(password), { role, name });
  return { id: user.id, email: user.username, password };
}

/** The session cookie of a successful sign-in, as a Cookie header value. */
export async function signIn(app: FastifyInstance, credentials = TEST_ADMIN): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username: credentials.email, password: credentials.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response);
}

export function sessionCookieOf(response: LightMyRequestResponse, name = "agency_session"): string {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in the response`);
  return `${cookie.name}=${cookie.value}`;
}

/**
 * The spam signals of a person who opened the form a minute ago: a form token the server issued then
 * (signed with this app's secret, as GET /api/form-token would have) and the browser's own timer.
 */
export async function humanSignals(app: FastifyInstance): Promise<{ readonly formToken: string; elapsedMs: number }> {
  const secret = await app.repositories.serverSecrets.get("form-token");
  // A token carries one lead: each read (each `...human` of a post) signs a fresh one, as a person's
  // browser fetches one per form.
  return {
    get formToken() {
      return signFormToken(secret, app.clock().getTime() - 60_000);
    },
    elapsedMs: 60_000,
  };
}

export const validContact = {
  firstName: "Dana",
  lastName: "Whitfield",
  email: "dana@whitfield-plumbing.com",
  phone: "(512) 555-0147",
  company: "Whitfield Plumbing",
  products: ["SEO Services", "Website Design"],
  meetingDate: meetingDateInDays(14),
  meetingTime: "10:00",
  timezone: "America/Chicago",
};

export const validInquiry = {
  firstName: "Marcus",
  lastName: "Reyes",
  email: "marcus@reyeslaw.com",
  company: "Reyes Injury Law",
  phone: "+1 305 555 0199",
  serviceType: "seo",
  budget: "discuss",
  message: "We want to rank for car accident lawyer in Miami. What would a 6-month plan look like?",
};
