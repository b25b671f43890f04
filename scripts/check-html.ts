import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// Valid HTML (issue 22): the W3C Nu checker (vnu, npm package vnu-jar) over every .html file of a build,
// in one JVM run, failing on any HTML error. `npm test` runs it on the browser tests' build (build-e2e/);
// by hand: `npx tsx scripts/check-html.ts [client dir]` (default build/client).
// vnu needs Java 11 or later on the PATH (Debian: default-jre-headless); the package's own downloader is
// not used, so a missing Java is reported, never fetched behind the test's back.

export const JAVA_HINT =
  'install Java 11 or later (Debian: apt-get install default-jre-headless) so that "java" is on the PATH';

/** What vnu's --format json reports for one message (the fields we read). */
type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
};

export type HtmlError = { file: string; line: number | undefined; column: number | undefined; message: string };

/**
 * The HTML errors in vnu's JSON report, with CSS messages left out: vnu's CSS checker predates the CSS
 * Tailwind 4 writes (@property, @layer with @supports, newer properties such as margin-trim), so every
 * page's inlined stylesheet would fail on valid CSS. Everything else that is not info (a page vnu could
 * not read, "non-document-error", included) counts.
 */
export function htmlErrorsOf(report: string, clientDir: string): HtmlError[] {
  const { messages } = JSON.parse(report) as { messages: VnuMessage[] };
  return messages
    .filter((message) => message.type !== "info" && !message.message.startsWith("CSS:"))
    .map((message) => ({
      file: message.url ? relative(clientDir, fileURLToPath(message.url)) : "(no file)",
      line: message.lastLine,
      column: message.firstColumn,
      message: message.message,
    }));
}

/** Every .html file under dir, relative to it. */
export function htmlFilesIn(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[])
    .filter((file) => file.endsWith(".html"))
    .sort();
}

/** Why vnu cannot run here, or undefined when Java answers. */
export function javaProblem(): string | undefined {
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (result.error || result.status !== 0)
    return `no working "java" command (${result.error?.message ?? `exit code ${result.status}`}); ${JAVA_HINT}`;
  return undefined;
}

export type HtmlCheck = { pages: string[]; errors: HtmlError[]; seconds: number };

/** Runs vnu once over every .html file under clientDir and prints each HTML error as file:line:column. */
export function checkHtml(clientDir: string): HtmlCheck {
  const dir = resolve(clientDir);
  const pages = htmlFilesIn(dir);
  if (pages.length === 0) throw new Error(`check-html: no .html files under ${dir}; build the site first`);
  const jar = String(createRequire(import.meta.url)("vnu-jar"));
  const started = performance.now();
  const result = spawnSync(
    "java",
    ["-jar", jar, "--errors-only", "--format", "json", "--stdout", ...pages.map((page) => join(dir, page))],
    {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  // vnu exits 1 when it reports errors (CSS ones too); only an unreadable report means it did not run.
  if (result.error || !result.stdout.trim().startsWith("{")) {
    throw new Error(
      `check-html: vnu did not run (${result.error?.message ?? `exit code ${result.status}`}): ${result.stderr}`,
    );
  }
  const errors = htmlErrorsOf(result.stdout, dir);
  for (const error of errors)
    console.log(`${join(clientDir, error.file)}:${error.line ?? "?"}:${error.column ?? "?"}: ${error.message}`);
  const failedPages = new Set(errors.map((error) => error.file)).size;
  console.log(
    `check-html: ${pages.length} pages checked in ${seconds.toFixed(1)} s: ${errors.length} HTML errors on ${failedPages} pages (CSS messages not counted)`,
  );
  return { pages, errors, seconds };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problem = javaProblem();
  if (problem) {
    console.error(`check-html: ${problem}`);
    process.exit(1);
  }
  const { errors } = checkHtml(process.argv[2] ?? "build/client");
  process.exit(errors.length === 0 ? 0 : 1);
}
