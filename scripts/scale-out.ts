import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startSmtpTestServer, type SmtpTestServer } from "../tests/helpers/smtp-test-server.ts";
import { postgresAdminUrl } from "../tests/helpers/test-database.ts";
import {
  findNginx,
  freePort,
  killAll,
  readAccessLog,
  readUpstreamFailures,
  startInstance,
  startNginx,
  stopInstance,
  waitReady,
  type Instance,
  type InstanceSetup,
  type Nginx,
} from "./scale-out/processes.ts";
import { readStored, tally, waitForOutbox, type Tally } from "./scale-out/tally.ts";
import { createVisitors } from "./scale-out/visitors.ts";

// npm run scale-out [-- --visitors 24 --seconds 40 --no-js-share 0.15 --base-port 4280 --report file.md
//                       --max-fails 1 --fail-timeout 5 --settle 6 --smtp-delay-ms 0 --probe 10
//                       --without-non-idempotent --build --keep-logs]
// The production topology of docs/deploy/scale-out.md from processes on this machine: a fresh PostgreSQL
// database, two instances of the built server, nginx in front with deploy/nginx/proxy-to-app.conf, and a
// real SMTP server (in this process) that records every message. Visitors send real lead forms through
// nginx (form tokens, idempotency keys, the form's own resend behaviour, some without JavaScript) while
// instance 1 is killed with SIGKILL and restarted, then both are restarted one after the other (SIGTERM,
// exit, start, /readyz). Then it counts: leads acknowledged, stored, lost, duplicated, the failures
// visitors saw, what nginx resent, latency, and each lead's owner e-mail at the SMTP server. Exits 1 when
// a lead is lost or duplicated, an e-mail is missing, or a lead got two different e-mails (a copy of the same message, from the outbox's at-least-once window, is reported). Everything it started is ended and the
// database dropped at the end, on failure and on Ctrl-C too.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = new Map<string, string>();
const flags = new Set<string>();
for (let i = 2; i < process.argv.length; i += 1) {
  const name = process.argv[i]!.replace(/^--/, "");
  const value = process.argv[i + 1];
  if (value === undefined || value.startsWith("--")) flags.add(name);
  else {
    args.set(name, value);
    i += 1;
  }
}
const VISITORS = Number(args.get("visitors") ?? 24);
const MIN_SECONDS = Number(args.get("seconds") ?? 40);
const NO_JS_SHARE = Number(args.get("no-js-share") ?? 0.15);
const BASE_PORT = args.has("base-port") ? Number(args.get("base-port")) : null;
const REPORT_FILE = args.get("report");
const WITHOUT_NON_IDEMPOTENT = flags.has("without-non-idempotent");
/** nginx's passive health check per upstream server, as docs/deploy/README.md sets it. */
const MAX_FAILS = Number(args.get("max-fails") ?? 1);
const FAIL_TIMEOUT_SECONDS = Number(args.get("fail-timeout") ?? 5);
/**
 * The rolling restart's wait after an instance answers /readyz, before the next one stops: nginx takes a
 * server it marked failed back only after fail_timeout, and stopping the other one before that leaves it
 * none ("no live upstreams", a 502 for every visitor). `--settle 0` shows it.
 */
const SETTLE_SECONDS = Number(args.get("settle") ?? FAIL_TIMEOUT_SECONDS + 1);
/**
 * How long the SMTP server takes to answer a message it has received (a real relay scans it first). The
 * message counts as arrived before the answer: a SIGKILL in that window is the outbox's at-least-once case.
 */
const SMTP_DELAY_MS = Number(args.get("smtp-delay-ms") ?? 0);
/** Leads of each kind sent to instance 1 and then, the same request, to instance 2 (nginx's resend). */
const PROBE_LEADS = Number(args.get("probe") ?? 10);
/** The server's idle keep-alive, and nginx's below it (production values: docs/deploy/README.md). */
const KEEP_ALIVE_TIMEOUT_SECONDS = 65;
const NGINX_KEEPALIVE_TIMEOUT_SECONDS = 60;
/** Longer than a SIGKILLed worker's lease (2 minutes, server/delivery/worker.ts) plus its retry. */
const OUTBOX_TIMEOUT_MS = 240_000;
const NOTIFY_EMAIL = "owner@scale-out.example";
const MAIL_DOMAIN = "scale-out.example";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => console.log(line);

