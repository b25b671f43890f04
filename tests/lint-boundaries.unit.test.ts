import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The import-boundary rule of eslint.config.js, exercised on code written into each folder.
const eslint = new ESLint();

async function restrictedImportErrors(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports");
}

describe("import boundaries", () => {
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
