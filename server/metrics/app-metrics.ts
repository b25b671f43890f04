import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { deliveryChannels } from "../../contract/deliveries.ts";
import type { LeadKind } from "../../contract/admin-leads.ts";
import { withDatabaseTimeout } from "../db/unavailable.ts";
import type { SpamCode } from "../lib/spam-check.ts";
import { formLabel, methodLabel, routeLabel, statusClass } from "./labels.ts";

// The app's metrics (docs/deploy/metrics.md): one registry per app, not prom-client's global one, so tests
// build several apps side by side. Counters move where their cause happens (a request, a committed lead);
// the database's figures are read at scrape time, so every instance on a shared PostgreSQL reports the same
// outbox, and a slow database costs a scrape at most DATABASE_READ_TIMEOUT_MS per read, never a hang.

/** Each read of the database a scrape makes (`select 1`, then the outbox's backlog) gives up after this. */
export const DATABASE_READ_TIMEOUT_MS = 2_000;

/** What a scrape reads from the database; the plugin passes the app's own. */
export type DatabaseReads = {
  selectOne: () => Promise<unknown>;
  backlog: () => Promise<{ channel: string; state: string; count: number; oldestCreatedAt: string | null }[]>;
};

export type AppMetricsOptions = {
  reads: DatabaseReads;
  clock: () => Date;
  /** prom-client's process and Node.js metrics (event-loop lag, heap, GC, handles): only where /metrics is served. */
  processMetrics: boolean;
  timeoutMs?: number;
};

export function createAppMetrics({
  reads,
  clock,
  processMetrics,
  timeoutMs = DATABASE_READ_TIMEOUT_MS,
}: AppMetricsOptions) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "agency_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code",
    labelNames: ["method", "route", "status_code"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "agency_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route pattern and status class",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const leadsStored = new Counter({
    name: "agency_leads_stored_total",
    help: "Leads stored (not spam), by kind and form",
    labelNames: ["kind", "form"] as const,
    registers: [registry],
  });
  const spamFlagged = new Counter({
    name: "agency_spam_flagged_total",
    help: "Leads stored as spam, by kind and reason",
    labelNames: ["kind", "reason"] as const,
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: "agency_database_up",
    help: `1 when the database answered select 1 within ${timeoutMs} ms at this scrape, else 0`,
    registers: [registry],
  });
  const byChannel = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: ["channel"] as const, registers: [registry] });
  const pending = byChannel(
    "agency_deliveries_pending",
    "Deliveries waiting to be sent (pending or being sent), per channel; read from the database at scrape time",
  );
  const failed = byChannel(
    "agency_deliveries_failed",
    "Deliveries given up after two days of retries, per channel (until the owner sends them again)",
  );
  const notConfigured = byChannel(
    "agency_deliveries_not_configured",
    "Deliveries never sent because their channel was not set up, per channel",
  );
  const oldestAge = byChannel(
    "agency_deliveries_oldest_pending_age_seconds",
    "Age of the oldest delivery still waiting to be sent, per channel (0 when none waits)",
  );
  const outboxGauges = [pending, failed, notConfigured, oldestAge];

  // A query still waiting on the database from an earlier scrape is waited on again, not repeated, so a
  // hung database holds one connection for the metrics, not one per scrape.
  const shared = <T>(read: () => Promise<T>) => {
    let inFlight: Promise<T> | null = null;
    return () => {
      inFlight ??= read().finally(() => {
        inFlight = null;
      });
      return withDatabaseTimeout(inFlight, timeoutMs, "a metrics read");
    };
  };
  const selectOne = shared(reads.selectOne);
  const backlog = shared(reads.backlog);

  /** Reads the database's figures into the gauges: absent rather than stale when the database does not answer. */
  async function readDatabase(): Promise<void> {
    const up = await selectOne().then(
      () => true,
      () => false,
    );
    databaseUp.set(up ? 1 : 0);
    for (const gauge of outboxGauges) gauge.reset();
    if (!up) return;
    let rows;
    try {
      rows = await backlog();
    } catch {
      return;
    }
    const nowMs = clock().getTime();
    for (const channel of deliveryChannels) {
      const of = (...states: string[]) => rows.filter((row) => row.channel === channel && states.includes(row.state));
      const count = (...states: string[]) => of(...states).reduce((sum, row) => sum + row.count, 0);
      const oldest = of("pending", "sending")
        .map((row) => (row.oldestCreatedAt === null ? NaN : Date.parse(row.oldestCreatedAt)))
        .filter((ms) => !Number.isNaN(ms))
        .sort((a, b) => a - b)[0];
      pending.set({ channel }, count("pending", "sending"));
      failed.set({ channel }, count("failed"));
      notConfigured.set({ channel }, count("not-configured"));
      oldestAge.set({ channel }, oldest === undefined ? 0 : Math.max(0, (nowMs - oldest) / 1000));
    }
  }

  let scraping: Promise<string> | null = null;

  return {
    registry,
    /** One answered request; `route` is the matched route's pattern (undefined when none matched). */
    observeRequest(request: {
      method: string;
      route: string | undefined;
      is404: boolean;
      statusCode: number;
      seconds: number;
    }): void {
      const method = methodLabel(request.method);
      const route = routeLabel(request.route, request.is404);
      requests.inc({ method, route, status_code: String(request.statusCode) });
      duration.observe({ method, route, status_class: statusClass(request.statusCode) }, request.seconds);
    },
    /** A lead committed to the database (not a replay of one). */
    leadStored(kind: LeadKind, formName: string | null | undefined, spam: SpamCode | null): void {
      if (spam === null) leadsStored.inc({ kind, form: formLabel(formName) });
      else spamFlagged.inc({ kind, reason: spam });
    },
    /** The Prometheus text of every metric, the database's read now (scrapes at the same moment share one read). */
    async scrape(): Promise<{ contentType: string; body: string }> {
      scraping ??= readDatabase()
        .then(() => registry.metrics())
        .finally(() => {
          scraping = null;
        });
      return { contentType: registry.contentType, body: await scraping };
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
