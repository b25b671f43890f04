import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { createInterface } from "node:readline";
import pg from "pg";
import { javaProblem } from "./check-html.ts";
import { dovecotProblem, IMAP_TEST_FILES } from "../tests/helpers/imap-prerequisite.ts";
import { readTestArguments, testUsage } from "./test-usage.ts";
import { asPostgresAdmin, postgresAdminUrl as postgresUrl, postgresUrlOf } from "../tests/helpers/test-database.ts";

// `npm test`: every suite, then one summary. Suites whose prerequisite is missing (PostgreSQL, the system
// Chromium, Java for the HTML checker, dovecot for the replies received over IMAP) are skipped with the reason
// printed at the end, unless CI=true or REQUIRE_ALL_TESTS=1, where a missing prerequisite fails the run.
//
// With four cores or more, two lanes run side by side: the Vitest suites (unit, then the API on SQLite, then on
// PostgreSQL, then the HTML checker over the browser build), and the browser lane (the build, then Playwright).
// Each line of output is prefixed with its suite's name. On two cores they run one after another: side by side
// there (issue 34's trial on a 2-core machine) the API suite on SQLite alone took 1,190 s, where every suite one
// after another had taken 1,304 s,
// the load average stayed near 10, and tests that wait for real servers timed out. TEST_LANES=1 or 2 chooses.

const required = process.env.CI === "true" || process.env.REQUIRE_ALL_TESTS === "1";
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

type Outcome =
  | { suite: string; status: "ran"; passed: number; failed: number; skipped: number; exitCode: number }
  | { suite: string; status: "skipped"; reason: string };

const outcomes: Outcome[] = [];

/**
 * Runs a command, each line of its output prefixed with the suite's name (and handed to `onLine` when given);
 * resolves to its exit code.
 */