// What cleanup must undo, filled in as the run goes.
let tempDir: string | null = null;
let databaseName: string | null = null;
let smtp: SmtpTestServer | null = null;
let nginx: Nginx | null = null;
const instances: Instance[] = [];
let keepTemp = flags.has("keep-logs");

async function dropDatabase(): Promise<void> {
  if (!databaseName) return;
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    // Every instance has exited; FORCE covers a connection the server has not noticed is gone yet.
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    databaseName = null;
  } finally {
    await client.end();
  }
}

async function cleanup(): Promise<void> {
  killAll();
  await smtp?.stop().catch(() => undefined);
  smtp = null;
  await dropDatabase().catch((error: unknown) =>
    console.error(`could not drop database ${databaseName}: ${(error as Error).message}`),
  );
  if (tempDir && !keepTemp) rmSync(tempDir, { recursive: true, force: true });
  else if (tempDir) say(`logs kept in ${tempDir}`);
  tempDir = null;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: ending every process of the run and dropping its database`);
    void cleanup().finally(() => process.exit(130));
  });
}

function ensureBuilt(): void {
  const missing = !existsSync(join(root, "dist/server/server.js")) || !existsSync(join(root, "build/client"));
  if (!missing && !flags.has("build")) return;
  say("building (npm run build) ...");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build failed");
}

async function main(): Promise<number> {
  const node = join(root, "node_modules/.bin/node");
  if (!existsSync(node)) throw new Error(`${node} is missing: run npm ci (it installs the project's Node 24)`);
  const nginxBinary = findNginx();
  if (!nginxBinary) throw new Error("nginx is not installed: sudo apt-get install nginx-light (or nginx)");
  ensureBuilt();

  tempDir = mkdtempSync(join(tmpdir(), "agency-scale-out-"));
  // nginx's workers run as an unprivileged user when it is started as root: they must reach the temp paths.
  chmodSync(tempDir, 0o755);
  const runId = randomBytes(3).toString("hex");
  const [nginxPort, port1, port2, smtpPort] =
    BASE_PORT === null
      ? await Promise.all([freePort(), freePort(), freePort(), freePort()])
      : [0, 1, 2, 3].map((i) => BASE_PORT + i);

  databaseName = `agency_scale_out_${Date.now()}_${runId}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`).finally(() => admin.end());
  const databaseUrl = Object.assign(new URL(postgresAdminUrl), { pathname: `/${databaseName}` }).toString();

  smtp = await startSmtpTestServer({ port: smtpPort });
  smtp.delayMs = SMTP_DELAY_MS;
  const siteOrigin = `http://127.0.0.1:${nginxPort}`;
  const setup = (name: string): InstanceSetup => ({
    root,
    node,
    logFile: join(tempDir!, `${name}.log`),
    env: {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      HOST: "127.0.0.1",
      SITE_ORIGIN: siteOrigin,
      TRUST_PROXY: "1",
      KEEP_ALIVE_TIMEOUT_SECONDS: String(KEEP_ALIVE_TIMEOUT_SECONDS),
      SMTP_URL: smtp!.url,
      MAIL_FROM: `leads@${MAIL_DOMAIN}`,
      NOTIFY_EMAIL,
      // Every visitor comes from this machine: per-address limits would count them as one.
      RATE_LIMIT_ENABLED: "false",
      LOG_LEVEL: "info",
    },
  });
  const ports = [port1!, port2!];
  const start = (i: number) => {
    const instance = startInstance(`instance-${i + 1}`, ports[i]!, setup(`instance-${i + 1}`));
    instances[i] = instance;
    return instance;
  };

  say(
    `scale-out run ${runId}: PostgreSQL database ${databaseName}, instances on ${ports.join(" and ")}, nginx on ${nginxPort}, SMTP on ${smtpPort}`,
  );
  // Started together: the migration lock lets one of them apply the migrations.
  const readyMs = await Promise.all([0, 1].map((i) => waitReady(start(i))));
  say(`instances ready in ${readyMs.join(" and ")} ms`);

  let include = join(root, "deploy/nginx/proxy-to-app.conf");
  if (WITHOUT_NON_IDEMPOTENT) {
    // The comparison run: the same file without non_idempotent (nginx then never resends a POST that went out).
    const variant = join(tempDir, "proxy-to-app-without-non-idempotent.conf");
    const text = readFileSync(include, "utf8");
    if (!/^proxy_next_upstream .* non_idempotent;$/m.test(text))
      throw new Error("proxy-to-app.conf has no proxy_next_upstream … non_idempotent line to remove");
    writeFileSync(variant, text.replace(/^(proxy_next_upstream .*) non_idempotent;$/m, "$1;"));
    include = variant;
  } else copyFileSync(include, join(tempDir, "proxy-to-app.conf"));
  nginx = await startNginx({
    binary: nginxBinary,
    dir: tempDir,
    listenPort: nginxPort!,
    upstreamPorts: ports,
    include,
    keepaliveTimeoutSeconds: NGINX_KEEPALIVE_TIMEOUT_SECONDS,
    maxFails: MAX_FAILS,
    failTimeoutSeconds: FAIL_TIMEOUT_SECONDS,
  });
  const probe = await fetch(`${siteOrigin}/readyz`);
  await probe.arrayBuffer();
  if (probe.status !== 200) throw new Error(`/readyz through nginx answered ${probe.status}`);
  say(
    `nginx ${WITHOUT_NON_IDEMPOTENT ? "WITHOUT non_idempotent" : "with deploy/nginx/proxy-to-app.conf"} in front; ${VISITORS} visitors start\n`,
  );

  const visitors = createVisitors({ baseUrl: siteOrigin, origin: siteOrigin, runId, noJsShare: NO_JS_SHARE });
  const loadStarted = performance.now();
  const at = () => ((performance.now() - loadStarted) / 1000).toFixed(1).padStart(5);
  const timeline: string[] = [];
  const event = (text: string) => {
    const line = `+${at()} s  ${text}`;
    timeline.push(line);
    say(line);
  };
  const load = visitors.run(VISITORS);

  const scenario = async () => {
    await sleep(6000);
    const victim = instances[0]!;
    victim.child.kill("SIGKILL");
    const killed = await victim.exited;
    event(`instance-1 SIGKILLed (exit signal ${killed.signal})`);
    await sleep(4000);
    event("instance-1 starting again");
    event(`instance-1 ready (/readyz 200 after ${await waitReady(start(0))} ms)`);
    await sleep(Math.max(6, SETTLE_SECONDS) * 1000);
    for (const i of [0, 1]) {
      const name = `instance-${i + 1}`;
      event(`rolling restart: ${name} SIGTERM`);
      const stopped = await stopInstance(instances[i]!);
      event(
        `${name} exited with code ${stopped.code ?? `signal ${stopped.signal}`} after ${stopped.ms} ms; starting it`,
      );
      event(
        `${name} ready (/readyz 200 after ${await waitReady(start(i))} ms)${i === 0 ? `; the next stops in ${SETTLE_SECONDS} s (fail_timeout ${FAIL_TIMEOUT_SECONDS} s)` : ""}`,
      );
      await sleep(i === 0 ? SETTLE_SECONDS * 1000 : 3000);
    }
  };
  await scenario();
  const tail = Math.max(6000, MIN_SECONDS * 1000 - (performance.now() - loadStarted));
  await sleep(tail);
  event("visitors stop (each finishes the lead it is on)");
  visitors.stop();
  await load;
  event(`load over: ${visitors.leads.length} leads started`);
  if (PROBE_LEADS > 0) {
    await visitors.resendProbe(PROBE_LEADS, `http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`);
    event(
      `resend probe: ${PROBE_LEADS} JSON and ${PROBE_LEADS} no-JS leads each sent to instance-1, then the same request to instance-2`,
    );
  }

  say("\nwaiting for the outbox to drain ...");
  const outbox = await waitForOutbox(databaseUrl, OUTBOX_TIMEOUT_MS, say);
  event(
    outbox.drained
      ? `outbox drained (${outbox.seconds.toFixed(0)} s after the load)`
      : `outbox NOT drained after ${outbox.seconds.toFixed(0)} s`,
  );
  // A second, so a message the last send put on the wire has arrived; then everything stops.
  await sleep(1000);
  await nginx.stop();
  const exits = await Promise.all(instances.map((instance) => stopInstance(instance)));
  const logs = instances.map((instance) => readFileSync(join(tempDir!, `${instance.name}.log`), "utf8"));
  const logCount = (text: string) =>
    logs.reduce((sum, log) => sum + log.split("\n").filter((line) => line.includes(text)).length, 0);
  const serverErrors = logs.reduce(
    (sum, log) => sum + log.split("\n").filter((line) => /"level":(50|60)/.test(line)).length,
    0,
  );

  const stored = await readStored(databaseUrl);
  const result = tally({
    leads: visitors.leads,
    tokenFetches: visitors.tokenFetches,
    stored: stored.leads,
    deliveries: stored.deliveries,
    mails: smtp.received,
    notifyEmail: NOTIFY_EMAIL,
    access: readAccessLog(tempDir),
    upstreamFailures: readUpstreamFailures(tempDir),
  });
  const report = formatReport(result, {
    runId,
    timeline,
    outbox,
    exits: exits.map((exit, i) => `instance-${i + 1} ${exit.code ?? exit.signal}`).join(", "),
    replayed: logCount("answered a retry with the first receipt"),
    serverErrors,
    loadSeconds: (performance.now() - loadStarted) / 1000,
  });
  say(`\n${report}`);
  if (REPORT_FILE) writeFileSync(REPORT_FILE, `${report}\n`);
  if (!result.ok || !outbox.drained) keepTemp = true;
  return result.ok && outbox.drained ? 0 : 1;
}

