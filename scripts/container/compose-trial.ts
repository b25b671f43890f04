// Tries compose.yaml here, where no registry is reachable and Podman (4.3) cannot run compose's health
// conditions: `npx tsx scripts/container/compose-trial.ts` (root; after `npm run container`, which builds
// the image, and the stand-ins below).
//
// 1. `docker compose config --format json` (Docker Compose v2; COMPOSE=path/to/docker-compose) validates the
//    file and resolves it with a trial .env; 2. each service is started with podman as compose would (same
//    image, environment, mounts, read-only root, capabilities, healthcheck, network alias), in the order of
//    its depends_on, each waiting for its dependencies' health; 3. it checks nginx's config (nginx -t), the
//    80 -> 443 redirect, /readyz and a lead over TLS through nginx, that both instances get requests, and a
//    rolling update under load (each instance stopped with SIGTERM, replaced by a new container, nginx
//    reloaded) with the errors visitors saw and the leads stored. Everything is removed at the end.
//
// PostgreSQL and nginx are stand-ins built from Debian 13's packages (scripts/container/stand-ins/,
// PostgreSQL 17 and nginx 1.26), passed through compose.yaml's POSTGRES_IMAGE and NGINX_IMAGE; elsewhere
// compose.yaml runs the official postgres and nginx images. Ports: 4180 (http), 4143 (https).
//
// The backup service runs too, on its image (built by `npm run container`: IMAGE's name with -backup, on
// POSTGRES_IMAGE=localhost/stand-in/postgres:17): its first backup at start, one by hand before the rolling
// update and one after it, the guide's monthly restore drill of the latter into a database of its own (the
// leads', notes' and migrations' tables compared with the original's, rows and md5), and at the end the
// guide's full restore (instances stopped, restore --force, started again) of the one taken before.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { chownSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";

const REPO = join(import.meta.dirname, "../..");
const PROJECT = "agency";
const NETWORK = `${PROJECT}_internal`;
const HTTP_PORT = 4180;
const HTTPS_PORT = 4143;
const ORIGIN = `https://localhost:${HTTPS_PORT}`;
const COMPOSE = (process.env.COMPOSE ?? "docker compose").split(" ");
const PODMAN = ["podman", "--runtime", "runc", "--cgroup-manager=cgroupfs"];
const LIMITS = ["--ulimit", "nofile=20000:20000", "--ulimit", "nproc=4096:4096"];
const IMAGES = {
  AGENCY_IMAGE: process.env.AGENCY_IMAGE ?? "localhost/agency-site",
  AGENCY_RELEASE: process.env.AGENCY_RELEASE ?? "latest",
  POSTGRES_IMAGE: process.env.POSTGRES_IMAGE ?? "localhost/stand-in/postgres:17",
  NGINX_IMAGE: process.env.NGINX_IMAGE ?? "localhost/stand-in/nginx:1.26",
};

type Volume = { type: string; source: string; target: string; read_only?: boolean };
type Service = {
  image: string;
  environment?: Record<string, string | null>;
  healthcheck?: { test: string[]; interval?: string; timeout?: string; retries?: number; start_period?: string };
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  security_opt?: string[];
  volumes?: Volume[];
  ports?: Array<{ target: number; published: string }>;
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
  init?: boolean;
  deploy?: { resources?: { limits?: { cpus?: number; memory?: string } } };
  logging?: { driver?: string; options?: Record<string, string> };
};

function podman(args: string[], options: { quiet?: boolean } = {}): string {
  const result = spawnSync(PODMAN[0]!, [...PODMAN.slice(1), ...args], { encoding: "utf8" });
  // Without systemd podman cannot schedule healthchecks and says so on every run; we run them ourselves.
  const stderr = result.stderr
    .split("\n")
    .filter((line) => line && !/systemd|syslog/.test(line))
    .join("\n");
  if (result.status !== 0 && !options.quiet) throw new Error(`podman ${args.join(" ")}: ${stderr}`);
  return result.stdout.trim();
}

/**
 * podman without blocking: while the load runs, a synchronous podman call would stop its requests' clock
 * (a `podman stop` of 5 s counted in every request in flight).
 */
function podmanAsync(args: string[], options: { quiet?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(PODMAN[0]!, [...PODMAN.slice(1), ...args], { encoding: "utf8" }, (error, stdout, stderr) => {
      if (error && !options.quiet) reject(new Error(`podman ${args.join(" ")}: ${stderr.trim()}`));
      else resolve(stdout.trim());
    });
  });
}

