import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess } from "../tests/helpers/server-process.ts";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-database.ts";

// What the real process says at start-up about settings that leave it open (issue 32): links in e-mails
// while SITE_ORIGIN is unset (finding 3) and a TRUST_PROXY hop count on an address other machines reach
// (finding 12). On SQLite and on PostgreSQL.

type LogLine = { level: number; msg: string };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** Starts the process with `env`, answers its port and its log lines up to "server ready", stops it. */
async function startUp(env: NodeJS.ProcessEnv): Promise<{ port: number; logs: LogLine[] }> {
  const server = await startServerProcess(database.database, env);
  server.child.kill("SIGTERM");
  await server.exited;
  return {
    port: server.port,
    logs: server.logs.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as LogLine),
  };
}

const warnings = (logs: LogLine[], about: string) =>
  logs.filter((line) => line.level === 40 && line.msg.includes(about)).map((line) => line.msg);

describe("start-up warnings", { timeout: 60_000 }, () => {
  it("SITE_ORIGIN unset and TRUST_PROXY=1 on HOST=0.0.0.0: one line each, the links' origin with the port in use", async () => {
    const { port, logs } = await startUp({ SITE_ORIGIN: "", TRUST_PROXY: "1", HOST: "0.0.0.0" });
    expect(logs.some((line) => line.msg === "server ready")).toBe(true);
    const origin = warnings(logs, "SITE_ORIGIN");
    expect(origin).toHaveLength(1);
    expect(origin[0]).toContain(`point to http://localhost:${port};`);
    const proxy = warnings(logs, "TRUST_PROXY=1");
    expect(proxy).toHaveLength(1);
    expect(proxy[0]).toMatch(/HOST=0\.0\.0\.0.*bind HOST=127\.0\.0\.1/);
  });

  it("SITE_ORIGIN set and TRUST_PROXY=1 on loopback: neither", async () => {
    const { logs } = await startUp({ SITE_ORIGIN: "https://www.agency.example", TRUST_PROXY: "1", HOST: "127.0.0.1" });
    expect(logs.some((line) => line.msg === "server ready")).toBe(true);
    expect(warnings(logs, "SITE_ORIGIN")).toEqual([]);
    expect(warnings(logs, "TRUST_PROXY")).toEqual([]);
  });
});
