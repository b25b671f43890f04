import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";

// The public routes, read from the build as the server finds them (server/routes/client.ts): every
// prerendered index.html is a page at its folder's path; the admin's page is not public.

export function publicRoutes(clientDir: string): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== "index.html") continue;
    const dir = relative(clientDir, entry.parentPath);
    const path = dir === "" ? "/" : `/${dir.split(sep).join("/")}`;
    if (path === "/admin" || path.startsWith("/admin/")) continue;
    routes.push(path);
  }
  if (routes.length === 0) throw new Error(`no prerendered pages in ${join(clientDir)}: is it built?`);
  return routes.sort();
}
