import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createTestApp,
  humanSignals,
  signIn,
  TEST_ADMIN,
  validContact,
  type TestApp,
} from "../tests/helpers/test-app.ts";
import { testClock } from "../tests/helpers/test-clock.ts";

// AppOptions.clock is the one clock of every stored time: a lead's arrival, a session, a note, a change
// and its timeline event, the admin's account. Each step below happens a day after the last, so a time
// taken from anywhere else (the process, the database) cannot match.

const DAY_MS = 86_400_000;
let t: TestApp;
const time = testClock(Date.parse("2026-03-02T09:15:00.000Z"));

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock: time.clock });
});
afterAll(async () => {
  await t.close();
});

it("stamps leads, sessions, notes, changes and events with the app's clock", async () => {
  const posted = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { ...validContact, ...(await humanSignals(t.app)) },
  });
  expect(posted.statusCode, posted.body).toBe(201);
  const { id, createdAt } = posted.json<{ id: string; createdAt: string }>();
  expect(createdAt).toBe("2026-03-02T09:15:00.000Z");

  time.advance(DAY_MS);
  const cookie = await signIn(t.app);
  const session = await t.app.db
    .selectFrom("sessions")
    .select(["lastSeenAt", "expiresAt"])
    .orderBy("lastSeenAt", "desc")
    .executeTakeFirstOrThrow();
  expect(session.lastSeenAt).toBe("2026-03-03T09:15:00.000Z");
  expect(Date.parse(session.expiresAt)).toBe(Date.parse(session.lastSeenAt) + t.config.session.idleMs);

  time.advance(DAY_MS);
  const note = await t.app.inject({
    method: "POST",
    url: `/api/admin/leads/contacts/${id}/notes`,
    headers: { cookie },
    payload: { body: "Called back" },
  });
  expect(note.statusCode, note.body).toBe(201);
  expect(note.json()).toMatchObject({ createdAt: "2026-03-04T09:15:00.000Z" });

  time.advance(DAY_MS);
  const changed = await t.app.inject({
    method: "PATCH",
    url: `/api/admin/leads/contacts/${id}`,
    headers: { cookie },
    payload: { read: true, status: "contacted" },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  expect(changed.json()).toMatchObject({ readAt: "2026-03-05T09:15:00.000Z", status: "contacted" });
  const detail = (
    await t.app.inject({ method: "GET", url: `/api/admin/leads/contacts/${id}`, headers: { cookie } })
  ).json<{ events: { type: string; at: string }[] }>();
  expect(detail.events).toEqual([expect.objectContaining({ type: "status", at: "2026-03-05T09:15:00.000Z" })]);
});

it("stamps the admin's account with the app's clock", async () => {
  time.advance(DAY_MS);
  const user = await t.app.repositories.users.findByUsername(TEST_ADMIN.email);
  await t.app.repositories.users.setPassword(user!.id, user!.passwordHash);
  const row = await t.app.db
    .selectFrom("users")
    .select("updatedAt")
    .where("id", "=", user!.id)
    .executeTakeFirstOrThrow();
  expect(row.updatedAt).toBe(time.clock().toISOString());
});
