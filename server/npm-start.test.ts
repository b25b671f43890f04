import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";

// Issue 35, point 4: the README's `npm start` is a process a supervisor can stop. npm runs a script through
// `sh -c`; without `exec` the shell stayed between npm and node, npm's SIGTERM never reached node, and node
// went on listening as an orphan. Here package.json's own start script runs in a folder whose
// dist/server/server.js is a stand-in that listens and says which signal ended it (the real server's stop is
// server.test.ts's and shutdown-drain.test.ts's).

const startScript = (
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8")) as {
    scripts: { start: string };
  }
).scripts.start;

const dir = mkdtempSync(join(tmpdir(), "agency-npm-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("npm start ends the server when npm gets SIGTERM: no orphan left listening", async () => {
  mkdirSync(join(dir, "dist", "server"), { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "start-check", private: true, scripts: { start: startScript } }),
  );
  writeFileSync(
    join(dir, "dist", "server", "server.js"),
    `const server = require("node:http").createServer((_, res) => res.end("ok"));
server.listen(0, "127.0.0.1", () => console.log("listening " + server.address().port));
process.on("SIGTERM", () => { console.log("SIGTERM reached the server"); server.close(() => process.exit(0)); });
`,
  );
  const npm = spawn("npm", ["start", "--silent"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const port = await new Promise<number>((resolve, reject) => {
    npm.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    npm.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    npm.once("exit", () => reject(new Error(`npm start ended before listening:\n${out}`)));
  });
  expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);

  // "close": npm has exited and every holder of its output too (the server inherits it).
  const closed = new Promise<void>((resolve) => npm.once("close", () => resolve()));
  npm.kill("SIGTERM");
  await closed;
  expect(out).toContain("SIGTERM reached the server");
  // Nothing listens on the port any more.
  const refused = await fetch(`http://127.0.0.1:${port}/`).then(
    () => false,
    () => true,
  );
  expect(refused).toBe(true);
}, 30_000);
