import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { IMAP_TEST_FILES } from "./tests/helpers/imap-prerequisite.ts";

// Four projects: unit tests (no database, no socket, no process: the fast loop), the API suite run once on
// SQLite and once on PostgreSQL (with the real parts: SMTP, IMAP, HTTP receivers), and the tests of
// eslint.config.js's own rules (*.lint.test.ts), which `npm run lint` runs since they load ESLint and the
// TypeScript project. `npm test` (scripts/test.ts) chooses which run and reports what it skipped.
const apiTests = ["server/**/*.test.ts"];
// scripts/test.ts sets SKIP_IMAP_TESTS=1 when dovecot is missing, and reports them as a skipped suite.
const imapTests = process.env.SKIP_IMAP_TESTS === "1" ? IMAP_TEST_FILES : [];
// The API suites start servers and talk to real SMTP, HTTP and IMAP servers, and npm test runs them beside the
// browser lane: a test gets 20 s (Vitest's 5 s default) before it counts as hung, so a busy machine makes it
// slower, not red. Timeouts guard against hangs; speed is measured by the benchmarks, never by a timeout.
const apiTimeouts = { testTimeout: 20_000, hookTimeout: 30_000 };
const unitTests = [
  "contract/**/*.test.ts",
  "app/**/*.test.{ts,tsx}",
  "server/**/*.unit.test.ts",
  "tests/**/*.unit.test.ts",
  "scripts/**/*.test.ts",
];

export default defineConfig({
  test: {
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    // A worker loads the app's modules once for all the files it runs, instead of once per file: most of a
    // file's time was that import (51 s of the API suite's 271 s on SQLite). Nothing replaces a module
    // (no vi.mock: tests observe through the app or a diagnostics channel), so files share nothing else.
    isolate: false,
    // Every core (Vitest leaves one free by default): the API tests spend much of their time waiting on
    // sockets and child processes.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: "unit", include: unitTests } },
      { extends: true, test: { name: "lint", include: ["tests/**/*.lint.test.ts"] } },
      {
        extends: true,
        test: {
          name: "api-sqlite",
          ...apiTimeouts,
          include: apiTests,
          // *.pg.test.ts: behaviour only PostgreSQL has (connections the server can lose).
          exclude: ["server/**/*.unit.test.ts", "server/**/*.pg.test.ts", ...imapTests],
          env: { TEST_DATABASE: "sqlite" },
        },
      },
      {
        extends: true,
        test: {
          name: "api-postgres",
          ...apiTimeouts,
          include: apiTests,
          exclude: ["server/**/*.unit.test.ts", ...imapTests],
          env: { TEST_DATABASE: "postgres" },
          // Each test file makes its own database; a few at a time keep the server's connection count low.
          maxWorkers: 2,
        },
      },
    ],
  },
});
