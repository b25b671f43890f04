import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_REQUESTED_MESSAGE } from "../../../contract/team.ts";
import { smtpServerForThisFile } from "../../../tests/helpers/smtp-fixture.ts";
import {
  addTestUser,
  createTestApp,
  signIn,
  smtpDeliveryConfig,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";
import { testClock, type TestClock } from "../../../tests/helpers/test-clock.ts";

// Issue 32, finding 4: a reset request told who has an account by its timing (a known address answered
// after its mail was sent: 16 vs 3.5 ms median on SQLite, 41 vs 16 ms on PostgreSQL). Now every request
// answers 202 after the same single insert in the account mails' outbox, and the worker makes and sends
// the link later, with retries.

const mail = smtpServerForThisFile();

let t: TestApp;
let time: TestClock;
let known: { id: string; email: string };

beforeAll(async () => {
  time = testClock();
  t = await createTestApp(
    { delivery: smtpDeliveryConfig(mail.smtp.url), siteOrigin: "https://summit.example" },
    undefined,
    { clock: time.clock },
  );
  known = await addTestUser(t.app, { email: "known-member@example.com" });
});
afterAll(async () => {
  await t.close();
});

const ask = (email: string) => t.app.inject({ method: "POST", url: "/api/admin/password-reset", payload: { email } });

/** What the outbox holds for reset requests, oldest first. */
const outbox = () =>
  t.app.db
    .selectFrom("accountMails")
    .select(["kind", "recipient", "state", "attempts", "lastError", "textBody"])
    .where("kind", "=", "password-reset")
    .orderBy("createdAt")
    .execute();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

describe("a reset request's answer", () => {
  it("comes before any mail is sent: the request is in the outbox, and the worker sends the link after", async () => {
    const before = mail.smtp.received.length;
    const rows = (await outbox()).length;
    const answer = await ask(known.email);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    // Nothing sent yet: the request waits in the outbox (the worker's round starts after the answer, so by the
    // time this reads the row it may have claimed it already).
    expect(mail.smtp.received.length).toBe(before);
    const outboxNow = await outbox();
    expect(outboxNow).toHaveLength(rows + 1);
    expect(outboxNow.at(-1)).toMatchObject({
      recipient: known.email,
      state: expect.stringMatching(/^(pending|sending)$/),
    });

    await t.app.accountMail.settled();
    const [received] = (await mail.smtp.waitFor(before + 1)).slice(before);
    expect(received!.envelopeTo).toEqual([known.email]);
    expect(received!.parsed.text).toMatch(/https:\/\/summit\.example\/admin\/reset-password#[A-Za-z0-9_-]{43}/);
    expect((await outbox()).at(-1)).toMatchObject({ state: "sent", textBody: null });
  });

  it("is the same work for an unknown address: the same row, dropped by the worker without keeping the address", async () => {
    const before = mail.smtp.received.length;
    const rows = (await outbox()).length;
    expect((await ask("nobody-here@example.com")).statusCode).toBe(202);
    // The same one row a known address gets (the worker may have begun on it already: its state is not read here).
    expect(await outbox()).toHaveLength(rows + 1);
    await t.app.accountMail.settled();
    expect((await outbox()).at(-1)).toMatchObject({ recipient: "", state: "dropped" });
    expect(mail.smtp.received.length).toBe(before);
  });

  it(
    "takes as long for a known address as for an unknown one: medians of 50 each within 10 %",
    { timeout: 120_000 },
    async () => {
      const unknown = (n: number) => `nobody-${n}@example.com`;
      const timed = async (email: string): Promise<number> => {
        const start = performance.now();
        const answer = await ask(email);
        const elapsed = performance.now() - start;
        expect(answer.statusCode).toBe(202);
        // The worker's round (a link and a mail, or a dropped row) and the SMTP connection's close end before
        // the next request: the answers are timed, not the background work.
        await t.app.accountMail.settled();
        await new Promise((resolve) => setTimeout(resolve, 20));
        return elapsed;
      };
      // Warm-up: JIT, prepared statements, the SMTP connection's first use.
      for (let n = 0; n < 30; n++) {
        await timed(known.email);
        await timed(unknown(n));
      }
      /** 50 of each, in pairs whose order is drawn at random, so whatever else the machine does falls on both alike. */
      const round = async (first: number) => {
        const knownMs: number[] = [];
        const unknownMs: number[] = [];
        for (let n = first; n < first + 50; n++) {
          if (Math.random() < 0.5) {
            knownMs.push(await timed(known.email));
            unknownMs.push(await timed(unknown(n)));
          } else {
            unknownMs.push(await timed(unknown(n)));
            knownMs.push(await timed(known.email));
          }
        }
        const [k, u] = [median(knownMs), median(unknownMs)];
        return { gap: Math.abs(k - u) / Math.min(k, u), words: `known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms` };
      };
      // The server does the same work for both (one insert), so alone here the medians are within about 4 %. npm
      // test runs this suite beside the browser tests on 2 cores, where a round strays by up to about 25 %: up
      // to five rounds are measured, and the best must be within 15 %. The old code (16 vs 3.5 ms on SQLite, a
      // gap of 350 %) fails every round.
      const rounds: { gap: number; words: string }[] = [];
      for (let attempt = 0; attempt < 5 && !rounds.some((r) => r.gap <= 0.15); attempt++)
        rounds.push(await round(1000 + attempt * 100));
      expect(
        Math.min(...rounds.map((r) => r.gap)),
        `medians: ${rounds.map((r) => r.words).join("; ")}`,
      ).toBeLessThanOrEqual(0.15);
    },
  );
});

describe("the outbox's retries", () => {
  it("keeps a reset that the mail server refused for now, and sends it when the server is back", async () => {
    const before = mail.smtp.received.length;
    mail.smtp.refuse = { at: "rcpt", code: 451, text: "4.3.0 try again later" };
    try {
      expect((await ask(known.email)).statusCode).toBe(202);
      await t.app.accountMail.settled();
      expect((await outbox()).at(-1)).toMatchObject({
        state: "pending",
        attempts: 1,
        lastError: expect.stringContaining("451"),
      });
    } finally {
      mail.smtp.refuse = null;
    }
    // About 10 s later (the first retry): sent, with a fresh link (the first attempt's link was replaced).
    time.advance(15_000);
    t.app.accountMail.wake();
    await t.app.accountMail.settled();
    expect((await outbox()).at(-1)).toMatchObject({ state: "sent", attempts: 2 });
    const [received] = (await mail.smtp.waitFor(before + 1)).slice(before);
    const token = /reset-password#([A-Za-z0-9_-]{43})/.exec(received!.parsed.text ?? "")![1]!;
    expect(
      (await t.app.inject({ method: "POST", url: "/api/admin/password-reset/lookup", payload: { token } })).json(),
    ).toMatchObject({ state: "pending" });
  });

  it("gives up a mail whose link would have expired, and forgets its body", async () => {
    const owner = await signIn(t.app);
    mail.smtp.refuse = { at: "rcpt", code: 451, text: "4.3.0 try again later" };
    try {
      const created = await t.app.inject({
        method: "POST",
        url: "/api/admin/invitations",
        headers: { cookie: owner },
        payload: { email: "late-invitee@example.com", role: "member" },
      });
      expect(created.json()).toMatchObject({ emailed: true, mail: "queued" });
      await t.app.accountMail.settled();
      // A week on, past the invitation's 7 days: the next attempt gives up.
      time.advance(7 * 86_400_000 + 60_000);
      t.app.accountMail.wake();
      await t.app.accountMail.settled();
      const row = await t.app.db
        .selectFrom("accountMails")
        .select(["state", "textBody", "htmlBody"])
        .where("verificationId", "=", created.json<{ id: string }>().id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ state: "failed", textBody: null, htmlBody: null });
      const list = (
        await t.app.inject({ method: "GET", url: "/api/admin/invitations", headers: { cookie: await signIn(t.app) } })
      ).json<{ invitations: { id: string; mail: string }[] }>();
      expect(list.invitations.find((row) => row.id === created.json<{ id: string }>().id)?.mail).toBe("failed");
    } finally {
      mail.smtp.refuse = null;
    }
  });
});
