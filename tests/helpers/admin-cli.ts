import type { ServerConfig } from "../../server/config.ts";
import { runProcess } from "./run-process.ts";
import { databaseEnv } from "./server-process.ts";

// `npm run admin -- <args>` as an operator runs it (a process of its own, through tsx), on a test database.
// Asynchronous: a test may keep a load going in its own event loop while the command runs.

/** The command line of the CLI from the sources, as the tests run it. */
export const ADMIN_CLI = [process.execPath, "--import", "tsx", "server/cli/admin.ts"] as const;

export type AdminCliResult = { code: number | null; out: string; ms: number };

export async function runAdminCli(
  args: string[],
  database: ServerConfig["database"],
  options: { env?: NodeJS.ProcessEnv; uid?: number; gid?: number } = {},
): Promise<AdminCliResult> {
  const started = Date.now();
  const { code, out } = await runProcess(ADMIN_CLI[0], [...ADMIN_CLI.slice(1), ...args], {
    env: {
      ...process.env,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      ...databaseEnv(database),
      ...options.env,
    },
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid ?? options.uid }),
  });
  return { code, out, ms: Date.now() - started };
}
