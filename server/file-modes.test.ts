import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCli } from "../tests/helpers/admin-cli.ts";
import { startServerProcess, type StartedServer } from "../tests/helpers/server-process.ts";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-database.ts";

// Issue 32, finding 10: under the common umask 022 the live SQLite file, its -wal and -shm, and the .eml
// files of MAIL_TRANSPORT=files (a password reset's carries its link) were 0644, readable by every user
// of the machine. The real server process, started under umask 022, creates each of them 0600 and their
// folders 0700, and makes a database file an older release left 0644 private. The mail files on both
// databases; the SQLite files on SQLite (the older file's case in both projects: it is the test's own).

const ADMIN = { email: "owner@example.com", password: "correct horse battery staple" };
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8).padStart(4, "0");

let dir: string;
let database: TestDatabase;
let umask: number;
beforeAll(async () => {
  // The tests run in a child process of their own (vitest's forks pool): the umask is the test's to set, and
  // the server process inherits it.
  umask = process.umask(0o022);
  dir = mkdtempSync(join(tmpdir(), "file-modes-"));
  database = await createTestDatabase();
});
afterAll(async () => {
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
  await database.drop();
});

async function stop(server: StartedServer) {
  server.child.kill("SIGTERM");
  await server.exited;
}

/** Waits until the folder holds an .eml file and answers its path. */
async function firstMailIn(folder: string): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const found = existsSync(folder) ? readdirSync(folder).find((name) => name.endsWith(".eml")) : undefined;
    if (found) return join(folder, found);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no .eml file in ${folder}`);
}

describe("files the server writes are its user's only, under umask 022", { timeout: 60_000 }, () => {
  it("the database (SQLite: the file, -wal and -shm), a reset's .eml file and a backup are 0600, their folders 0700", async () => {
    const data = join(dir, "data");
    const sqlitePath = join(data, "agency.sqlite");
    const mailDir = join(data, "mail");
    const databaseEnv =
      database.database.kind === "sqlite"
        ? { DATABASE_URL: "", SQLITE_PATH: sqlitePath }
        : { DATABASE_URL: database.database.url };
    const server = await startServerProcess(database.database, {
      ...databaseEnv,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      MAIL_TRANSPORT: "files",
      MAIL_FILES_DIR: mailDir,
      MAIL_FROM: "Agency <leads@agency.example>",
      RATE_LIMIT_ENABLED: "false",
    });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/admin/password-reset`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: ADMIN.email }),
      });
      expect(response.status).toBe(202);
      const eml = await firstMailIn(mailDir);
      expect(modeOf(eml)).toBe("0600");
      expect(modeOf(mailDir)).toBe("0700");
      if (database.database.kind === "sqlite") {
        expect(modeOf(data)).toBe("0700");
        // While the server runs in WAL mode, all three exist.
        for (const file of [sqlitePath, `${sqlitePath}-wal`, `${sqlitePath}-shm`])
          expect(`${file} ${modeOf(file)}`).toBe(`${file} 0600`);
      }
    } finally {
      await stop(server);
    }
    // A backup holds every lead too (server/backup/files.ts creates it 0600 before writing).
    const backup = join(dir, "agency.backup");
    const backedUp = await runAdminCli(
      ["backup", backup],
      database.database.kind === "sqlite" ? { kind: "sqlite", path: sqlitePath } : database.database,
    );
    expect(backedUp.code, backedUp.out).toBe(0);
    expect(modeOf(backup)).toBe("0600");
  });

  // On SQLite whichever project runs it: the file is the test's own.
  it("an SQLite file an older release left 0644 is made 0600", async () => {
    const sqlitePath = join(dir, "older.sqlite");
    // An empty file is an empty SQLite database.
    writeFileSync(sqlitePath, "", { mode: 0o644 });
    expect(modeOf(sqlitePath)).toBe("0644");
    const server = await startServerProcess({ kind: "sqlite", path: sqlitePath });
    try {
      for (const file of [sqlitePath, `${sqlitePath}-wal`, `${sqlitePath}-shm`])
        expect(`${file} ${modeOf(file)}`).toBe(`${file} 0600`);
    } finally {
      await stop(server);
    }
  });
});
