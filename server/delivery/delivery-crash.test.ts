import { afterAll, beforeAll, expect, it } from "vitest";
import { MIN_HUMAN_FILL_MS } from "../../contract/fields.ts";
import { startServerProcess, type StartedServer } from "../../tests/helpers/server-process.ts";
import { startSmtpTestServer } from "../../tests/helpers/smtp-test-server.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-database.ts";
import { validContact } from "../../tests/helpers/test-app.ts";

// A real server process killed with SIGKILL after it acknowledged leads and before it could send them
// (the SMTP server is down): once restarted, with the SMTP server back, every acknowledged lead reaches
// the owner, once.

const LEADS = 12;
let database: TestDatabase;
let smtpPort: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const probe = await startSmtpTestServer();
  smtpPort = Number(new URL(probe.url).port);
  await probe.stop();
});
afterAll(async () => {
  await database.drop();
});

const mailEnv = () => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: "leads@summit.example",
  NOTIFY_EMAIL: "owner@summit.example",
  RATE_LIMIT_ENABLED: "false",
});

it("delivers every acknowledged lead once after a SIGKILL and a restart", async () => {
  let server: StartedServer | undefined = await startServerProcess(database.database, mailEnv());
  const base = `http://127.0.0.1:${server.port}`;
  // A person's form token per lead (a token carries one), old enough when the leads are sent.
  const tokens: string[] = [];
  for (let i = 0; i < LEADS; i += 1)
    tokens.push(((await (await fetch(`${base}/api/form-token`)).json()) as { token: string }).token);
  await new Promise((resolve) => setTimeout(resolve, MIN_HUMAN_FILL_MS + 200));
  const acknowledged: string[] = [];
  for (let i = 0; i < LEADS; i += 1) {
    const response = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...validContact, lastName: `Crash${i}`, formToken: tokens[i] }),
    });
    expect(response.status).toBe(201);
    acknowledged.push(((await response.json()) as { id: string }).id);
  }
  // Every first attempt has failed (the SMTP server is down) and is waiting for its retry: no send is in
  // flight when the process dies. (A send in flight would be retried when its lease ends: delivery.test.ts.)
  const deadline = Date.now() + 20_000;
  while (
    server.logs.filter((line) => line.includes("delivery failed; will retry")).length < LEADS &&
    Date.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.child.kill("SIGKILL");
  expect(await server.exited).toBeNull();

  const sink = await startSmtpTestServer({ port: smtpPort });
  try {
    server = await startServerProcess(database.database, mailEnv());
    // The failed first attempts come due again after about 10 s (backoff); then every lead is sent.
    const messages = await sink.waitFor(LEADS, 40_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(messages).toHaveLength(LEADS);
    expect(new Set(messages.map((m) => m.parsed.messageId)).size).toBe(LEADS);
    const names = messages.map((m) => m.parsed.subject ?? "");
    for (let i = 0; i < LEADS; i += 1)
      expect(
        names.some((subject) => subject.includes(`Crash${i}`)),
        `Crash${i}`,
      ).toBe(true);
    expect(server.logs.join("\n")).not.toMatch(/"level":50/);
  } finally {
    server?.child.kill("SIGTERM");
    await server?.exited;
    await sink.stop();
  }
}, 90_000);
