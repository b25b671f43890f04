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

export default defineConfig(
  { ignores: ["build/", "build-e2e/", "build-*/", "dist/", ".astro/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
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
    // our imports are relative with explicit extensions; type-only imports count too).
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
    // their rules (issue 32: the invitation's queries had drifted into the team's routes).
    files: ["server/routes/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction)$/]",
          message: "Routes do no SQL: put the query in a repository (server/repositories/).",
        },
        {
          selector: "ImportDeclaration[source.value='kysely'][importKind='value'] > ImportSpecifier[importKind='value']",
          message: "Routes do no SQL: put the query in a repository (server/repositories/).",
        },
      ],
    },
  },
  {
    files: ["contract/**/*.ts"],
    rules: boundary(["app", "server"], "contract/ is shared by both sides and imports neither."),
  },
);
