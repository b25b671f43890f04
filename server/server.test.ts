import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-database.ts";

// The real process: started as `npm start` would (through tsx here, no build needed), stopped by
// signals while a request is in flight.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

type Running = { child: ChildProcess; port: number; logs: string[] };

async function startServer(): Promise<Running> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    CLIENT_DIR: "/nonexistent-client-dir",
    DATABASE_URL: database.database.kind === "postgres" ? database.database.url : "",
    SQLITE_PATH: database.database.kind === "sqlite" ? database.database.path : "unused.sqlite",
  };
  if (!env.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  const logs: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join("")}`)), 20_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        logs.push(line);
        const match = /"msg":"server ready"/.test(line) && /"address":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${logs.join("")}`)));
  });
  return { child, port, logs };
}

describe.each(["SIGTERM", "SIGINT"] as const)("on %s", (signal) => {
  it("finishes the request in flight, stops accepting, closes the database and exits 0", async () => {
    const server = await startServer();
    const body = JSON.stringify({ firstName: "Late", lastName: "Lead", email: "late@example.com", phone: "555 123 0000" });

    // Start a request and send only half of its body, so it is in flight when the signal arrives.
    const inFlight = request({
      host: "127.0.0.1",
      port: server.port,
      method: "POST",
      path: "/api/contact",
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      inFlight.on("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
      inFlight.on("error", reject);
    });
    inFlight.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exited = once(server.child, "exit");
    server.child.kill(signal);
    await new Promise((resolve) => setTimeout(resolve, 300));

    // A new connection is refused while the old request is still being served.
    const refused = await fetch(`http://127.0.0.1:${server.port}/healthz`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);

    inFlight.end(body.slice(20));
    const result = await answered;
    expect(result.status).toBe(201);
    expect(JSON.parse(result.text).id).toMatch(/^[0-9a-f-]{36}$/);

    const [code] = await exited;
    expect(code).toBe(0);
    const logs = server.logs.join("");
    expect(logs).toContain("stopping");
    expect(logs).toContain("database closed");
  }, 30_000);
});
