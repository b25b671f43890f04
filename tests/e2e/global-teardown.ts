import { rmSync } from "node:fs";
import { dirname } from "node:path";

/** Removes the run's SQLite folder (both servers' files and their WAL companions). */
export default function globalTeardown() {
  const path = process.env.E2E_SQLITE_PATH;
  if (path) rmSync(dirname(path), { recursive: true, force: true });
}
