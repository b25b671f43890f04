import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, it } from "vitest";

// The guard rails of eslint.config.js, exercised on code written into each folder.
const configFile = join(import.meta.dirname, "..", "eslint.config.js");
// The code below is in files that do not exist (or not in a tsconfig): no type information for them.
const withoutTypes = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });

async function ruleErrors(eslint: ESLint, ruleId: string, code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  // A parse error would make every count 0: fail on it instead.
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return messages.filter((message) => message.ruleId === ruleId);
}

// The first lint of each ESLint instance loads the config and its plugins, and the type-aware one the
// TypeScript project: seconds on a busy machine.
const loading = { timeout: 60_000 };

const restrictedImportErrors = (code: string, filePath: string) => ruleErrors(withoutTypes, "no-restricted-imports", code, filePath);

describe("import boundaries", loading, () => {
  it("forbids app/ from importing server/", async () => {
    expect(await restrictedImportErrors('import { buildApp } from "../../server/app.ts";\nexport { buildApp };\n', "app/lib/example.ts")).toHaveLength(1);
  });

  it("forbids server/ from importing app/", async () => {
    expect(await restrictedImportErrors('import { siteConfig } from "../../app/config/site.ts";\nexport { siteConfig };\n', "server/routes/example.ts")).toHaveLength(1);
  });

  it("forbids contract/ from importing either side", async () => {
    expect(await restrictedImportErrors('import { x } from "../server/config.ts";\nimport { y } from "../app/root.tsx";\nexport { x, y };\n', "contract/example.ts")).toHaveLength(2);
  });

  it("lets both sides import contract/ and server/ import its own plugins/app folder", async () => {
    expect(await restrictedImportErrors('import { listQuery } from "../../contract/list-query.ts";\nexport { listQuery };\n', "app/lib/example.ts")).toHaveLength(0);
    expect(await restrictedImportErrors('import db from "./plugins/app/database.ts";\nexport { db };\n', "server/example.ts")).toHaveLength(0);
  });
});

describe("routes do no SQL", loading, () => {
  const sqlErrors = (code: string, filePath: string) => ruleErrors(withoutTypes, "no-restricted-syntax", code, filePath);

  it("fails a route that builds a query or imports kysely's sql", async () => {
    const query = 'export const f = (app: any) => app.db.selectFrom("users").selectAll().execute();\n';
    expect(await sqlErrors(query, "server/routes/api/example.ts")).toHaveLength(1);
    expect(await sqlErrors('export const f = (app: any) => app.db.transaction().execute(async () => 1);\n', "server/routes/api/example.ts")).toHaveLength(1);
    expect(await sqlErrors('import { sql } from "kysely";\nexport const q = sql`select 1`;\n', "server/routes/health.ts")).toHaveLength(1);
  });

  it("lets repositories query, routes import kysely's types, and route tests look at tables", async () => {
    const query = 'export const f = (db: any) => db.selectFrom("users").selectAll().execute();\n';
    expect(await sqlErrors(query, "server/repositories/users/example.ts")).toHaveLength(0);
    expect(await sqlErrors('import { type Kysely } from "kysely";\nexport type K = Kysely<object>;\n', "server/routes/api/example.ts")).toHaveLength(0);
    expect(await sqlErrors(query, "server/routes/api/example.test.ts")).toHaveLength(0);
  });
});

describe("import cycles", loading, () => {
  // Two real files (the rule follows imports on disk), outside the repository so no other lint run sees them,
  // linted with the repository's config.
  const root = mkdtempSync(join(tmpdir(), "lint-cycle-"));
  mkdirSync(join(root, "app", "lib"), { recursive: true });
  const shell = join(root, "app", "lib", "shell.ts");
  const banner = join(root, "app", "lib", "banner.ts");
  const classes = join(root, "app", "lib", "classes.ts");
  writeFileSync(classes, 'export const linkClass = "underline";\n');
  writeFileSync(shell, 'import { banner } from "./banner.ts";\nexport const shell = () => banner;\nexport const linkClass = "underline";\n');
  const eslint = new ESLint({ cwd: root, overrideConfigFile: configFile, overrideConfig: tseslint.configs.disableTypeChecked });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("fails a module that imports one of its importers", async () => {
    const code = 'import { linkClass } from "./shell.ts";\nexport const banner = linkClass;\n';
    writeFileSync(banner, code);
    expect(await ruleErrors(eslint, "import-x/no-cycle", code, banner)).toHaveLength(1);
  });

  it("passes once the shared piece has a module of its own", async () => {
    const code = 'import { linkClass } from "./classes.ts";\nexport const banner = linkClass;\n';
    writeFileSync(banner, code);
    expect(await ruleErrors(eslint, "import-x/no-cycle", code, banner)).toHaveLength(0);
  });
});

describe("promises", loading, () => {
  // Type-aware: a file of the project (this one) with other content.
  const typed = new ESLint();
  const here = import.meta.filename;

  it("fails a promise nobody awaits and an async handler where nothing waits for it", async () => {
    const code = 'const save = async () => {};\nsave();\nsetInterval(save, 1000);\nexport {};\n';
    expect(await ruleErrors(typed, "@typescript-eslint/no-floating-promises", code, here)).toHaveLength(1);
    expect(await ruleErrors(typed, "@typescript-eslint/no-misused-promises", code, here)).toHaveLength(1);
  });

  it("passes fire-and-forget written with void", async () => {
    const code = 'const save = async () => {};\nvoid save();\nsetInterval(() => void save(), 1000);\nexport {};\n';
    expect(await ruleErrors(typed, "@typescript-eslint/no-floating-promises", code, here)).toHaveLength(0);
    expect(await ruleErrors(typed, "@typescript-eslint/no-misused-promises", code, here)).toHaveLength(0);
  });
});