function run(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  onLine?: (line: string) => void,
): Promise<number> {
  console.log(`[${label}] $ ${[command, ...args].join(" ")}`);
  const child = spawn(command, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: "0", ...env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      onLine?.(line);
      console.log(`[${label}] ${line}`);
    });
  }
  return new Promise((resolve) => {
    child.on("error", (error) => {
      console.log(`[${label}] could not start: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

async function runVitest(suite: string, project: string, env: NodeJS.ProcessEnv = {}) {
  const report = `test-results/vitest-${project}.json`;
  rmSync(report, { force: true });
  const exitCode = await run(
    project,
    "npx",
    ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    env,
  );
  const json = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  }>(report);
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
  await asPostgresAdmin((client) => client.query(`create database ${name}`));
  return {
    url: postgresUrlOf(name),
    drop: async () => {
      await asPostgresAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** One line per page: a page passes when vnu finds no HTML error in it (scripts/check-html.ts prints the count). */
async function runHtmlCheck() {
  const lines: string[] = [];
  const exitCode = await run("vnu", "npx", ["tsx", "scripts/check-html.ts", "build-e2e/client"], {}, (line) =>
    lines.push(line),
  );
  const summary = lines
    .map((line) => /check-html: (\d+) pages checked .*: \d+ HTML errors on (\d+) pages/.exec(line))
    .find(Boolean);
  if (!summary) {
    outcomes.push({
      suite: "valid HTML (vnu)",
      status: "ran",
      passed: 0,
      failed: 1,
      skipped: 0,
      exitCode: exitCode || 1,
    });
    return;
  }
  const [pages, failedPages] = [Number(summary[1]), Number(summary[2])];
  outcomes.push({
    suite: "valid HTML (vnu)",
    status: "ran",
    passed: pages - failedPages,
    failed: failedPages,
    skipped: 0,
    exitCode,
  });
}

type TimedTest = { suite: string; name: string; seconds: number };

/** Every test's time in the reports the suites wrote, for the ten slowest printed at the end. */
function timedTests(): TimedTest[] {
  const timed: TimedTest[] = [];
  type VitestReport = {
    testResults: { name: string; assertionResults: { fullName: string; duration?: number | null }[] }[];
  };
  for (const project of ["unit", "api-sqlite", "api-postgres"]) {
    for (const file of readJson<VitestReport>(`test-results/vitest-${project}.json`)?.testResults ?? []) {
      for (const test of file.assertionResults) {
        const where = file.name.replace(`${process.cwd()}/`, "");
        timed.push({ suite: project, name: `${where} › ${test.fullName}`, seconds: (test.duration ?? 0) / 1000 });
      }
    }
  }
  type PlaywrightSuite = {
    file?: string;
    specs?: { title: string; file: string; tests: { projectName: string; results: { duration: number }[] }[] }[];
    suites?: PlaywrightSuite[];
  };
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const seconds = test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
        timed.push({ suite: test.projectName, name: `${spec.file} › ${spec.title}`, seconds });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of readJson<{ suites: PlaywrightSuite[] }>("test-results/playwright.json")?.suites ?? [])
    walk(suite);
  return timed.sort((a, b) => b.seconds - a.seconds);
}

async function main() {
  const given = readTestArguments(process.argv.slice(2));
  if (given.action === "help") {
    console.log(testUsage);
    process.exit(0);
  }
  if (given.action === "refuse") {
    console.error(given.message);
    process.exit(2);
  }
  const started = Date.now();
  // Without dovecot the API suites run without the IMAP tests (vitest.config.ts leaves them out), and that
  // part is reported as skipped.
  const imapProblem = dovecotProblem();
  const imapEnv = imapProblem ? { SKIP_IMAP_TESTS: "1" } : {};
  const pgProblem = await postgresProblem();
  const chromiumMissing = existsSync(chromiumPath)
    ? undefined
    : `no Chromium at ${chromiumPath}; install the Debian package "chromium" or set CHROMIUM_PATH`;
  const javaMissing = javaProblem();
  const couldNotRun = (suite: string) =>
    outcomes.push({ suite, status: "ran", passed: 0, failed: 1, skipped: 0, exitCode: 1 });

  // The browser tests' build (build-e2e/, as deployed: with an analytics ID) serves two suites: the HTML
  // checker reads its pages, Playwright drives them.
  const needBuild = !(chromiumMissing && javaMissing);
  // Started by whichever suite needs it first, once: whether it succeeded.
  let build: Promise<boolean> | undefined;
  const built = () =>
    (build ??= needBuild
      ? run("build", "npm", ["run", "build:e2e"]).then((code) => code === 0)
      : Promise.resolve(false));

  const vitestLane = async () => {
    await runVitest("unit", "unit");
    await runVitest("api on SQLite", "api-sqlite", imapEnv);
    if (pgProblem) skip("api on PostgreSQL", pgProblem);
    else await runVitest("api on PostgreSQL", "api-postgres", imapEnv);
    if (imapProblem) skip("replies over IMAP", `${imapProblem} (${IMAP_TEST_FILES.join(", ")} did not run)`);
    if (javaMissing) skip("valid HTML (vnu)", javaMissing);
    else if (!(await built())) couldNotRun("valid HTML (vnu)");
    else await runHtmlCheck();
  };

  const browserLane = async () => {
    const buildDone = built();
    if (chromiumMissing) {
      skip("browser (Playwright)", chromiumMissing);
      return;
    }
    if (!(await buildDone)) {
      couldNotRun("browser (Playwright)");
      return;
    }
    const report = "test-results/playwright.json";
    rmSync(report, { force: true });
    // With PostgreSQL, the tests tagged @both-databases also run against a server on a database of their own.
    const e2eDatabase = pgProblem ? undefined : await createE2eDatabase();
    const exitCode = await run(
      "playwright",
      "npx",
      ["playwright", "test"],
      e2eDatabase ? { E2E_DATABASE_URL: e2eDatabase.url } : {},
    );
    await e2eDatabase?.drop();
    const stats = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
      report,
    )?.stats;
    outcomes.push({
      suite: "browser (Playwright)",
      status: "ran",
      passed: stats?.expected ?? 0,
      failed: stats ? stats.unexpected + stats.flaky : 1,
      skipped: stats?.skipped ?? 0,
      exitCode,
    });
  };

  const lanes = process.env.TEST_LANES ? Number(process.env.TEST_LANES) : availableParallelism() >= 4 ? 2 : 1;
  console.log(
    `npm test: ${lanes === 1 ? "one suite after another" : "two lanes side by side"} (TEST_LANES=1 or 2 chooses)`,
  );
  if (lanes === 1) {
    await vitestLane();
    await browserLane();
  } else {
    // The browser lane starts the build at once, so the HTML checker has it by the time the Vitest lane gets there.
    await Promise.all([browserLane(), vitestLane()]);
  }
  console.log(`\nAll suites ran in ${Math.round((Date.now() - started) / 1000)} s. The ten slowest tests:`);
  for (const test of timedTests().slice(0, 10))
    console.log(`  ${test.seconds.toFixed(1).padStart(6)} s  [${test.suite}] ${test.name}`);

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
    console.log(
      `  ${outcome.suite.padEnd(22)} ${outcome.passed} passed, ${outcome.failed} failed, ${outcome.skipped} skipped${verdict}`,
    );
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
      console.log(
        `\nFAILED: ${outcome.suite} exited with code ${outcome.exitCode} although no test failed (an error outside the tests, shown in its output above).`,
      );
    }
  }
  if (passed === 0) ok = false;
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skippedTests} skipped`);
  process.exit(ok ? 0 : 1);
}

void main();
