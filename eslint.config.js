import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

// Import boundaries: app/ (browser) and server/ (Node) never import each other; both import
// contract/, which imports neither.
// A relative path that climbs to the repository root and enters the folder (../../app/…), or an alias.
const boundary = (forbidden, message) => ({
  "no-restricted-imports": [
    "error",
    { patterns: forbidden.map((folder) => ({ regex: `^((\\.\\./)+|#)${folder}/`, message })) },
  ],
});

// Where SQL may not be written (a folder outside server/repositories/ and server/db/): Kysely's query builders,
// transactions, and any value import from kysely (its `sql` tag); type imports (`type Kysely`) stay allowed.
const noSqlMessage = "No SQL here: put the query in a repository (server/repositories/).";
const noSql = [
  {
    selector:
      "MemberExpression[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction)$/]",
    message: noSqlMessage,
  },
  {
    selector: "ImportDeclaration[source.value='kysely'][importKind='value'] > ImportSpecifier[importKind='value']",
    message: noSqlMessage,
  },
  {
    selector:
      "ImportDeclaration[source.value='kysely'][importKind='value'] > :matches(ImportDefaultSpecifier, ImportNamespaceSpecifier)",
    message: noSqlMessage,
  },
];
// The database handle itself, on any object (routes hold `app`, `request.server`, `fastify`), or destructured.
const noDatabaseHandleMessage =
  "No database handle here: use app.repositories (or app.pingDatabase), whose repositories hold the SQL.";
const noDatabaseHandle = [
  { selector: "MemberExpression[property.name='db']", message: noDatabaseHandleMessage },
  { selector: "ObjectPattern > Property[key.name='db']", message: noDatabaseHandleMessage },
];

export default defineConfig(
  {
    ignores: [
      "build/",
      "build-e2e/",
      "build-*/",
      "dist/",
      ".astro/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    // Type-aware rules: each file is checked with the tsconfig.json that includes it.
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // A promise nobody awaits loses its rejection; fire-and-forget is written `void promise` with the reason.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    // No import cycles: a module and its importers never depend on each other (modules resolved by path, as
    // our imports are relative with explicit extensions). Type-only imports do not count: import-x's no-cycle
    // skips `import type` and imports whose every name is `type` (it has no option to count them), which is
    // fine because verbatimModuleSyntax erases them, so they never decide the order modules are evaluated in.
    files: ["**/*.{ts,tsx,js}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(["server"], "app/ runs in the browser: share code with the server through contract/."),
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: boundary(["app"], "server/ must not import the client: share code through contract/."),
  },
  {
    // Routes do no SQL: every query lives in a repository (server/repositories/), which owns its tables and
    // their rules (issue 32: the invitation's queries had drifted into the team's routes; issue 34: /readyz
    // pinged app.db, reports/ and delivery/ owned page_views and mailbox_state). Routes, delivery/, reports/,
    // metrics/ and lib/ get repositories and app.pingDatabase, never the database itself (`app.db`,
    // `request.server.db`).
    files: ["server/{routes,delivery,reports,metrics,lib}/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...noSql, ...noDatabaseHandle] },
  },
  {
    // Plugins and the CLI build no queries either, but may hold the database: the database plugin and the
    // CLI open it, and hand it to repositories' constructors. (server/db/ and server/backup/ work on the
    // database itself: migrations, the connection, file and dump copies.)
    files: ["server/{plugins,cli}/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...noSql] },
  },
  {
    files: ["contract/**/*.ts"],
    rules: boundary(["app", "server"], "contract/ is shared by both sides and imports neither."),
  },
  {
    // A Vitest worker shares its modules between test files (isolate: false in vitest.config.ts): a module
    // replaced in one file would stay replaced, or not be, in the next. Observe through the app instead.
    files: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]",
          message:
            "No module mocks: test files share a worker's modules. Observe through the app, a parameter or a diagnostics channel (tests/helpers/password-work.ts).",
        },
      ],
    },
  },
);
