import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

// The admin is its own app on its own page: no public page's JavaScript may contain admin code
// (issue 12 §2). Only the admin page and the admin folder itself import app/admin/.

const appDir = join(import.meta.dirname, "..", "app");
const ADMIN_PAGE = ["pages", "admin", "index.astro"].join("/");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|astro|js|jsx|mjs)$/.test(entry.name))
    .map((entry) => relative(appDir, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

/** Import specifiers of a module (static, dynamic and re-exports). */
function importsOf(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((match) => match[1]!);
}

describe("the admin boundary", () => {
  it("lets only the admin page and the admin folder import app/admin/", () => {
    const offenders = sourceFiles(appDir)
      .filter((file) => !file.startsWith("admin/") && file !== ADMIN_PAGE)
      .filter((file) => {
        const fileDir = join(appDir, file, "..");
        return importsOf(readFileSync(join(appDir, file), "utf8")).some((specifier) => {
          if (!specifier.startsWith(".")) return false;
          const target = relative(appDir, join(fileDir, specifier)).split(sep).join("/");
          return target === "admin" || target.startsWith("admin/");
        });
      });
    expect(offenders).toEqual([]);
  });

  it("finds an import of the admin when there is one", () => {
    expect(importsOf('import { AdminApp } from "../../admin/admin-app.tsx";\nconst x = import("./y.ts");')).toEqual([
      "../../admin/admin-app.tsx",
      "./y.ts",
    ]);
  });
});
