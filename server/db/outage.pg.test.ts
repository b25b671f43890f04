import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validContact } from "../../tests/helpers/test-app.ts";
import { createPrivatePostgres, type PrivatePostgres } from "../../tests/helpers/private-postgres.ts";
import { spawnServer, type ServerProcess } from "../../tests/helpers/server-process.ts";
import { RETRY_AFTER_SECONDS } from "./unavailable.ts";

// The database going away under a real server process: PostgreSQL ends its sessions, stops and
// starts again, or is not there yet at start-up. The process must stay up, answer 201 or 503 (with
// Retry-After) and nothing else, recover by itself, and never lose a lead it acknowledged. The
// instance is the test's own (tests/helpers/private-postgres.ts): the shared cluster is never stopped.

const DATABASE = "agency";
const CLIENTS = 20;

let postgres: PrivatePostgres;
let server: ServerProcess;
let base: string;

beforeAll(async () => {
  postgres = await createPrivatePostgres();
  await postgres.start();
  await withAdmin((admin) => admin.query(`create database ${DATABASE}`));
  // Rate limits stay on, with room for the load: their counters live in the database too, so the limiter
  // meets the outage first and must answer 503 like the rest.
  server = spawnServer({ DATABASE_URL: postgres.url(DATABASE), RATE_LIMIT_FORMS_MAX: "1000000" });
  base = `http://127.0.0.1:${await server.ready}`;
}, 30_000);

afterAll(async () => {
  // A test that failed while the database was frozen must not leave the server waiting on it.
  if (postgres) postgres.thaw();
  if (server?.alive()) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  await postgres?.destroy();
}, 30_000);

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>, database = "postgres"): Promise<T> {
  const client = new pg.Client({ connectionString: postgres.url(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** How many of `ids` are not in the database. */
async function missingLeads(ids: string[]): Promise<number> {
  const { rows } = await withAdmin(
    (client) =>
      client.query<{ n: number }>("select count(*)::int as n from contact_submissions where id = any($1::uuid[])", [
        ids,
      ]),
    DATABASE,
  );
  return ids.length - rows[0]!.n;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `condition` every 20 ms; fails after `ms` with `what` (a bound, not a timing assertion), or
 * at once when the watched server process has died.
 */
async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  ms = 20_000,
  watched = server,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (!watched.alive())
      throw new Error(`the server process died while waiting for ${what}:\n${watched.stderr().slice(-3000)}`);
    if (Date.now() > deadline)
      throw new Error(
        `gave up waiting for ${what}:\n${watched.logs.slice(-20).join("\n")}\n${postgres.log().slice(-2000)}`,
      );
    await pause(20);
  }
}

type Answer = { status: number; retryAfter: string | null; body: string };

let leadNumber = 0;
async function postLead(url: string): Promise<Answer> {
  leadNumber += 1;
  const response = await fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...validContact, email: `lead-${leadNumber}@example.com`, elapsedMs: 9000 }),
  });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() };
}

/** Is this the documented outage answer: 503, Retry-After, a JSON message? */
function isOutageAnswer(answer: Answer): boolean {
  if (answer.status !== 503 || answer.retryAfter !== String(RETRY_AFTER_SECONDS)) return false;
  const message: unknown = JSON.parse(answer.body).message;
  return typeof message === "string" && message.includes("try again");
}

/**
 * CLIENTS clients posting leads one after another until stop() (or 5,000 posts). Every answer is
 * counted: 201 (acknowledged: its id must be stored), the outage answer, or anything else (a 500,
 * a wrong 503, a socket closed without an answer), which must never happen.
 */
function startLoad(url: string) {
  const tally = { acknowledged: [] as string[], unavailable: 0, other: [] as string[] };
  let stopped = false;
  let posts = 0;
  const client = async () => {
    while (!stopped && posts < 5_000) {
      posts += 1;
      try {
        const answer = await postLead(url);
        if (answer.status === 201) tally.acknowledged.push(JSON.parse(answer.body).id);
        else if (isOutageAnswer(answer)) {
          tally.unavailable += 1;
          await pause(20); // a polite client backs off a little (less than Retry-After, to keep the test short)
        } else tally.other.push(`${answer.status} ${answer.body}`);
      } catch (error) {
        tally.other.push(`no answer: ${String((error as Error).cause ?? error)}`);
      }
    }
  };
  const clients = Promise.all(Array.from({ length: CLIENTS }, client));
  return {
    tally,
    stop: async () => {
      stopped = true;
      await clients;
      return tally;
    },
  };
}

async function get(path: string): Promise<Answer> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() };
}

