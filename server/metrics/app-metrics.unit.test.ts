import { describe, expect, it } from "vitest";
import { parseMetrics, valueOf } from "../../tests/helpers/prometheus-text.ts";
import { createAppMetrics, type DatabaseReads } from "./app-metrics.ts";
import { formLabel, methodLabel, routeLabel, statusClass } from "./labels.ts";

describe("labels", () => {
  it("come from closed lists or our own patterns", () => {
    expect(formLabel("contact-page")).toBe("contact-page");
    expect(formLabel("jane@example.com")).toBe("other");
    expect(formLabel(undefined)).toBe("none");
    expect(methodLabel("PROPFIND")).toBe("OTHER");
    expect(routeLabel("/api/admin/leads/:kind/:id", false)).toBe("/api/admin/leads/:kind/:id");
    expect(routeLabel(undefined, true)).toBe("unmatched");
    expect(routeLabel("/*", true)).toBe("unmatched");
    expect(statusClass(503)).toBe("5xx");
  });
});

describe("a scrape's database reads", () => {
  it("share one query still waiting on a hung database instead of piling up another per scrape", async () => {
    let calls = 0;
    let hung = true;
    let release: () => void = () => undefined;
    const reads: DatabaseReads = {
      selectOne: () => {
        calls += 1;
        return hung ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
      backlog: async () => [
        { channel: "owner-email", state: "pending", count: 2, oldestCreatedAt: "2026-03-01T10:00:00.000Z" },
      ],
    };
    const metrics = createAppMetrics({
      reads,
      clock: () => new Date("2026-03-01T10:10:00.000Z"),
      processMetrics: false,
      timeoutMs: 50,
    });
    for (let scrape = 0; scrape < 3; scrape += 1) {
      const samples = parseMetrics((await metrics.scrape()).body);
      expect(valueOf(samples, "agency_database_up")).toBe(0);
      expect(valueOf(samples, "agency_deliveries_pending")).toBeUndefined();
    }
    expect(calls).toBe(1);

    // The database answers at last: the next scrape asks afresh and reads the outbox.
    hung = false;
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const samples = parseMetrics((await metrics.scrape()).body);
    expect(calls).toBe(2);
    expect(valueOf(samples, "agency_database_up")).toBe(1);
    expect(valueOf(samples, "agency_deliveries_pending", { channel: "owner-email" })).toBe(2);
    expect(valueOf(samples, "agency_deliveries_oldest_pending_age_seconds", { channel: "owner-email" })).toBe(600);
    expect(valueOf(samples, "agency_deliveries_pending", { channel: "webhook" })).toBe(0);
  });

  it("leave the outbox figures absent when the outbox cannot be read, the database up", async () => {
    const metrics = createAppMetrics({
      reads: { selectOne: async () => undefined, backlog: () => Promise.reject(new Error("relation does not exist")) },
      clock: () => new Date(),
      processMetrics: false,
    });
    const samples = parseMetrics((await metrics.scrape()).body);
    expect(valueOf(samples, "agency_database_up")).toBe(1);
    expect(valueOf(samples, "agency_deliveries_failed")).toBeUndefined();
  });
});
