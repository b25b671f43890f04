import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { metricNames } from "../../tests/helpers/prometheus-text.ts";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app.ts";

// The example alert rules (deploy/prometheus/alerts.yml) only use metrics GET /metrics exposes: a renamed
// metric would leave an alert that can never fire. (`promtool test rules deploy/prometheus/alerts.test.yml`
// checks when they fire; promtool is not needed here.)

type Rule = { alert: string; expr: string; for?: string; labels?: Record<string, string> };
const rules: Rule[] = (
  parse(readFileSync("deploy/prometheus/alerts.yml", "utf8")) as { groups: { rules: Rule[] }[] }
).groups.flatMap((group) => group.rules);

/** Series Prometheus makes itself for every target, not the app. */
const PROMETHEUS_OWN = new Set(["up", "scrape_duration_seconds", "scrape_samples_scraped"]);
const KEYWORDS = new Set([
  "and",
  "or",
  "unless",
  "bool",
  "offset",
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
]);

/** The metric names of a PromQL expression: its identifiers that are not functions, keywords or label names. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "");
  const names = [...bare.matchAll(/(?<![0-9.])([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)]
    .filter((match) => match[2] === undefined)
    .map((match) => match[1]!);
  return [...new Set(names.filter((name) => !KEYWORDS.has(name)))];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metrics: { token: "test-metrics-token-0123456789abcdef", listen: null } });
});
afterAll(async () => {
  await t.close();
});

describe("deploy/prometheus/alerts.yml", () => {
  it("has the rules the deploy guide promises, each with a severity and a for: clause", () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        "AgencyInstanceDown",
        "AgencyDatabaseDown",
        "AgencyDeliveryBacklog",
        "AgencyHighErrorRate",
      ]),
    );
    for (const rule of rules) {
      expect(rule.labels?.severity, rule.alert).toMatch(/^(critical|warning)$/);
      expect(rule.for, rule.alert).toMatch(/^\d+m$/);
    }
  });

  it("uses only metrics that /metrics exposes (or that Prometheus makes itself)", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer test-metrics-token-0123456789abcdef" },
    });
    const exposed = metricNames(response.body);
    const used = rules.flatMap((rule) => metricNamesIn(rule.expr).map((name) => ({ rule: rule.alert, name })));
    expect(used.map((use) => use.name)).toEqual(
      expect.arrayContaining([
        "up",
        "agency_database_up",
        "agency_deliveries_oldest_pending_age_seconds",
        "agency_http_requests_total",
      ]),
    );
    const missing = used.filter(
      ({ name }) =>
        !PROMETHEUS_OWN.has(name) && !exposed.has(name) && !exposed.has(name.replace(/_(bucket|sum|count)$/, "")),
    );
    expect(missing).toEqual([]);
  });

  it("reads metric names out of PromQL (so the check above can fail)", () => {
    expect(
      metricNamesIn(
        'sum by (channel) (rate(agency_x_total{job="agency", status_code=~"5.."}[5m])) / on (job) group_left up > bool 0.5 and nodejs_y offset 5m',
      ),
    ).toEqual(["agency_x_total", "up", "nodejs_y"]);
  });
});