describe("a database outage under a real server process", () => {
  it("A: PostgreSQL ends the app's sessions three times under 20 concurrent posters: the process stays up, only 201 or 503, no acknowledged lead missing", async () => {
    const load = startLoad(base);
    const terminated: number[] = [];
    try {
      for (let round = 0; round < 3; round += 1) {
        const before = load.tally.acknowledged.length;
        await waitFor(() => load.tally.acknowledged.length >= before + 40, "leads between terminations");
        terminated.push(await postgres.terminateBackends(DATABASE));
      }
      const before = load.tally.acknowledged.length;
      await waitFor(() => load.tally.acknowledged.length >= before + 40, "leads after the last termination");
    } finally {
      await load.stop();
    }
    const tally = load.tally;
    const missing = await missingLeads(tally.acknowledged);
    console.log(
      `outage A (pg_terminate_backend x3, ended ${terminated.join("/")} sessions): ` +
        `acknowledged ${tally.acknowledged.length}, 503 ${tally.unavailable}, other ${tally.other.length}, missing ${missing}`,
    );

    expect(terminated.every((count) => count > 0)).toBe(true);
    expect(server.alive()).toBe(true);
    expect(tally.other).toEqual([]);
    expect(missing).toBe(0);
    expect((await get("/readyz")).status).toBe(200);
  }, 30_000);

  it("B: PostgreSQL stops under load: /readyz 503, posts 503 with Retry-After, /healthz 200; it starts again and the server recovers by itself", async () => {
    const load = startLoad(base);
    try {
      await waitFor(() => load.tally.acknowledged.length >= 40, "leads before the stop");
      await postgres.stop();
      const unavailableBefore = load.tally.unavailable;

      const ready = await get("/readyz");
      expect(ready.status).toBe(503);
      expect(ready.retryAfter).toBe(String(RETRY_AFTER_SECONDS));
      expect(JSON.parse(ready.body)).toEqual({ status: "unavailable", message: "The database does not answer" });
      const post = await postLead(base);
      expect(isOutageAnswer(post)).toBe(true);
      expect(JSON.parse(post.body)).toEqual({
        message: "The service is briefly unavailable. Please try again in a few seconds.",
      });
      expect((await get("/healthz")).status).toBe(200);
      await waitFor(
        () => load.tally.unavailable >= unavailableBefore + 40,
        "posts answered 503 while the database is down",
      );
      expect(server.alive()).toBe(true);

      await postgres.start();
      await waitFor(async () => (await get("/readyz")).status === 200, "/readyz to return to 200");
      const afterRestart = load.tally.acknowledged.length;
      await waitFor(() => load.tally.acknowledged.length >= afterRestart + 40, "leads after the restart");
    } finally {
      await load.stop();
      await postgres.start();
    }
    const tally = load.tally;
    const missing = await missingLeads(tally.acknowledged);
    console.log(
      `outage B (pg_ctl stop -m fast, then start): acknowledged ${tally.acknowledged.length}, 503 ${tally.unavailable}, other ${tally.other.length}, missing ${missing}`,
    );

    expect(server.alive()).toBe(true);
    expect(tally.other).toEqual([]);
    expect(missing).toBe(0);
    expect(server.logs.some((line) => line.includes('"level":50'))).toBe(false);
  }, 40_000);

  it("C: started while PostgreSQL is down, the server waits and becomes ready when it starts; with a short limit it exits non-zero saying why", async () => {
    await postgres.stop();
    const patient = spawnServer({
      DATABASE_URL: postgres.url(DATABASE),
      DATABASE_STARTUP_TIMEOUT_SECONDS: "30",
      RATE_LIMIT_FORMS_MAX: "1000000",
    });
    const impatient = spawnServer({ DATABASE_URL: postgres.url(DATABASE), DATABASE_STARTUP_TIMEOUT_SECONDS: "1" });
    try {
      const code = await impatient.exited;
      expect(code).toBe(1);
      expect(impatient.stderr()).toMatch(
        /^The database did not answer: gave up after \d+ attempt\(s\) in 1 s \(DATABASE_STARTUP_TIMEOUT_SECONDS=1\)\. Last error: ECONNREFUSED/,
      );

      const retries = () =>
        patient.logs.filter((line) => line.includes("the database does not answer yet; retrying")).length;
      await waitFor(() => retries() >= 3, "the waiting server to retry", 20_000, patient);
      expect(patient.alive()).toBe(true);
      expect(patient.logs.some((line) => line.includes('"level":40') && line.includes("ECONNREFUSED"))).toBe(true);

      await postgres.start();
      const url = `http://127.0.0.1:${await patient.ready}`;
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);
      const posted = await postLead(url);
      expect(posted.status).toBe(201);
      const missing = await missingLeads([JSON.parse(posted.body).id]);
      console.log(
        `outage C (start-up before the database): ${retries()} retries logged, then ready; acknowledged 1, missing ${missing}; DATABASE_STARTUP_TIMEOUT_SECONDS=1 exited ${code}`,
      );
      expect(missing).toBe(0);
    } finally {
      for (const child of [patient, impatient]) {
        if (child.alive()) {
          child.child.kill("SIGTERM");
          await child.exited;
        }
      }
    }
  }, 45_000);

  it("D: the database freezes (SIGSTOP, like a hung host): /readyz answers 503 within its time limit instead of hanging; thawed, 200 again", async () => {
    expect((await get("/readyz")).status).toBe(200);
    postgres.freeze();
    try {
      // Unbounded, this request would wait as long as the database stays frozen (the test's own timeout).
      const ready = await get("/readyz");
      expect(ready.status).toBe(503);
      expect(ready.retryAfter).toBe(String(RETRY_AFTER_SECONDS));
      // The log line travels through a pipe and may arrive after the answer.
      await waitFor(
        () => server.logs.some((line) => line.includes("the readiness check took longer than")),
        "the readiness timeout in the log",
      );
    } finally {
      postgres.thaw();
    }
    await waitFor(async () => (await get("/readyz")).status === 200, "/readyz to return to 200 after the thaw");
    expect(server.alive()).toBe(true);
  }, 20_000);
});
