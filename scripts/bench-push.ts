import { startPushService, type PushService } from "../tests/helpers/push-service.ts";
import { startServerProcess, type StartedServer } from "../tests/helpers/server-process.ts";
import { startSmtpTestServer, type SmtpTestServer } from "../tests/helpers/smtp-test-server.ts";
import { createTestDatabase } from "../tests/helpers/test-database.ts";

// npm run bench:push [-- --leads 100]
// Issue 36: the time from a form post to the owner's phone. Real server processes (as `npm start` runs them,
// through tsx), a local push service that checks the VAPID signature and decrypts each push (RFC 8291), and
// a real SMTP server for the baseline channel, the owner's e-mail. One lead at a time, from the moment the
// POST is sent to the moment the push service has the decrypted notification (and the SMTP server the
// e-mail): median and p95 of each, and their ratio, on SQLite (one instance) and on PostgreSQL with two
// instances sharing the outbox, the posts alternating between them as a load balancer would send them.
// No assertions: figures only.

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1] ?? "");
const LEADS = Number(args.get("leads") ?? 100);
const OWNER = { email: "owner@bench.example", password: "a bench owner's password" };

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function until<T>(what: string, find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not arrive within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function signIn(origin: string): Promise<string> {
  const answer = await fetch(`${origin}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: OWNER.email, password: OWNER.password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${await answer.text()}`);
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function subscribeDevice(origin: string, cookie: string, push: PushService) {
  const answer = await fetch(`${origin}/api/admin/push-subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ ...push.subscribe(), expirationTime: null, deviceName: "Bench phone" }),
  });
  if (answer.status !== 201) throw new Error(`subscribing answered ${answer.status}: ${await answer.text()}`);
}

let n = 0;
/** Posts one lead to `origin`; resolves with its id and when the POST was sent (performance.now()). */
async function postLead(
  origin: string,
): Promise<{ id: string; lastName: string; sentAt: number; sentAtEpoch: number }> {
  n += 1;
  const lastName = `Lead${n}`;
  const token = ((await (await fetch(`${origin}/api/form-token`)).json()) as { token: string }).token;
  const sentAt = performance.now();
  const sentAtEpoch = Date.now();
  const answer = await fetch(`${origin}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Bench",
      lastName,
      email: `bench${n}@example.com`,
      phone: "(512) 555-0100",
      products: ["SEO Services"],
      formToken: token,
      elapsedMs: 9000,
    }),
  });
  if (answer.status !== 201) throw new Error(`POST answered ${answer.status}: ${await answer.text()}`);
  return { id: ((await answer.json()) as { id: string }).id, lastName, sentAt, sentAtEpoch };
}

async function run(kind: "sqlite" | "postgres", instances: number, push: PushService, smtp: SmtpTestServer) {
  const database = await createTestDatabase(kind);
  const servers: StartedServer[] = [];
  try {
    for (let i = 0; i < instances; i += 1)
      servers.push(
        await startServerProcess(database.database, {
          NODE_ENV: "production",
          RATE_LIMIT_ENABLED: "false",
          FORM_MIN_FILL_MS: "0",
          ADMIN_EMAIL: OWNER.email,
          ADMIN_PASSWORD: OWNER.password,
          SMTP_URL: smtp.url,
          MAIL_FROM: "Bench Leads <leads@bench.example>",
          NOTIFY_EMAIL: "owner@bench.example",
          // The push service's self-signed certificate, trusted by Node itself (no code for it in the server).
          NODE_EXTRA_CA_CERTS: push.caFile,
        }),
      );
    const origins = servers.map((server) => `http://127.0.0.1:${server.port}`);
    const cookie = await signIn(origins[0]!);
    await subscribeDevice(origins[0]!, cookie, push);

    const toPush: number[] = [];
    const toMail: number[] = [];
    const warmUp = 5;
    for (let i = 0; i < warmUp + LEADS; i += 1) {
      const { id, lastName, sentAt, sentAtEpoch } = await postLead(origins[i % origins.length]!);
      // The SMTP server keeps no arrival time: the e-mail counts from when this loop sees it (2 ms polls).
      const mailed = until(`the e-mail for lead ${id}`, () =>
        smtp.received.some((mail) => mail.raw.includes(lastName)) ? performance.now() - sentAt : undefined,
      );
      const pushed = await until(`the push for lead ${id}`, () =>
        push.received.find((message) => message.payload.includes(id)),
      );
      const mailMs = await mailed;
      if (i < warmUp) continue;
      toPush.push(pushed.receivedAt - sentAtEpoch);
      toMail.push(mailMs);
    }
    const label = `${kind}, ${instances} instance${instances > 1 ? "s" : ""}`;
    console.log(`\n${label}: form post → decrypted push at the local push service, ${LEADS} leads one at a time`);
    console.log(
      `  push    median ${ms(quantile(toPush, 0.5))}  p95 ${ms(quantile(toPush, 0.95))}  (target: within 2 s)`,
    );
    console.log(
      `  e-mail  median ${ms(quantile(toMail, 0.5))}  p95 ${ms(quantile(toMail, 0.95))}  (the baseline: the owner's e-mail, same leads)`,
    );
    console.log(
      `  ratio push / e-mail  median ${(quantile(toPush, 0.5) / quantile(toMail, 0.5)).toFixed(2)}  p95 ${(quantile(toPush, 0.95) / quantile(toMail, 0.95)).toFixed(2)}`,
    );
    const rejected = push.rejected.length;
    if (rejected > 0) console.log(`  the push service refused ${rejected} request(s): ${push.rejected[0]!.reason}`);
  } finally {
    for (const server of servers) {
      server.child.kill("SIGINT");
      await server.exited;
    }
    push.received.length = 0;
    smtp.received.length = 0;
    await database.drop();
  }
}

const push = await startPushService();
const smtp = await startSmtpTestServer();
try {
  await run("sqlite", 1, push, smtp);
  await run("postgres", 2, push, smtp);
} finally {
  await push.close();
  await smtp.stop();
}
