import { request } from "node:http";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess } from "../tests/helpers/server-process.ts";
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

// With no grace period (SHUTDOWN_GRACE_SECONDS=0; SIGINT never has one): the drain before it is in
// shutdown-drain.test.ts.
describe.each(["SIGTERM", "SIGINT"] as const)("on %s", (signal) => {
  it("finishes the request in flight, stops accepting, closes the database and exits 0", async () => {
    const server = await startServerProcess(database.database, { SHUTDOWN_GRACE_SECONDS: "0" });
    const body = JSON.stringify({
      firstName: "Late",
      lastName: "Lead",
      email: "late@example.com",
      phone: "555 123 0000",
    });

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
