import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runProcess, type ProcessResult } from "../tests/helpers/run-process.ts";

// Issue 35, point 5: `npm run admin` works in a production install (`npm ci`, `npm run build`, `npm prune
// --omit=dev`), where tsx, a dev dependency, is gone: it runs the compiled CLI when the build made one, the
// same build as the server it manages, and the TypeScript sources through tsx in a checkout never built.
// package.json's own script runs here in folders that stand for each case; the CLI's commands themselves are
// tested in server/backup/ and server/cli/.

const adminScript = (
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8")) as {
    scripts: { admin: string };
  }
).scripts.admin;

const root = mkdtempSync(join(tmpdir(), "agency-npm-run-admin-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder with package.json's admin script and what `files` puts there. */
function install(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, scripts: { admin: adminScript } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
    if (path.includes(".bin/")) chmodSync(join(dir, path), 0o755);
  }
  return dir;
}

function npmRunAdmin(dir: string, args: string[]): Promise<ProcessResult> {
  return runProcess("npm", ["run", "--silent", "admin", "--", ...args], { cwd: dir });
}

const args = ["backup", "/srv/agency/data/backups/before update.backup", "--force"];
const echo = (who: string) =>
  `console.log(${JSON.stringify(who)} + " " + JSON.stringify(process.argv.slice(2))); process.exitCode = 5;\n`;

describe("npm run admin", () => {
  it("runs the compiled CLI in a production install (no tsx), with every argument as given and its exit code", async () => {
    const dir = install("production", { "dist/server/cli/admin.js": echo("compiled") });
    const run = await npmRunAdmin(dir, args);
    expect(run.out).toContain(`compiled ${JSON.stringify(args)}`);
    expect(run.out).not.toMatch(/tsx: not found/);
    expect(run.code).toBe(5);
  });

  it("runs the TypeScript sources through tsx in a checkout that was never built", async () => {
    const dir = install("development", {
      "node_modules/.bin/tsx": `#!/usr/bin/env node\nconsole.log("tsx " + process.argv[2]); process.argv.splice(2, 1);\n${echo("sources")}`,
    });
    const run = await npmRunAdmin(dir, args);
    expect(run.out).toContain("tsx server/cli/admin.ts");
    expect(run.out).toContain(`sources ${JSON.stringify(args)}`);
    expect(run.code).toBe(5);
  });
});
