import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import pg from "pg";
import { checkHtml, javaProblem } from "./check-html.ts";
import { dovecotProblem, IMAP_TEST_FILES } from "../tests/helpers/imap-prerequisite.ts";

// `npm test`: every suite, one after another, then one summary. Suites whose prerequisite is missing
// (PostgreSQL, the system Chromium, Java for the HTML checker, dovecot for the replies received over IMAP) are skipped with the reason printed at the
// end, unless CI=true or REQUIRE_ALL_TESTS=1, where a missing prerequisite fails the run.

const required = process.env.CI === "true" || process.env.REQUIRE_ALL_TESTS === "1";
const postgresUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

type Outcome =
  | { suite: string; status: "ran"; passed: number; failed: number; skipped: number; exitCode: number }
  | { suite: string; status: "skipped"; reason: string };

const outcomes: Outcome[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

function runVitest(suite: string, project: string, env: NodeJS.ProcessEnv = {}) {
  const report = `test-results/vitest-${project}.json`;
  rmSync(report, { force: true });
  const exitCode = run("npx", ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], env);
  const json = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(report);
  outcomes.push({
    suite,
    status: "ran",
    passed: json?.numPassedTests ?? 0,
    failed: json ? json.numFailedTests : 1,
    skipped: (json?.numPendingTests ?? 0) + (json?.numTodoTests ?? 0),
    exitCode,
  });
}

async function postgresProblem(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return `PostgreSQL did not answer at ${postgresUrl.replace(/:[^:@/]*@/, ":***@")} (${(error as Error).message}); start it or set TEST_POSTGRES_URL`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function skip(suite: string, reason: string) {
  outcomes.push({ suite, status: "skipped", reason });
}

/** A fresh database for the browser tests' PostgreSQL server, and how to drop it afterwards. */
async function createE2eDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `agency_e2e_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function main() {
  runVitest("unit", "unit");
  // Without dovecot the API suites run without the IMAP tests (vitest.config.ts leaves them out), and that
  // part is reported as skipped.
  const imapProblem = dovecotProblem();
  const imapEnv = imapProblem ? { SKIP_IMAP_TESTS: "1" } : {};
  runVitest("api on SQLite", "api-sqlite", imapEnv);

  const pgProblem = await postgresProblem();
  if (pgProblem) skip("api on PostgreSQL", pgProblem);
  else runVitest("api on PostgreSQL", "api-postgres", imapEnv);
  if (imapProblem) skip("replies over IMAP", `${imapProblem} (${IMAP_TEST_FILES.join(", ")} did not run)`);

  // The browser tests' build (build-e2e/, as deployed: with an analytics ID) serves two suites: the HTML
  // checker reads its pages, Playwright drives them.
  const chromiumMissing = existsSync(chromiumPath)
    ? undefined
    : `no Chromium at ${chromiumPath}; install the Debian package "chromium" or set CHROMIUM_PATH`;
  const javaMissing = javaProblem();
  const built = chromiumMissing && javaMissing ? false : run("npm", ["run", "build:e2e"]) === 0;
  const couldNotRun = (suite: string) => outcomes.push({ suite, status: "ran", passed: 0, failed: 1, skipped: 0, exitCode: 1 });

  if (javaMissing) {
    skip("valid HTML (vnu)", javaMissing);
  } else if (!built) {
    couldNotRun("valid HTML (vnu)");
  } else {
    // One test per page: a page passes when vnu finds no HTML error in it.
    console.log("\n$ vnu over build-e2e/client");
    try {
      const { pages, errors } = checkHtml("build-e2e/client");
      const failedPages = new Set(errors.map((error) => error.file)).size;
      outcomes.push({ suite: "valid HTML (vnu)", status: "ran", passed: pages.length - failedPages, failed: failedPages, skipped: 0, exitCode: failedPages > 0 ? 1 : 0 });
    } catch (error) {
      console.log((error as Error).message);
      couldNotRun("valid HTML (vnu)");
    }
  }

  if (chromiumMissing) {
    skip("browser (Playwright)", chromiumMissing);
  } else if (!built) {
    couldNotRun("browser (Playwright)");
  } else {
    const report = "test-results/playwright.json";
    rmSync(report, { force: true });
    // With PostgreSQL, the tests tagged @both-databases also run against a server on a database of their own.
    const e2eDatabase = pgProblem ? undefined : await createE2eDatabase();
    const exitCode = run("npx", ["playwright", "test"], e2eDatabase ? { E2E_DATABASE_URL: e2eDatabase.url } : {});
    await e2eDatabase?.drop();
    const stats = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(report)?.stats;
    outcomes.push({
      suite: "browser (Playwright)",
      status: "ran",
      passed: stats?.expected ?? 0,
      failed: stats ? stats.unexpected + stats.flaky : 1,
      skipped: stats?.skipped ?? 0,
      exitCode,
    });
  }

  console.log("\nTest summary");
  let passed = 0;
  let failed = 0;
  let skippedTests = 0;
  let ok = true;
  for (const outcome of outcomes) {
    if (outcome.status === "skipped") {
      console.log(`  ${outcome.suite.padEnd(22)} SKIPPED: ${outcome.reason}`);
      if (required) ok = false;
      continue;
    }
    passed += outcome.passed;
    failed += outcome.failed;
    skippedTests += outcome.skipped;
    if (outcome.exitCode !== 0 || outcome.failed > 0) ok = false;
    const verdict = outcome.exitCode === 0 ? "" : `  (exit code ${outcome.exitCode})`;
    console.log(`  ${outcome.suite.padEnd(22)} ${outcome.passed} passed, ${outcome.failed} failed, ${outcome.skipped} skipped${verdict}`);
  }
  const skippedSuites = outcomes.filter((o) => o.status === "skipped");
  if (skippedSuites.length > 0) {
    console.log(
      required
        ? `\nFAILED: ${skippedSuites.length} suite(s) could not run, and CI=true / REQUIRE_ALL_TESTS=1 makes them mandatory.`
        : `\nWARNING: ${skippedSuites.length} suite(s) were SKIPPED (see above); this run does not prove them.`,
    );
  }
  for (const outcome of outcomes) {
    if (outcome.status === "ran" && outcome.exitCode !== 0 && outcome.failed === 0) {
      console.log(`\nFAILED: ${outcome.suite} exited with code ${outcome.exitCode} although no test failed (an error outside the tests, shown in its output above).`);
    }
  }
  if (passed === 0) ok = false;
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skippedTests} skipped`);
  process.exit(ok ? 0 : 1);
}

void main();