const container = (service: string) => `${PROJECT}-${service}-1`;
const seconds = (duration: string | undefined, fallback: number) => {
  const match = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration ?? "");
  return match ? Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0) : fallback;
};

/**
 * The podman run arguments for a compose service: what compose would give its container. `oneOff`: compose's
 * `run --rm --no-deps <service> <command>`, a container of its own that runs `command` and is removed.
 */
function runArgs(
  name: string,
  service: Service,
  certs: string,
  oneOff?: { command: string[]; env?: string[] },
): string[] {
  const args = oneOff
    ? ["run", "--rm", "--network", NETWORK, ...LIMITS]
    : ["run", "-d", "--name", container(name), "--network", NETWORK, "--network-alias", name, ...LIMITS];
  const limits = service.deploy?.resources?.limits;
  if (limits?.memory) args.push("--memory", limits.memory);
  if (limits?.cpus) args.push("--cpus", String(limits.cpus));
  // Podman's json-file is its k8s-file log, which rotates by size (it has no max-file).
  if (service.logging?.driver) args.push("--log-driver", service.logging.driver);
  if (service.logging?.options?.["max-size"]) args.push("--log-opt", `max-size=${service.logging.options["max-size"]}`);
  for (const [key, value] of Object.entries(service.environment ?? {}))
    if (value !== null) args.push("-e", `${key}=${value}`);
  for (const entry of oneOff?.env ?? []) args.push("-e", entry);
  // Podman's --read-only would add writable /tmp, /run and /var/tmp of its own; compose gives only its tmpfs list.
  if (service.init) args.push("--init");
  if (service.read_only) args.push("--read-only", "--read-only-tmpfs=false");
  for (const path of service.tmpfs ?? []) args.push("--tmpfs", path);
  for (const cap of service.cap_drop ?? []) args.push("--cap-drop", cap);
  for (const opt of service.security_opt ?? []) args.push("--security-opt", opt.replace(":true", ""));
  for (const volume of service.volumes ?? []) {
    const source =
      volume.type === "volume"
        ? `${PROJECT}_${volume.source}`
        : volume.target === "/etc/nginx/certs"
          ? certs
          : volume.source;
    args.push("-v", `${source}:${volume.target}${volume.read_only ? ":ro" : ""}`);
  }
  // Published on the loopback only: this is a trial on a shared machine.
  for (const port of service.ports ?? []) args.push("-p", `127.0.0.1:${port.published}:${port.target}`);
  const health = oneOff ? undefined : service.healthcheck;
  if (health) {
    // Podman 4.3 takes the command as one shell string: CMD's arguments quoted for sh, CMD-SHELL's as it is.
    const [kind, ...command] = health.test;
    const shell =
      kind === "CMD-SHELL" ? command.join(" ") : command.map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`).join(" ");
    args.push(
      "--health-cmd",
      shell,
      "--health-interval",
      health.interval ?? "30s",
      "--health-timeout",
      health.timeout ?? "30s",
    );
    args.push("--health-retries", String(health.retries ?? 3), "--health-start-period", health.start_period ?? "0s");
  }
  args.push(
    "--stop-timeout",
    String(seconds(service.stop_grace_period, 10)),
    service.image,
    ...(oneOff?.command ?? []),
  );
  return args;
}

/** compose's `condition: service_healthy`: the healthcheck, run until it passes (podman here has no scheduler for it). */
async function waitHealthy(name: string, service: Service): Promise<number> {
  const started = performance.now();
  const limit =
    seconds(service.healthcheck?.start_period, 0) +
    seconds(service.healthcheck?.interval, 30) * (service.healthcheck?.retries ?? 3);
  while (performance.now() - started < limit * 1000) {
    if ((await podmanAsync(["healthcheck", "run", container(name)], { quiet: true })) === "")
      return Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `${name} did not become healthy within ${limit} s:\n${podman(["logs", "--tail", "20", container(name)], { quiet: true })}`,
  );
}

type Answer = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

/** HTTPS to nginx on the loopback, verifying its certificate (the trial's own, made for localhost). */
function https(
  ca: string,
  path: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port: HTTPS_PORT,
        path,
        method: options.method ?? "GET",
        ca,
        headers: { host: `localhost:${HTTPS_PORT}`, ...options.headers },
      },
      (res) => {
        let body = "";
        res
          .setEncoding("utf8")
          .on("data", (chunk: string) => (body += chunk))
          .on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on("error", reject).end(options.body);
  });
}

async function postLead(ca: string, i: number): Promise<Answer> {
  const { token } = JSON.parse((await https(ca, "/api/form-token")).body) as { token: string };
  // A person takes more than 1.5 s to fill the form; a token used sooner marks the lead as spam.
  await new Promise((resolve) => setTimeout(resolve, 1600));
  const body = JSON.stringify({
    firstName: "Compose",
    lastName: `Trial ${i}`,
    email: `compose.trial${i}@example.com`,
    phone: "(512) 555-0142",
    products: ["SEO Services"],
    formToken: token,
    elapsedMs: 9000,
  });
  return https(ca, "/api/contact", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", origin: ORIGIN, "idempotency-key": crypto.randomUUID() },
  });
}

function countRequests(name: string, path: string): number {
  return podman(["logs", container(name)], { quiet: true })
    .split("\n")
    .filter((line) => line.includes(`"path":"${path}"`)).length;
}

/** A command's output with each line indented under a label. */
const labelled = (label: string, text: string) =>
  text
    .split("\n")
    .map((line) => `  ${label}: ${line}`)
    .join("\n");

/** The backup service's files in the host folder, oldest first (their names are UTC times). */
const backupFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".backup"))
    .sort();

/** psql as the agency user in the postgres container: the rows, one per line, fields separated by "|". */
function psql(database: string, query: string, options: { quiet?: boolean } = {}): string {
  return podman(["exec", container("postgres"), "psql", "-U", "agency", "-d", database, "-Atc", query], options);
}

/** Rows and an md5 of the rows of the tables no background work writes: the leads, their notes, the schema. */
function leadChecksums(database: string): string[] {
  return ["contact_submissions", "service_inquiries", "lead_notes", "kysely_migration"].map(
    (table) =>
      `${table} ${psql(database, `select count(*) || ' ' || md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) from ${table} t`)}`,
  );
}

function teardown(names: string[]) {
  if (names.length > 0) podman(["rm", "-f", "-v", "-t", "0", ...names.map(container)], { quiet: true });
  podman(["network", "rm", "-f", NETWORK], { quiet: true });
  podman(["volume", "rm", "-f", `${PROJECT}_pgdata`], { quiet: true });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "compose-trial-"));
  const started: string[] = [];
  try {
    // The project directory compose resolves ./deploy/... against: the files under test, a trial .env, fresh certificates.
    mkdirSync(join(dir, "deploy/compose/certs"), { recursive: true });
    mkdirSync(join(dir, "deploy/compose/acme"), { recursive: true });
    // The guide's `sudo install -d -o 10001 -g 10001 -m 700 deploy/compose/backups`.
    const backups = join(dir, "deploy/compose/backups");
    mkdirSync(backups, { recursive: true, mode: 0o700 });
    chownSync(backups, 10001, 10001);
    mkdirSync(join(dir, "deploy/nginx"), { recursive: true });
    cpSync(join(REPO, "deploy/compose/nginx.conf"), join(dir, "deploy/compose/nginx.conf"));
    cpSync(join(REPO, "deploy/nginx/proxy-to-app.conf"), join(dir, "deploy/nginx/proxy-to-app.conf"));
    const env = [
      `SITE_ORIGIN=${ORIGIN}`,
      "POSTGRES_PASSWORD=trial0compose0password",
      `HTTP_PORT=${HTTP_PORT}`,
      `HTTPS_PORT=${HTTPS_PORT}`,
      "RATE_LIMIT_FORMS_MAX=100000",
    ];
    writeFileSync(
      join(dir, "deploy/compose/.env"),
      [...env, ...Object.entries(IMAGES).map(([key, value]) => `${key}=${value}`)].join("\n") + "\n",
    );
    const certs = join(dir, "deploy/compose/certs");
    // The self-signed certificate of docs/deploy/container.md, for localhost.
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost",
        "-keyout",
        join(certs, "privkey.pem"),
        "-out",
        join(certs, "fullchain.pem"),
      ],
      { stdio: "ignore" },
    );
    const ca = readFileSync(join(certs, "fullchain.pem"), "utf8");

    console.log("## compose.yaml, resolved by Docker Compose");
    const config = execFileSync(
      COMPOSE[0]!,
      [
        ...COMPOSE.slice(1),
        "--project-directory",
        dir,
        "-f",
        join(REPO, "compose.yaml"),
        "--env-file",
        join(dir, "deploy/compose/.env"),
        "config",
        "--format",
        "json",
      ],
      { encoding: "utf8" },
    );
    const services = (JSON.parse(config) as { services: Record<string, Service> }).services;
    console.log(
      `valid: ${Object.keys(services).join(", ")} (${execFileSync(COMPOSE[0]!, [...COMPOSE.slice(1), "version"], { encoding: "utf8" }).trim()})`,
    );

    teardown(Object.keys(services));
    podman(["network", "create", NETWORK]);
    podman(["volume", "create", `${PROJECT}_pgdata`]);

    console.log("\n## Up, in depends_on order, each waiting for its dependencies' healthchecks");
    const order: string[] = [];
    const visit = (name: string) => {
      if (order.includes(name)) return;
      for (const dep of Object.keys(services[name]!.depends_on ?? {})) visit(dep);
      order.push(name);
    };
    Object.keys(services).forEach(visit);
    const upStarted = performance.now();
    for (const name of order) {
      const service = services[name]!;
      for (const [dep, { condition }] of Object.entries(service.depends_on ?? {})) {
        if (condition === "service_healthy") await waitHealthy(dep, services[dep]!);
      }
      podman(runArgs(name, service, certs));
      started.push(name);
      console.log(`${name}: started ${service.image}`);
    }
    for (const name of order) if (services[name]!.healthcheck) await waitHealthy(name, services[name]!);
    console.log(`all up and healthy: ${((performance.now() - upStarted) / 1000).toFixed(1)} s`);
    for (const name of order) {
      const [memory, nanoCpus, logSize] = podman([
        "inspect",
        "--format",
        "{{.HostConfig.Memory}} {{.HostConfig.NanoCpus}} {{.HostConfig.LogConfig.Size}}",
        container(name),
      ]).split(" ");
      console.log(
        `${name}: memory limit ${Number(memory) / 2 ** 20} MiB, ${Number(nanoCpus) / 1e9} CPU, log rotated at ${logSize}`,
      );
    }

    console.log("\n## nginx");
    console.log(
      spawnSync(PODMAN[0]!, [...PODMAN.slice(1), "exec", container("nginx"), "nginx", "-v"], {
        encoding: "utf8",
      }).stderr.trim(),
    );
    const test = spawnSync(PODMAN[0]!, [...PODMAN.slice(1), "exec", container("nginx"), "nginx", "-t"], {
      encoding: "utf8",
    });
    console.log(
      `nginx -t: exit ${test.status}; ${test.stderr
        .split("\n")
        .filter((l) => l.startsWith("nginx:"))
        .join(" / ")}`,
    );
    const redirect = spawnSync(
      "curl",
      ["-sS", "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}", `http://127.0.0.1:${HTTP_PORT}/about?x=1`],
      { encoding: "utf8" },
    );
    console.log(`http://127.0.0.1:${HTTP_PORT}/about?x=1 -> ${redirect.stdout}`);
    const ready = spawnSync(
      "curl",
      [
        "-sS",
        "--cacert",
        join(certs, "fullchain.pem"),
        "--resolve",
        `localhost:${HTTPS_PORT}:127.0.0.1`,
        "-w",
        " %{http_code} HTTP/%{http_version}",
        `${ORIGIN}/readyz`,
      ],
      { encoding: "utf8" },
    );
    console.log(`${ORIGIN}/readyz (certificate verified) -> ${ready.stdout}`);
    const lead = await postLead(ca, 0);
    console.log(`POST ${ORIGIN}/api/contact through nginx -> ${lead.status} ${lead.body}`);
    for (let i = 0; i < 40; i += 1) await https(ca, "/api/form-token");
    console.log(
      `40 GET /api/form-token: app1 served ${countRequests("app1", "/api/form-token")}, app2 ${countRequests("app2", "/api/form-token")} (with the lead's token: 41)`,
    );
    const home = await https(ca, "/");
    console.log(
      `GET / -> ${home.status}, Strict-Transport-Security: ${String(home.headers["strict-transport-security"])}`,
    );

    console.log("\n## Backups: the service's first one at its start, and one by hand before the update");
    const backupLog = podman(["logs", container("backup")], { quiet: true });
    console.log(labelled("backup", backupLog));
    const byHand = podman(["exec", container("backup"), "agency-backup-schedule", "now"]);
    console.log(labelled("now", byHand));
    const files = backupFiles(backups);
    console.log(`deploy/compose/backups: ${files.join(", ")}`);
    const newest = files.at(-1)!;

    console.log(
      "\n## Rolling update under load: each instance stopped (SIGTERM), replaced by a new container, nginx reloaded",
    );
    let running = true;
    const tally = { requests: 0, leadsAcknowledged: 0, errors: [] as string[], latencies: [] as number[] };
    const load = async (worker: number) => {
      for (let i = 0; running; i += 1) {
        const t0 = performance.now();
        try {
          const answer = i % 8 !== 7 ? await https(ca, "/") : await postLead(ca, worker * 100_000 + i);
          tally.requests += 1;
          if (answer.status === 201) tally.leadsAcknowledged += 1;
          else if (answer.status !== 200) tally.errors.push(`${answer.status} ${answer.body.slice(0, 80)}`);
        } catch (error) {
          tally.errors.push((error as Error).message);
        }
        tally.latencies.push(performance.now() - t0);
      }
    };
    const workers = [0, 1, 2, 3].map(load);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const name of ["app1", "app2"]) {
      const before = await podmanAsync([
        "inspect",
        "--format",
        '{{(index .NetworkSettings.Networks "' + NETWORK + '").IPAddress}}',
        container(name),
      ]);
      const t0 = performance.now();
      await podmanAsync(["stop", container(name)], { quiet: true });
      const exit = await podmanAsync(["inspect", "--format", "{{.State.ExitCode}}", container(name)]);
      const stopping = (await podmanAsync(["logs", container(name)], { quiet: true }))
        .split("\n")
        .some((line) => line.includes('"signal":"SIGTERM"'));
      const stopMs = Math.round(performance.now() - t0);
      const lastLines = (await podmanAsync(["logs", "--tail", "12", container(name)], { quiet: true }))
        .split("\n")
        .map((line) => line.slice(0, 200));
      if (exit !== "0" || stopMs > 8000) console.log(`${name}'s last lines:\n  ${lastLines.join("\n  ")}`);
      await podmanAsync(["rm", "-v", container(name)]);
      await podmanAsync(runArgs(name, services[name]!, certs));
      const healthyMs = await waitHealthy(name, services[name]!);
      const after = await podmanAsync([
        "inspect",
        "--format",
        '{{(index .NetworkSettings.Networks "' + NETWORK + '").IPAddress}}',
        container(name),
      ]);
      await podmanAsync(["exec", container("nginx"), "nginx", "-s", "reload"]);
      console.log(
        `${name}: SIGTERM -> exit ${exit} in ${stopMs} ms (stopping line: ${stopping ? "yes" : "no"}); new container healthy in ${healthyMs} ms; address ${before} -> ${after}; nginx reloaded`,
      );
      // The guide's wait before the next instance: nginx's fail_timeout (5 s) + 1 (docs/deploy/container.md).
      await new Promise((resolve) => setTimeout(resolve, 6000));
    }
    running = false;
    await Promise.all(workers);
    const nginxErrors = spawnSync(PODMAN[0]!, [...PODMAN.slice(1), "logs", container("nginx")], { encoding: "utf8" })
      .stderr.split("\n")
      .filter((line) => line.includes("[error]"));
    console.log(
      `nginx [error] lines: ${nginxErrors.length}${
        nginxErrors.length
          ? `\n  ${nginxErrors
              .slice(0, 8)
              .map((line) => line.slice(0, 240))
              .join("\n  ")}`
          : ""
      }`,
    );
    const [stored, spam] = podman([
      "exec",
      container("postgres"),
      "psql",
      "-U",
      "agency",
      "-d",
      "agency",
      "-AtF",
      " ",
      "-c",
      "select count(*), count(*) filter (where status = 'spam') from contact_submissions",
    ]).split(" ");
    const sorted = tally.latencies.sort((a, b) => a - b);
    console.log(
      `requests ${tally.requests}, visitor-visible errors ${tally.errors.length}${tally.errors.length ? `: ${[...new Set(tally.errors)].slice(0, 5).join(" | ")}` : ""}`,
    );
    console.log(
      `leads acknowledged ${tally.leadsAcknowledged + 1} (with the one above), stored in PostgreSQL ${stored} (of which spam ${spam})`,
    );
    console.log(
      `latency p50 ${sorted[Math.floor(sorted.length * 0.5)]!.toFixed(0)} ms, p99 ${sorted[Math.floor(sorted.length * 0.99)]!.toFixed(0)} ms`,
    );
    if (tally.errors.length > 0 || Number(stored) !== tally.leadsAcknowledged + 1 || spam !== "0") process.exitCode = 1;

    console.log("\n## The guide's monthly restore drill: a backup by hand after the update, restored beside the site");
    const byHandAfter = spawnSync(
      PODMAN[0]!,
      [...PODMAN.slice(1), "exec", container("backup"), "agency-backup-schedule", "now"],
      { encoding: "utf8" },
    );
    const afterUpdate = byHandAfter.stdout.trim();
    if (byHandAfter.status !== 0) {
      // Seen in two of five runs here (Podman 4.3's CNI network after the instances' containers were replaced):
      // what the backup container sees of the network, for the next one who meets it.
      const address = (name: string) =>
        podman(
          ["inspect", "--format", `{{(index .NetworkSettings.Networks "${NETWORK}").IPAddress}}`, container(name)],
          {
            quiet: true,
          },
        );
      const seen = podman(["exec", container("backup"), "getent", "hosts", "postgres"], { quiet: true });
      throw new Error(
        `the backup by hand failed: ${byHandAfter.stderr.trim() || "(nothing said)"}\n  postgres is at ${address("postgres")}; ` +
          `the backup container resolves postgres to "${seen}"`,
      );
    }
    console.log(labelled("now", afterUpdate));
    const drillFile = backupFiles(backups).at(-1)!;
    const drillUrl = `postgres://agency:trial0compose0password@postgres:5432/agency_drill`;
    const drill = podman(
      runArgs("backup", services.backup!, certs, {
        command: ["node", "dist/server/cli/admin.js", "restore", `/backups/${drillFile}`],
        env: [`DATABASE_URL=${drillUrl}`],
      }),
    );
    console.log(labelled("drill", drill));
    const [original, restored] = [leadChecksums("agency"), leadChecksums("agency_drill")];
    console.log(`  agency:       ${original.join("; ")}\n  agency_drill: ${restored.join("; ")}`);
    console.log(
      `rows and checksums of the leads, notes and migrations: ${original.join() === restored.join() ? "equal" : "DIFFERENT"}`,
    );
    if (original.join() !== restored.join()) process.exitCode = 1;
    psql("postgres", "drop database agency_drill");

    console.log("\n## The guide's restore: the instances and the backup stopped, restore --force, started again");
    for (const name of ["app1", "app2", "backup"]) podman(["stop", container(name)], { quiet: true });
    const restore = podman(
      runArgs("backup", services.backup!, certs, {
        command: ["node", "dist/server/cli/admin.js", "restore", `/backups/${newest}`, "--force"],
      }),
    );
    console.log(labelled("restore", restore));
    const restoreStarted = performance.now();
    for (const name of ["app1", "app2", "backup"]) podman(["start", container(name)]);
    for (const name of ["app1", "app2"]) await waitHealthy(name, services[name]!);
    podman(["exec", container("nginx"), "nginx", "-s", "reload"]);
    // The reload returns at once; nginx's new workers, which resolve the new addresses, take over shortly.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const afterRestore = (await https(ca, "/readyz")).status;
    if (afterRestore !== 200) {
      const addresses = ["app1", "app2"].map((name) =>
        podman([
          "inspect",
          "--format",
          '{{(index .NetworkSettings.Networks "' + NETWORK + '").IPAddress}}',
          container(name),
        ]),
      );
      const resolved = podman(["exec", container("nginx"), "getent", "hosts", "app1", "app2"], { quiet: true });
      const lastErrors = spawnSync(PODMAN[0]!, [...PODMAN.slice(1), "logs", "--tail", "4", container("nginx")], {
        encoding: "utf8",
      }).stderr;
      console.log(
        `after the restore: app1 and app2 at ${addresses.join(", ")}; nginx resolves ${resolved.replace(/\s+/g, " ")}\n${lastErrors}`,
      );
    }
    const [restoredLeads] = psql("agency", "select count(*) from contact_submissions").split("\n");
    const aside = psql("postgres", "select datname from pg_database where datname like 'agency_replaced_%'");
    console.log(
      `instances healthy again in ${Math.round(performance.now() - restoreStarted)} ms; /readyz through nginx ${afterRestore}; ` +
        `leads now ${restoredLeads} (the moment of ${newest}, before the update; ${stored} before the restore, kept in ${aside})`,
    );
    if (afterRestore !== 200 || restoredLeads !== "1") process.exitCode = 1;
  } finally {
    teardown(started);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
