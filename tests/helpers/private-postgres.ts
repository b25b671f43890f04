import { execFile, execFileSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./free-port.ts";

// A PostgreSQL instance of a test's own (initdb + pg_ctl in a temp folder, on a free port), for tests
// that stop, start or break the database: the shared cluster on 5432 must never be touched that way.

const run = promisify(execFile);

/** The newest installed server binaries (Debian/Ubuntu layout: /usr/lib/postgresql/<version>/bin). */
function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error(`no PostgreSQL server binaries (initdb, pg_ctl) under ${root}; install the postgresql package`);
  return join(root, newest, "bin");
}

export type PrivatePostgres = {
  port: number;
  /** Connection URL of `database` on this instance (user postgres, trust auth). */
  url: (database: string) => string;
  /** Starts the server unless it runs. */
  start: () => Promise<void>;
  /** A fast stop, unless it is stopped: sessions are ended (57P01), new connections refused until start(). */
  stop: () => Promise<void>;
  /** Freezes every process of the instance (SIGSTOP), like a hung host: connections stay open, nothing answers. */
  freeze: () => void;
  /** Lets a frozen instance run again (SIGCONT). */
  thaw: () => void;
  /** Ends every other session on `database` (pg_terminate_backend); returns how many it ended. */
  terminateBackends: (database: string) => Promise<number>;
  /** The server's own log, for failure messages. */
  log: () => string;
  destroy: () => Promise<void>;
};

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), "agency-private-pg-"));
  const data = join(dir, "data");
  const logFile = join(dir, "server.log");
  // PostgreSQL refuses to run as root: as root, the folder goes to the postgres user, who runs the tools.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const tool = (name: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", join(bin, name), ...args]) : run(join(bin, name), args);

  const port = await freePort();
  await tool("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "--encoding=UTF8", "--locale=C"]);
  // A scratch instance: durability against power cuts does not matter, speed does.
  appendFileSync(
    join(data, "postgresql.conf"),
    `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nfsync = off\nfull_page_writes = off\n`,
  );

  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let running = false;
  /** The postmaster (first line of postmaster.pid) and its children. */
  const signalAll = (signal: NodeJS.Signals) => {
    const postmaster = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(postmaster)])
      .toString()
      .split("\n")
      .filter((line) => line.trim() !== "");
    for (const pid of [postmaster, ...children.map(Number)]) process.kill(pid, signal);
  };
  const instance: PrivatePostgres = {
    port,
    url,
    start: async () => {
      if (running) return;
      await tool("pg_ctl", ["-D", data, "-l", logFile, "-w", "-t", "30", "start"]);
      running = true;
    },
    stop: async () => {
      if (!running) return;
      await tool("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
      running = false;
    },
    freeze: () => signalAll("SIGSTOP"),
    thaw: () => {
      if (!running) return;
      try {
        signalAll("SIGCONT");
      } catch {
        // Nothing left to thaw (the instance has gone): the same outcome.
      }
    },
    terminateBackends: async (database) => {
      const admin = new pg.Client({ connectionString: url("postgres") });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>(
          "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [database],
        );
        return rows.filter((row) => row.ended).length;
      } finally {
        await admin.end();
      }
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
    destroy: async () => {
      instance.thaw();
      await tool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return instance;
}
