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

const restrictedImportErrors = (code: string, filePath: string) =>
  ruleErrors(withoutTypes, "no-restricted-imports", code, filePath);

describe("import boundaries", loading, () => {
  it("forbids app/ from importing server/", async () => {
    expect(
      await restrictedImportErrors(
        'import { buildApp } from "../../server/app.ts";\nexport { buildApp };\n',
        "app/lib/example.ts",
      ),
    ).toHaveLength(1);
  });

  it("forbids server/ from importing app/", async () => {
    expect(
      await restrictedImportErrors(
        'import { siteConfig } from "../../app/config/site.ts";\nexport { siteConfig };\n',
        "server/routes/example.ts",
      ),
    ).toHaveLength(1);
  });

  it("forbids contract/ from importing either side", async () => {
    expect(
      await restrictedImportErrors(
        'import { x } from "../server/config.ts";\nimport { y } from "../app/root.tsx";\nexport { x, y };\n',
        "contract/example.ts",
      ),
    ).toHaveLength(2);
  });

  it("lets both sides import contract/ and server/ import its own plugins/app folder", async () => {
    expect(
      await restrictedImportErrors(
        'import { listQuery } from "../../contract/list-query.ts";\nexport { listQuery };\n',
        "app/lib/example.ts",
      ),
    ).toHaveLength(0);
    expect(
      await restrictedImportErrors(
        'import db from "./plugins/app/database.ts";\nexport { db };\n',
        "server/example.ts",
      ),
    ).toHaveLength(0);
  });
});

