// What `npm test -- --help` prints, and how npm test reads its arguments (it takes none but --help: a run of
// every suite takes many minutes, so an argument meant for one suite must not start them all).

export const testUsage = `npm test: every suite (unit, API on SQLite and PostgreSQL, valid HTML, browser), then one summary.
It takes no arguments. To run one suite or one file:

  npm run test:unit                                  unit tests (no database, no socket, no process)
  npm run test:api                                   the API on SQLite
  npm run test:api:pg                                the API on PostgreSQL (TEST_POSTGRES_URL)
  npm run lint                                       ESLint, Prettier, knip and the lint rules' tests
  npm run test:e2e                                   build build-e2e/, then every browser test
  npx vitest run --project unit contract/fields.test.ts
  npx vitest run --project api-sqlite server/routes/api/admin-leads.test.ts
  npx playwright test --project=chromium tests/e2e/contact-form.spec.ts   (after npm run build:e2e)

Environment: TEST_LANES=1|2 (suites one after another, or two lanes side by side; default: 2 with 4 cores),
CI=true or REQUIRE_ALL_TESTS=1 (a missing prerequisite fails the run), CHROMIUM_PATH, TEST_POSTGRES_URL.
More: docs/testing.md.`;

export type TestArguments = { action: "run" } | { action: "help" } | { action: "refuse"; message: string };

export function readTestArguments(args: readonly string[]): TestArguments {
  if (args.length === 0) return { action: "run" };
  if (args.some((arg) => arg === "--help" || arg === "-h")) return { action: "help" };
  return {
    action: "refuse",
    message: `npm test takes no arguments (got ${args.join(" ")}): it would run every suite. See npm test -- --help.`,
  };
}