function formatReport(
  t: Tally,
  run: {
    runId: string;
    timeline: string[];
    outbox: { seconds: number; drained: boolean };
    exits: string;
    replayed: number;
    serverErrors: number;
    loadSeconds: number;
  },
): string {
  const list = (items: string[], max = 10) =>
    items.length === 0 ? "" : `: ${items.slice(0, max).join(", ")}${items.length > max ? ", …" : ""}`;
  const map = (counts: Map<string, number>) =>
    [...counts].length === 0 ? "none" : [...counts].map(([key, count]) => `${key} × ${count}`).join("; ");
  const ms = (value: number) => `${Math.round(value)} ms`;
  const pass = (good: boolean) => (good ? "ok" : "FAIL");
  return [
    `## npm run scale-out, run ${run.runId} (${new Date().toISOString()})`,
    "",
    `Two instances (node dist/server/server.js, SMTP answering after ${SMTP_DELAY_MS} ms, KEEP_ALIVE_TIMEOUT_SECONDS=${KEEP_ALIVE_TIMEOUT_SECONDS}) on one PostgreSQL database, nginx in front (upstream servers max_fails=${MAX_FAILS} fail_timeout=${FAIL_TIMEOUT_SECONDS}s, keepalive 32, keepalive_timeout ${NGINX_KEEPALIVE_TIMEOUT_SECONDS}s, ${WITHOUT_NON_IDEMPOTENT ? "proxy-to-app.conf WITHOUT non_idempotent" : "deploy/nginx/proxy-to-app.conf"}), ${VISITORS} visitors for ${run.loadSeconds.toFixed(0)} s, ${Math.round(NO_JS_SHARE * 100)} % of leads without JavaScript; rolling restart waits ${SETTLE_SECONDS} s after /readyz.`,
    "",
    "```",
    ...run.timeline,
    "```",
    "",
    "| | |",
    "|---|---|",
    `| Leads sent | ${t.leadsStarted} (${t.byVariant.map((v) => `${v.variant} ${v.acknowledged}/${v.started}`).join(", ")} acknowledged/started) |`,
    `| Leads acknowledged (2xx/303 receipt) | ${t.acknowledged} (${t.acknowledgedByVisitors} by visitors through nginx, ${t.acknowledged - t.acknowledgedByVisitors} by the resend probe) |`,
    `| Leads stored (rows, not spam) | ${t.stored} of ${t.storedRows} rows; spam ${t.spam.length}${list(
      t.spam.map((row) => row.spamReason ?? ""),
      3,
    )} |`,
    `| Leads lost (acknowledged, not stored) | ${t.lost.length}${list(t.lost.map((lead) => lead.marker))} ${pass(t.lost.length === 0)} |`,
    `| Duplicates (rows per marker > 1) | ${t.duplicates.length}${list(t.duplicates.map(([marker, rows]) => `${marker}×${rows.length}`))} ${pass(t.duplicates.length === 0)} |`,
    `| Receipts naming another row | ${t.receiptMismatches.length} ${pass(t.receiptMismatches.length === 0)} |`,
    `| Stored but not acknowledged (the visitor gave up; the lead is there) | ${t.storedNotAcknowledged.length}${list(t.storedNotAcknowledged)} |`,
    `| Visitor-visible failures (failed answers: toast or error page) | ${t.failedSends} (${map(t.failuresByStatus)}), on ${t.leadsWithFailure} leads |`,
    `| Leads given up after ${4} sends / refused (4xx) | ${t.gaveUp.length} / ${t.refused.length}${list(
      t.refused.map((lead) => lead.refused ?? ""),
      3,
    )} |`,
    `| Form-token fetches failed | ${t.failedTokenFetches} of ${t.tokenFetches}; leads sent without a token: ${t.withoutToken} |`,
    `| Requests nginx sent to the other instance | ${t.nginx.retried} of ${t.nginx.requests} (${map(t.nginx.retriedBy)}) |`,
    `| Why nginx gave up on an instance (error log) | ${map(t.nginx.failureCauses)}; 503 from a stopping instance × ${t.nginx.closing503} |`,
    `| POSTs that failed after reaching an instance (resent only with non_idempotent) | ${t.nginx.postsSentThenFailed} |`,
    `| 5xx answers nginx gave clients | ${t.nginx.clientErrors.length}${list(
      t.nginx.clientErrors.map((line) => `${line.method} ${line.uri} ${line.status} (${line.upstreamStatus})`),
      5,
    )} |`,
    `| Resend probe: the same lead request to instance-1, then to instance-2 | answered alike ${t.probe.alike} of ${t.probe.leads} ${pass(t.probe.alike === t.probe.leads)} |`,
    `| Resends answered with the first receipt (server logs) | ${run.replayed} |`,
    `| Lead POST latency (${t.latency.count} sends) | p50 ${ms(t.latency.p50)}, p95 ${ms(t.latency.p95)}, p99 ${ms(t.latency.p99)}, max ${ms(t.latency.max)} |`,
    `| Owner e-mails at the SMTP server | ${t.mails.received} received for ${t.mails.expected} stored leads |`,
    `| Leads without their e-mail / e-mailed twice or more | ${t.mails.missing.length} / ${t.mails.duplicated.length}${list(t.mails.duplicated.map((row) => row.id))} ${pass(t.mails.missing.length === 0)} |`,
    `| Of those twice: with two different Message-IDs | ${t.mails.distinctDuplicated.length} ${pass(t.mails.distinctDuplicated.length === 0)} (one Message-ID twice is the outbox's resend after a SIGKILL between the SMTP server's acceptance and the outbox's commit; mail programs show it once) |`,
    `| Spam e-mailed / stray messages / marker not in its e-mail / leads without exactly one owner-email row | ${t.mails.spamMailed.length} / ${t.mails.stray.length} / ${t.mails.markerMismatch.length} / ${t.mails.deliveryRowsWrong.length} |`,
    `| Owner-email deliveries by state; claimed more than once | ${map(t.mails.deliveryStates)}; ${t.mails.sentMoreThanOnce.length} |`,
    `| Outbox drained | ${run.outbox.drained ? `${run.outbox.seconds.toFixed(0)} s after the load` : `NO (${run.outbox.seconds.toFixed(0)} s)`} |`,
    `| Final exits (SIGTERM) / server error lines | ${run.exits} / ${run.serverErrors} |`,
    "",
    t.ok && run.outbox.drained
      ? "Result: PASS (nothing lost, nothing duplicated, every lead e-mailed as one message)"
      : "Result: FAIL",
  ].join("\n");
}

let code = 1;
try {
  code = await main();
} catch (error) {
  keepTemp = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  if (!interrupted) await cleanup();
}
process.exit(code);