describe("routes do no SQL", loading, () => {
  const sqlErrors = (code: string, filePath: string) =>
    ruleErrors(withoutTypes, "no-restricted-syntax", code, filePath);
  const query = 'export const f = (db: any) => db.selectFrom("users").selectAll().execute();\n';

  it("fails a route that builds a query or imports kysely's sql", async () => {
    const routeQuery = 'export const f = (app: any) => app.db.selectFrom("users").selectAll().execute();\n';
    // Two findings: the database handle, and the query built on it.
    expect(await sqlErrors(routeQuery, "server/routes/api/example.ts")).toHaveLength(2);
    expect(
      await sqlErrors(
        "export const f = (trx: any) => trx.transaction().execute(async () => 1);\n",
        "server/routes/api/example.ts",
      ),
    ).toHaveLength(1);
    expect(
      await sqlErrors('import { sql } from "kysely";\nexport const q = sql`select 1`;\n', "server/routes/health.ts"),
    ).toHaveLength(1);
    expect(
      await sqlErrors(
        'import * as kysely from "kysely";\nexport const q = kysely.sql`select 1`;\n',
        "server/routes/health.ts",
      ),
    ).toHaveLength(1);
  });

  it("fails a route that takes the database handle, on any object or destructured", async () => {
    const messages = await sqlErrors(
      'import { pingDatabase } from "../db/unavailable.ts";\nexport const f = (app: any) => pingDatabase(app.db);\n',
      "server/routes/health.ts",
    );
    expect(messages.map((message) => message.message)).toEqual([
      "No database handle here: use app.repositories (or app.pingDatabase), whose repositories hold the SQL.",
    ]);
    expect(
      await sqlErrors("export const f = (request: any) => request.server.db;\n", "server/routes/api/example.ts"),
    ).toHaveLength(1);
    expect(
      await sqlErrors(
        "export const f = (app: any) => { const { db } = app; return db; };\n",
        "server/routes/api/example.ts",
      ),
    ).toHaveLength(1);
  });

  it("holds in delivery/, reports/, metrics/ and lib/ too, and in plugins/ and cli/ for queries", async () => {
    for (const file of [
      "server/delivery/inbound/example.ts",
      "server/reports/example.ts",
      "server/metrics/example.ts",
      "server/lib/example.ts",
    ]) {
      expect(await sqlErrors(query, file)).toHaveLength(1);
      expect(await sqlErrors("export const f = (app: any) => app.db;\n", file)).toHaveLength(1);
    }
    for (const file of ["server/plugins/app/example.ts", "server/cli/example.ts"]) {
      expect(await sqlErrors(query, file)).toHaveLength(1);
      expect(
        await sqlErrors(
          'import { sql } from "kysely";\nexport const f = (app: any) => sql`select 1`.execute(app.db);\n',
          file,
        ),
      ).toHaveLength(1);
    }
  });

  it("lets repositories and the database layer query, plugins hand app.db to a repository, routes import kysely's types, and route tests look at tables", async () => {
    expect(await sqlErrors(query, "server/repositories/users/example.ts")).toHaveLength(0);
    expect(
      await sqlErrors(
        'import { sql } from "kysely";\nexport const f = (app: any) => sql`select 1`.execute(app.db);\n',
        "server/repositories/example.ts",
      ),
    ).toHaveLength(0);
    expect(
      await sqlErrors(
        'import { sql } from "kysely";\nexport const f = (db: any) => sql`select 1`.execute(db);\n',
        "server/db/example.ts",
      ),
    ).toHaveLength(0);
    expect(
      await sqlErrors(
        "declare const createRepository: (db: unknown) => unknown;\nexport const f = (app: any) => createRepository(app.db);\n",
        "server/plugins/app/example.ts",
      ),
    ).toHaveLength(0);
    expect(
      await sqlErrors(
        'import { type Kysely } from "kysely";\nexport type K = Kysely<object>;\n',
        "server/routes/api/example.ts",
      ),
    ).toHaveLength(0);
    expect(
      await sqlErrors(
        'import type { Kysely } from "kysely";\nexport type K = Kysely<object>;\n',
        "server/delivery/example.ts",
      ),
    ).toHaveLength(0);
    expect(
      await sqlErrors(
        'export const f = (app: any) => app.db.selectFrom("users").selectAll().execute();\n',
        "server/routes/api/example.test.ts",
      ),
    ).toHaveLength(0);
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
  writeFileSync(
    shell,
    'import { banner } from "./banner.ts";\nexport const shell = () => banner;\nexport const linkClass = "underline";\n',
  );
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: configFile,
    overrideConfig: tseslint.configs.disableTypeChecked,
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("fails a module that imports one of its importers", async () => {
    const code = 'import { linkClass } from "./shell.ts";\nexport const banner = linkClass;\n';
    writeFileSync(banner, code);
    expect(await ruleErrors(eslint, "import-x/no-cycle", code, banner)).toHaveLength(1);
  });

  it("does not count a type-only import: it is erased, so it orders no module's evaluation", async () => {
    for (const code of [
      'import type { shell } from "./shell.ts";\nexport type Shell = typeof shell;\n',
      'import { type shell } from "./shell.ts";\nexport type Shell = typeof shell;\n',
    ]) {
      writeFileSync(banner, code);
      expect(await ruleErrors(eslint, "import-x/no-cycle", code, banner)).toHaveLength(0);
    }
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
    const code = "const save = async () => {};\nsave();\nsetInterval(save, 1000);\nexport {};\n";
    expect(await ruleErrors(typed, "@typescript-eslint/no-floating-promises", code, here)).toHaveLength(1);
    expect(await ruleErrors(typed, "@typescript-eslint/no-misused-promises", code, here)).toHaveLength(1);
  });

  it("passes fire-and-forget written with void", async () => {
    const code = "const save = async () => {};\nvoid save();\nsetInterval(() => void save(), 1000);\nexport {};\n";
    expect(await ruleErrors(typed, "@typescript-eslint/no-floating-promises", code, here)).toHaveLength(0);
    expect(await ruleErrors(typed, "@typescript-eslint/no-misused-promises", code, here)).toHaveLength(0);
  });
});

describe("test files share a worker's modules", loading, () => {
  const syntaxErrors = (code: string, filePath: string) =>
    ruleErrors(withoutTypes, "no-restricted-syntax", code, filePath);

  it("fails a test file that replaces a module", async () => {
    const code = 'import { vi } from "vitest";\nvi.mock("../../lib/passwords.ts");\nvi.doMock("node:crypto");\n';
    expect(await syntaxErrors(code, "server/routes/api/example.test.ts")).toHaveLength(2);
    expect(await syntaxErrors(code, "app/admin/example.test.tsx")).toHaveLength(2);
  });

  it("lets a test spy on an object it holds", async () => {
    const code = 'import { vi } from "vitest";\nconst app = { run() {} };\nvi.spyOn(app, "run");\n';
    expect(await syntaxErrors(code, "server/routes/api/example.test.ts")).toEqual([]);
  });
});
