import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-database.ts";
import { createTestApp, humanSignals, signIn, type TestApp } from "../tests/helpers/test-app.ts";

// Two server instances on one database (PostgreSQL in production) must agree on who is signed in:
// sessions live in the database, not in a process.

let database: TestDatabase;
let first: TestApp;
let second: TestApp;
let clock = Date.UTC(2026, 10, 2, 9, 0, 0);

beforeAll(async () => {
  database = await createTestDatabase();
  // Started together: both run the migrations; the migration lock lets exactly one apply them.
  [first, second] = await Promise.all([
    createTestApp({}, database, { clock: () => new Date(clock) }),
    createTestApp({}, database, { clock: () => new Date(clock) }),
  ]);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database.drop();
});

it("shares a session between two instances, and a logout on one ends it on both", async () => {
  const cookie = await signIn(first.app);
  const list = (app: TestApp) =>
    app.app.inject({ method: "GET", url: "/api/contact-submissions", headers: { cookie } });
  expect((await list(second)).statusCode).toBe(200);

  const posted = await first.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: {
      firstName: "Shared",
      lastName: "Lead",
      email: "shared@example.com",
      phone: "555 000 1111",
      ...(await humanSignals(first.app)),
    },
  });
  expect(posted.statusCode).toBe(201);
  expect((await list(second)).json()).toEqual([expect.objectContaining({ ...posted.json(), firstName: "Shared" })]);

  const logout = await second.app.inject({ method: "POST", url: "/api/admin/logout", headers: { cookie } });
  expect(logout.statusCode).toBe(200);
  expect((await list(first)).statusCode).toBe(401);
});

it("accepts on one instance the form token another issued (one secret, kept in the database)", async () => {
  const { token } = (await first.app.inject({ method: "GET", url: "/api/form-token" })).json<{ token: string }>();
  clock += 5000;
  const posted = await second.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: {
      firstName: "Token",
      lastName: "Traveller",
      email: "token@example.com",
      phone: "555 000 2222",
      formToken: token,
    },
  });
  expect(posted.statusCode).toBe(201);
  expect(await first.app.repositories.leads.find("contacts", posted.json().id)).toMatchObject({
    status: "new",
    spamReason: null,
  });
});

it("spends a form token once across instances: a replay on the other instance is spam, and of a burst on both only one is not (issue 19)", async () => {
  const issue = async () =>
    (await first.app.inject({ method: "GET", url: "/api/form-token" })).json<{ token: string }>().token;
  const post = (app: TestApp, formToken: string, email: string) =>
    app.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { firstName: "Once", lastName: "Only", email, phone: "555 000 3333", formToken },
    });
  const statusOf = async (id: string) => (await first.app.repositories.leads.find("contacts", id))?.status;

  const token = await issue();
  clock += 5000;
  const spent = await post(first, token, "once-1@example.com");
  const replay = await post(second, token, "once-2@example.com");
  expect([spent.statusCode, replay.statusCode]).toEqual([201, 201]);
  expect(await statusOf(spent.json().id)).toBe("new");
  expect(await first.app.repositories.leads.find("contacts", replay.json().id)).toMatchObject({
    status: "spam",
    spamReason: expect.stringMatching(/already used/),
  });

  const burstToken = await issue();
  clock += 5000;
  const burst = await Promise.all(
    Array.from({ length: 10 }, (_, i) => post(i % 2 === 0 ? first : second, burstToken, `burst-${i}@example.com`)),
  );
  const statuses = await Promise.all(burst.map((answer) => statusOf(answer.json().id)));
  expect(statuses.filter((status) => status === "new")).toHaveLength(1);
});
