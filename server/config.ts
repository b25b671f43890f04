import { z } from "zod";

// The server's whole configuration, parsed once at boot from the environment. A bad value stops the
// process with a list of every bad key instead of failing later at first use.

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .transform((value) => value === "true" || value === "1");

const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// URL (leave unset for SQLite)" })
    .optional(),
  SQLITE_PATH: z.string().min(1).default("data/agency.sqlite"),
  CLIENT_DIR: z.string().min(1).default("build/client"),
  SITE_ORIGIN: z.url().optional(),
  TRUST_PROXY: z.string().default("false"),
  SESSION_COOKIE_NAME: z.string().regex(/^[A-Za-z0-9_-]+$/).default("agency_session"),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, { error: "must be at least 12 characters" }).optional(),
  RATE_LIMIT_FORMS_MAX: positiveInt.default(20),
  RATE_LIMIT_FORMS_WINDOW_MINUTES: positiveInt.default(10),
  RATE_LIMIT_LOGIN_MAX: positiveInt.default(10),
  RATE_LIMIT_LOGIN_WINDOW_MINUTES: positiveInt.default(15),
  RATE_LIMIT_ENABLED: booleanFlag.default(true),
});

export type ServerConfig = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  logLevel: string;
  database: { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };
  clientDir: string;
  siteOrigin: string | null;
  /** false, true, a list of trusted addresses/CIDRs, or a hop count (as Fastify's trustProxy). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  session: { cookieName: string; idleMs: number; maxMs: number };
  adminBootstrap: { email: string; password: string } | null;
  rateLimit: {
    enabled: boolean;
    forms: { max: number; windowMs: number };
    login: { max: number; windowMs: number };
  };
};

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** TRUST_PROXY: "false", "true", a hop count, or a comma-separated list of addresses/CIDRs. */
function parseTrustProxy(value: string): ServerConfig["trustProxy"] {
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable (DATABASE_URL=) means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError("Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "sqlite", path: e.SQLITE_PATH },
    clientDir: e.CLIENT_DIR,
    siteOrigin: e.SITE_ORIGIN ? new URL(e.SITE_ORIGIN).origin : null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    session: {
      cookieName: e.SESSION_COOKIE_NAME,
      idleMs: e.SESSION_IDLE_DAYS * DAY_MS,
      maxMs: e.SESSION_MAX_DAYS * DAY_MS,
    },
    adminBootstrap: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : null,
    rateLimit: {
      enabled: e.RATE_LIMIT_ENABLED,
      forms: { max: e.RATE_LIMIT_FORMS_MAX, windowMs: e.RATE_LIMIT_FORMS_WINDOW_MINUTES * MINUTE_MS },
      login: { max: e.RATE_LIMIT_LOGIN_MAX, windowMs: e.RATE_LIMIT_LOGIN_WINDOW_MINUTES * MINUTE_MS },
    },
  };
}
