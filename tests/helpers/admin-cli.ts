import { spawn } from "node:child_process";
import type { ServerConfig } from "../../server/config.ts";
import { databaseEnv } from "./server-process.ts";

// `npm run admin -- <args>` as an operator runs it (a process of its own, through tsx), on a test database.
// Asynchronous: a test may keep a load going in its own event loop while the command runs.

export type AdminCliResult = { code: number | null; out: string; ms: number };

export function runAdminCli(
  args: string[],
  database: ServerConfig["database"],
  options: { env?: NodeJS.ProcessEnv; uid?: number; gid?: number } = {},
): Promise<AdminCliResult> {
  const started = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/cli/admin.ts", ...args], {
    env: {
      ...process.env,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      ...databaseEnv(database),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid ?? options.uid }),
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, out, ms: Date.now() - started }));
  });
}
