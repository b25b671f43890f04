import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

/** The error loadConfig throws for `env` (fails the test if it does not throw a ConfigError). */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("loadConfig did not throw");
}

describe("loadConfig defaults", () => {
  it("uses the documented defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.database).toEqual({ kind: "sqlite", path: "data/agency.sqlite" });
    expect(config.session.idleMs).toBe(7 * 24 * 60 * 60 * 1000);
    expect(config.rateLimit.enabled).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.siteOrigin).toBeNull();
    expect(config.adminBootstrap).toBeNull();
  });
});

describe("loadConfig database", () => {
  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@h:5432/db" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@h:5432/db" });
  });

  it("rejects a non-postgres DATABASE_URL", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(ConfigError);
    expect(configError({ DATABASE_URL: "mysql://x" }).message).toContain("DATABASE_URL");
  });
});

describe("loadConfig errors", () => {
  it("names every bad key in one error", () => {
    const error = configError({ PORT: "abc", SESSION_IDLE_DAYS: "-1", LOG_LEVEL: "loud" });
    expect(error.message).toContain("PORT");
    expect(error.message).toContain("SESSION_IDLE_DAYS");
    expect(error.message).toContain("LOG_LEVEL");
  });
});

describe("loadConfig admin bootstrap", () => {
  it("requires ADMIN_PASSWORD with ADMIN_EMAIL", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "owner@example.com" })).toThrow(ConfigError);
  });

  it("rejects an ADMIN_PASSWORD shorter than 12 characters", () => {
    const error = configError({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "short-pass1" });
    expect(error.message).toContain("ADMIN_PASSWORD");
  });

  it("returns the bootstrap account when both are valid", () => {
    const config = loadConfig({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "a-long-password" });
    expect(config.adminBootstrap).toEqual({ email: "owner@example.com", password: "a-long-password" });
  });
});

describe("loadConfig TRUST_PROXY", () => {
  it("parses false and true", () => {
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
  });

  it("turns a hop count into a function that trusts that many hops", () => {
    const trustProxy = loadConfig({ TRUST_PROXY: "2" }).trustProxy;
    expect(typeof trustProxy).toBe("function");
    const trust = trustProxy as (address: string, hop: number) => boolean;
    expect(trust("1.2.3.4", 1)).toBe(true);
    expect(trust("1.2.3.4", 2)).toBe(false);
  });

  it("passes an address list through as a string", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8" }).trustProxy).toBe("10.0.0.0/8");
  });
});

describe("loadConfig SITE_ORIGIN", () => {
  it("keeps only the origin of the URL", () => {
    expect(loadConfig({ SITE_ORIGIN: "https://example.com/some/path" }).siteOrigin).toBe("https://example.com");
  });
});
