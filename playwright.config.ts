import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";

// Browser tests drive the system Chromium (Debian package `chromium`) against the built server on a
// fresh SQLite file. Playwright never downloads a browser here. The client is the test build
// (`npm run build:e2e`: build-e2e/, with a test analytics ID); npm test and npm run test:e2e make it.

const port = Number(process.env.E2E_PORT ?? 3100);
// Set once in the main process; the workers inherit it. The admin's specs have a server and a database of
// their own (e2e-admin.sqlite in the same folder), so they run beside the public pages' specs.
process.env.E2E_SQLITE_PATH ??= join(tmpdir(), `agency-e2e-${process.pid}-${Date.now()}`, "e2e.sqlite");
process.env.E2E_ADMIN_SQLITE_PATH ??= join(dirname(process.env.E2E_SQLITE_PATH), "e2e-admin.sqlite");

export const e2eAnalyticsId = "G-E2ETEST0001";
export const e2eSiteOrigin = "https://e2e.agency.example";
export const e2eAdmin = { email: "owner@e2e.example.com", password: "e2e password that is long enough" };
/**
 * The e2e servers' spam guard wants this long to fill a form (FORM_MIN_FILL_MS; 1.5 s in production), and they
 * write page-view counts this often (PAGE_VIEW_FLUSH_MS; 5 s): the specs wait for states, not seconds.
 */
export const e2eTimings = { minFillMs: 300, pageViewFlushMs: 200 };

const postgresUrl = process.env.E2E_DATABASE_URL;

const sqliteServer = {
  command: "node dist/server/server.js",
  url: `http://127.0.0.1:${port}/readyz`,
  reuseExistingServer: false,
  // A hang bound, as tests/helpers/server-process.ts's: three servers migrate and start at once.
  timeout: 60_000,
  stdout: "ignore",
  stderr: "pipe",
  env: {
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    SQLITE_PATH: process.env.E2E_SQLITE_PATH,
    CLIENT_DIR: `${process.env.E2E_BUILD_DIR ?? "build-e2e"}/client`,
    DATABASE_URL: "",
    ADMIN_EMAIL: e2eAdmin.email,
    ADMIN_PASSWORD: e2eAdmin.password,
    RATE_LIMIT_ENABLED: "false",
    FORM_MIN_FILL_MS: String(e2eTimings.minFillMs),
    PAGE_VIEW_FLUSH_MS: String(e2eTimings.pageViewFlushMs),
  },
} satisfies NonNullable<PlaywrightTestConfig["webServer"]>;
const postgresServer = {
  ...sqliteServer,
  url: `http://127.0.0.1:${port + 1}/readyz`,
  env: { ...sqliteServer.env, PORT: String(port + 1), SQLITE_PATH: "", DATABASE_URL: postgresUrl ?? "" },
};
const adminServer = {
  ...sqliteServer,
  url: `http://127.0.0.1:${port + 2}/readyz`,
  env: { ...sqliteServer.env, PORT: String(port + 2), SQLITE_PATH: process.env.E2E_ADMIN_SQLITE_PATH },
};
/**
 * The admin's specs (admin-*.spec.ts): the chromium-admin project, against adminServer. The public pages' axe
 * scan (accessibility.spec.ts, reads pages only) runs there too, so the two projects that run side by side
 * take about as long as each other (with the team's specs, issue 23, the public side had become the long one).
 */
const adminSpecs = /(admin-[^/]*|accessibility)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder when it starts: its own, so the Vitest reports that npm test writes
  // beside it (test-results/vitest-*.json, the other lane) survive.
  outputDir: "test-results/playwright",
  fullyParallel: false,
  // One worker per project (a project's specs run in order against one server and database), two projects at
  // a time: the public pages' specs beside the admin's, then the PostgreSQL ones. About 13.5 minutes here
  // instead of 17 in one line.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Four times Playwright's default: a bound on a hung test, not a speed. On a slower CPU (this project's CI
  // ran on a 2-core AMD EPYC as well as an Intel Xeon) the admin's rich editor and the two-instance specs took
  // over 30 s with two workers running, and on a loaded 2-core VM (a browser suite of 49 min instead of 20)
  // tests that take 25 s elsewhere took 50–80 s. Assertions keep their own timeouts; only a test's whole
  // budget grows.
  timeout: 120_000,
  // The admin SPA's first load took over 5 s there too; every assertion may wait 10 s.
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // This machine has no internet: keep Chromium from trying to reach Google's services.
      args: [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  // The tests tagged @both-databases run a second time against a server on PostgreSQL when npm test
  // made a database for it (E2E_DATABASE_URL; scripts/test.ts creates and drops it).
  projects: [
    { name: "chromium", testIgnore: adminSpecs, workers: 1 },
    { name: "chromium-admin", testMatch: adminSpecs, workers: 1, use: { baseURL: `http://127.0.0.1:${port + 2}` } },
    ...(postgresUrl
      ? [
          {
            name: "chromium-postgres",
            grep: /@both-databases/,
            workers: 1,
            use: { baseURL: `http://127.0.0.1:${port + 1}` },
          },
        ]
      : []),
  ],
  webServer: [sqliteServer, adminServer, ...(postgresUrl ? [postgresServer] : [])],
});
