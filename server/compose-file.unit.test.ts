import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DCLinter } from "dclint";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";

// compose.yaml (issue 35): valid against the Compose specification's JSON schema (dclint validates every file
// against it before any rule), and the production promises it makes: pinned images, resource limits, log
// rotation and a healthcheck on every service, the backup service built from the Containerfile's stage of
// that name on the same PostgreSQL image the database runs, and the Compose v2 it needs said where it is run.

const REPO = join(import.meta.dirname, "..");
const composeText = readFileSync(join(REPO, "compose.yaml"), "utf8");
const containerfile = readFileSync(join(REPO, "Containerfile"), "utf8");

/** dclint's own rules that this file follows; the rest are its style preferences, or ask for what compose.yaml
 * does on purpose (both build and image: the built image gets the release's tag; nginx listens on every
 * interface: it is the public front). */
const RULES = {
  "no-duplicate-container-names": 2,
  "no-duplicate-exported-ports": 2,
  "no-version-field": 2,
  "require-project-name-field": 2,
  "service-container-name-regex": 2,
  "service-image-require-explicit-tag": 2,
} as const;
const OFF = [
  "no-build-and-image",
  "no-quotes-in-volumes",
  "no-unbound-port-interfaces",
  "require-quotes-in-ports",
  "service-dependencies-alphabetical-order",
  "service-keys-order",
  "service-ports-alphabetical-order",
  "services-alphabetical-order",
  "top-level-properties-order",
];

function lint(path: string) {
  const linter = new DCLinter({
    rules: { ...RULES, ...Object.fromEntries(OFF.map((rule) => [rule, 0])) },
    quiet: false,
    debug: false,
    exclude: [],
  });
  return linter.lintFiles([path], false)[0]!.messages;
}

const dir = mkdtempSync(join(tmpdir(), "agency-compose-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Service = {
  image: string;
  build?: { target?: string; args?: Record<string, string> };
  logging?: { driver: string; options: Record<string, string> };
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
  healthcheck?: { test: string[] };
  environment?: Record<string, string>;
  volumes?: string[];
};
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
/** The image a `${VAR:-default}` reference names when VAR is unset. */
const defaultImage = (image: string) => image.replace(/\$\{[A-Z_]+:-([^}]+)\}/g, "$1");

describe("compose.yaml", () => {
  it("is valid against the Compose specification's schema and breaks none of the rules it follows", () => {
    expect(lint(join(REPO, "compose.yaml"))).toEqual([]);
  });

  it("is checked: a key the specification does not have, or a wrong value, fails the schema", () => {
    const misspelt = join(dir, "misspelt.yaml");
    writeFileSync(misspelt, composeText.replace("    stop_grace_period: 60s", "    stop_grace_periode: 60s"));
    expect(lint(misspelt).map((message) => message.rule)).toEqual(["invalid-schema"]);
    const wrongValue = join(dir, "wrong-value.yaml");
    writeFileSync(wrongValue, composeText.replace("condition: service_healthy", "condition: service_ready"));
    expect(lint(wrongValue).map((message) => message.rule)).toEqual(["invalid-schema"]);
  });

  it("pins every image to a version: PostgreSQL and nginx to a release, the site's to AGENCY_RELEASE", () => {
    expect(services.map(([name]) => name).sort()).toEqual(["app1", "app2", "backup", "nginx", "postgres"]);
    for (const [name, service] of services) {
      const image = defaultImage(service.image);
      expect(image, name).not.toMatch(/:latest$|:stable$/);
      if (name === "postgres" || name === "nginx") expect(image, name).toMatch(/:\d+\.\d+(\.\d+)?-[a-z]+$/);
      else expect(service.image, name).toMatch(/:\$\{AGENCY_RELEASE(:\?[^}]*)?\}$/);
    }
  });

  it("limits each service's memory and CPU, rotates its logs, and checks its health", () => {
    for (const [name, service] of services) {
      expect(service.deploy?.resources?.limits?.memory, name).toMatch(/^\d+[MG]$/);
      expect(Number(service.deploy?.resources?.limits?.cpus), name).toBeGreaterThan(0);
      expect(service.logging?.driver, name).toBe("json-file");
      expect(service.logging?.options["max-size"], name).toMatch(/^\d+m$/);
      expect(Number(service.logging?.options["max-file"]), name).toBeGreaterThan(1);
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(1);
    }
    // nginx's own answer, which deploy/compose/nginx.conf serves on port 80 to the container itself.
    expect(compose.services.nginx!.healthcheck!.test.join(" ")).toContain("http://127.0.0.1/nginx-health");
    expect(readFileSync(join(REPO, "deploy/compose/nginx.conf"), "utf8")).toMatch(
      /location = \/nginx-health \{[^}]*allow 127\.0\.0\.1;[^}]*deny all;[^}]*return 200/,
    );
  });

  it("builds the app and backup images from the Containerfile's stages, the backup on the database's image", () => {
    const stages = [...containerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((match) => match[1]);
    expect(stages).toEqual(["build", "backup", "runtime"]);
    expect(compose.services.app1!.build!.target).toBe("runtime");
    expect(compose.services.backup!.build!.target).toBe("backup");
    const postgresImage = defaultImage(compose.services.postgres!.image);
    expect(compose.services.backup!.build!.args!.POSTGRES_IMAGE).toBe(compose.services.postgres!.image);
    expect(containerfile).toContain(`ARG POSTGRES_IMAGE=${postgresImage}\n`);
    expect(compose.services.backup!.healthcheck!.test).toEqual(["CMD", "agency-backup-schedule", "check"]);
    const backupDir = compose.services.backup!.environment!.BACKUP_DIR;
    expect(compose.services.backup!.volumes!.some((volume) => volume.endsWith(`:${backupDir}`))).toBe(true);
  });

  it("says it needs Compose v2, in the file and in the guide", () => {
    expect(composeText).toMatch(/Needs Docker Compose v2/);
    expect(readFileSync(join(REPO, "docs/deploy/container.md"), "utf8")).toMatch(/Docker Compose v2/);
  });
});
