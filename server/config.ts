import { availableParallelism } from "node:os";
import { z } from "zod";
import { ADMIN_PASSWORD_MIN_LENGTH } from "../contract/admin.ts";
import { businessDefaults, phoneHref } from "../contract/business-defaults.ts";
import { isTimeZone } from "../contract/contact-submission.ts";
import { MIN_HUMAN_FILL_MS } from "../contract/fields.ts";

// The server's whole configuration, parsed once at boot from the environment. A bad value stops the
// process with a list of every bad key instead of failing later at first use.

const booleanFlag = z.enum(["true", "false", "1", "0", ""]).transform((value) => value === "true" || value === "1");

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
  DATABASE_STARTUP_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  CLIENT_DIR: z.string().min(1).default("build/client"),
  SITE_ORIGIN: z.url().optional(),
  TRUST_PROXY: z.string().default("false"),
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("agency_session"),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_NAME: z.string().trim().min(1).max(80).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(ADMIN_PASSWORD_MIN_LENGTH, { error: `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters` })
    .optional(),
  RATE_LIMIT_FORMS_MAX: positiveInt.default(20),
  RATE_LIMIT_FORMS_WINDOW_MINUTES: positiveInt.default(10),
  RATE_LIMIT_LOGIN_MAX: positiveInt.default(10),
  RATE_LIMIT_LOGIN_WINDOW_MINUTES: positiveInt.default(15),
  RATE_LIMIT_ACCOUNT_MAX: positiveInt.default(20),
  RATE_LIMIT_ACCOUNT_WINDOW_MINUTES: positiveInt.default(60),
  RATE_LIMIT_ENABLED: booleanFlag.default(true),
  // The sign-in's password hashes (docs/decisions/032-sign-in-work-bound.md): half the cores, so pages
  // keep the rest, and below UV_THREADPOOL_SIZE (4), the threads compression and file reads share with scrypt.
  SIGN_IN_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.min(3, Math.max(1, Math.floor(availableParallelism() / 2)))),
  SIGN_IN_HASH_RESERVED: z.coerce.number().int().min(0).max(8).default(1),
  SIGN_IN_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(16),
  SIGN_IN_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(1500),
  REQUEST_TIMEOUT_SECONDS: positiveInt.default(30),
  HEADERS_TIMEOUT_SECONDS: positiveInt.default(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt.default(5),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { error: "must be an smtp:// or smtps:// URL (user and password in the URL)" })
    .optional(),
  MAIL_TRANSPORT: z.enum(["smtp", "files"], { error: "must be smtp or files" }).default("smtp"),
  MAIL_FILES_DIR: z.string().min(1).default("data/mail"),
  MAIL_FROM: z.string().min(3).max(320).optional(),
  NOTIFY_EMAIL: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: "must be one or more e-mail addresses, comma-separated" })).min(1))
    .optional(),
  AUTO_REPLY: booleanFlag.default(false),
  // Replies from leads (issue 33): the mailbox they arrive in, read over IMAP, and its address, whose
  // plus-tags (replies+<token>@…) carry each lead's reply address.
  IMAP_URL: z
    .string()
    .regex(/^imaps?:\/\/[^\s@]+@[^\s]+$/, {
      error: "must be an imap:// or imaps:// URL with the user and password (imaps://user:password@host/INBOX)",
    })
    .optional(),
  REPLY_TO_ADDRESS: z
    .email({ error: "must be the e-mail address of the IMAP mailbox (replies@example.com)" })
    .optional(),
  IMAP_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  WEBHOOK_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, { error: "must be whsec_ followed by base64 (the Standard Webhooks form)" })
    .optional(),
  // Settings the browser tests shorten (playwright.config.ts), so they wait for a state instead of seconds.
  PAGE_VIEW_FLUSH_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  FORM_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(MIN_HUMAN_FILL_MS),
  OWNER_TIMEZONE: z
    .string()
    .refine(isTimeZone, { error: "must be an IANA time zone such as America/New_York" })
    .default("America/New_York"),
  LEAD_RETENTION_DAYS: positiveInt.optional(),
  PUBLIC_COMPANY_NAME: z.string().min(1).default(businessDefaults.companyName),
  PUBLIC_PHONE: z.string().min(1).default(businessDefaults.phone),
  PUBLIC_PHONE_E164: z.string().min(1).optional(),
  // RFC 6750's token characters, so it fits an Authorization header as it is.
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/-]{32,512}=*$/, {
      error: "must be 32 or more letters, digits or ._~+/- (openssl rand -hex 32)",
    })
    .optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export type ServerConfig = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  logLevel: string;
  database: { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };
  /** How long start-up waits for the database to answer before giving up; 0 tries once. */
  databaseStartupTimeoutMs: number;
  /**
   * On SIGTERM, how long the server keeps accepting requests while `/readyz` answers 503, before it stops
   * listening: longer than the proxy's health-check interval, so the proxy has stopped sending by then.
   */
  shutdownGraceMs: number;
  clientDir: string;
  siteOrigin: string | null;
  /** false, true, a list of trusted addresses/CIDRs, or a hop count (as Fastify's trustProxy). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** TRUST_PROXY as a hop count (null: not one), for the start-up warning (trustProxyHopsWarning). */
  trustProxyHops: number | null;
  session: { cookieName: string; idleMs: number; maxMs: number };
  adminBootstrap: { email: string; password: string; name: string | null } | null;
  /**
   * Replies from leads (issue 33): IMAP_URL's mailbox is read every `pollMs` (and on IDLE news) by
   * server/delivery/inbound/; `replyAddress` is its address, plus-tagged per lead in the Reply-To of what we
   * send. null: replies are not collected (the admin says so and how to turn it on).
   */
  inbound: { imapUrl: string; mailbox: string; replyAddress: string; pollMs: number } | null;
  rateLimit: {
    enabled: boolean;
    forms: { max: number; windowMs: number };
    login: { max: number; windowMs: number };
    /** Failed sign-ins per account (from any address), and wrong current passwords per admin. */
    account: { max: number; windowMs: number };
  };
  /** The bound on the sign-in's password hashing (server/lib/work-limiter.ts); not a rate limit, always on. */
  signInWork: { concurrency: number; reserved: number; queueMax: number; maxWaitMs: number };
  /** How long a client may take to send a request, its headers, and its next request on a kept-alive connection. */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  /** Where every lead is delivered (server/delivery/); a channel left unset is recorded as not configured. */
  delivery: DeliveryConfig;
  /** Leads older than this are deleted (with their notes and deliveries) once a day; null keeps them. */
  leadRetentionDays: number | null;
  /** How often the page-view counters in memory are written (server/routes/api/page-views.ts). */
  pageViewFlushMs: number;
  /** The spam guard's "filled too fast": a form token younger than this, or a browser timer below it, is spam. */
  formMinFillMs: number;
  /**
   * GET /metrics (server/plugins/app/metrics.ts): with `token`, on the main port behind a bearer token; with
   * `listen`, on a second address of its own without one. Both null: off.
   */
  metrics: { token: string | null; listen: { host: string; port: number } | null };
};

export type MailTransportConfig = { kind: "smtp"; url: string } | { kind: "files"; dir: string };

export type DeliveryConfig = {
  /** null: no e-mail is sent (deliveries are recorded as not configured). */
  mail: { transport: MailTransportConfig; from: string } | null;
  /**
   * NOTIFY_EMAIL: the owner's addresses for the new-lead e-mail while none set in the admin is confirmed
   * (server/delivery/owner-channels.ts decides; may be empty, even with mail: the owner adds one in the admin).
   */
  notify: string[];
  /** AUTO_REPLY=true (needs mail): the auto-reply's default, until the owner switches it in the admin. */
  autoReply: boolean;
  webhook: { url: string; secret: string } | null;
  /** The owner's time zone: requested meetings are shown in it beside the lead's. */
  ownerTimeZone: string;
  /** Who the auto-reply comes from, and the phone it offers (the site's PUBLIC_COMPANY_NAME and PUBLIC_PHONE). */
  business: { companyName: string; phone: string; phoneHref: string };
};

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const SECOND_MS = 1000;

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

/** Whether HOST only takes connections from this machine (a proxy on it, nobody else). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * A hop count believes the last X-Forwarded-For entry of whoever connects. Only the proxy must be able to
 * connect: on any other address a client that reaches the port directly writes its own X-Forwarded-For
 * and chooses the address every per-address limit counts (issue 32, finding 12). null: nothing to say.
 */
export function trustProxyHopsWarning(config: Pick<ServerConfig, "trustProxyHops" | "host">): string | null {
  if (config.trustProxyHops === null || config.trustProxyHops === 0 || isLoopbackHost(config.host)) return null;
  return `TRUST_PROXY=${config.trustProxyHops} believes X-Forwarded-For from anyone who reaches HOST=${config.host}, so a client that bypasses the proxy chooses the address its rate limits count; bind HOST=127.0.0.1 with the proxy on this machine, or set TRUST_PROXY to the proxy's addresses (docs/serving.md, "Origins and proxies")`;
}

/** While SITE_ORIGIN is unset, links in e-mails point at this machine; `origin` is the one they use. null: set. */
export function siteOriginWarning(config: Pick<ServerConfig, "siteOrigin">, origin: string): string | null {
  if (config.siteOrigin !== null) return null;
  return `SITE_ORIGIN is not set, so links in e-mails (invitations, password resets, address confirmations) point to ${origin}; set SITE_ORIGIN to the site's public origin (https://www.example.com)`;
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
  const mailTransport: MailTransportConfig | null =
    e.MAIL_TRANSPORT === "files"
      ? { kind: "files", dir: e.MAIL_FILES_DIR }
      : e.SMTP_URL
        ? { kind: "smtp", url: e.SMTP_URL }
        : null;
  const deliveryProblems = [
    mailTransport && !e.MAIL_FROM && "MAIL_FROM must be set when mail is configured (SMTP_URL or MAIL_TRANSPORT=files)",
    e.AUTO_REPLY && !mailTransport && "AUTO_REPLY=true needs mail (SMTP_URL or MAIL_TRANSPORT=files)",
    Boolean(e.WEBHOOK_URL) !== Boolean(e.WEBHOOK_SECRET) && "WEBHOOK_URL and WEBHOOK_SECRET must be set together",
    Boolean(e.IMAP_URL) !== Boolean(e.REPLY_TO_ADDRESS) && "IMAP_URL and REPLY_TO_ADDRESS must be set together",
    e.IMAP_URL && !mailTransport && "IMAP_URL needs mail to send replies with (SMTP_URL or MAIL_TRANSPORT=files)",
  ].filter((problem): problem is string => typeof problem === "string");
  if (deliveryProblems.length > 0)
    throw new ConfigError(`Invalid environment:\n${deliveryProblems.map((p) => `  ${p}`).join("\n")}`);
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    // The headers are part of the request: Node refuses a headers timeout longer than the request's.
    throw new ConfigError("Invalid environment:\n  HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS");
  }
  if (e.METRICS_HOST !== undefined && e.METRICS_PORT === undefined) {
    throw new ConfigError("Invalid environment:\n  METRICS_HOST needs METRICS_PORT (the metrics listener's port)");
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      "Invalid environment:\n  METRICS_PORT must differ from PORT (the metrics get a listener of their own)",
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "sqlite", path: e.SQLITE_PATH },
    databaseStartupTimeoutMs: e.DATABASE_STARTUP_TIMEOUT_SECONDS * 1000,
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    clientDir: e.CLIENT_DIR,
    siteOrigin: e.SITE_ORIGIN ? new URL(e.SITE_ORIGIN).origin : null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    trustProxyHops: /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : null,
    session: {
      cookieName: e.SESSION_COOKIE_NAME,
      idleMs: e.SESSION_IDLE_DAYS * DAY_MS,
      maxMs: e.SESSION_MAX_DAYS * DAY_MS,
    },
    adminBootstrap:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME ?? null }
        : null,
    inbound:
      e.IMAP_URL && e.REPLY_TO_ADDRESS
        ? {
            imapUrl: e.IMAP_URL,
            mailbox: decodeURIComponent(new URL(e.IMAP_URL).pathname.replace(/^\/+/, "")) || "INBOX",
            replyAddress: e.REPLY_TO_ADDRESS.toLowerCase(),
            pollMs: e.IMAP_POLL_SECONDS * SECOND_MS,
          }
        : null,
    rateLimit: {
      enabled: e.RATE_LIMIT_ENABLED,
      forms: { max: e.RATE_LIMIT_FORMS_MAX, windowMs: e.RATE_LIMIT_FORMS_WINDOW_MINUTES * MINUTE_MS },
      login: { max: e.RATE_LIMIT_LOGIN_MAX, windowMs: e.RATE_LIMIT_LOGIN_WINDOW_MINUTES * MINUTE_MS },
      account: { max: e.RATE_LIMIT_ACCOUNT_MAX, windowMs: e.RATE_LIMIT_ACCOUNT_WINDOW_MINUTES * MINUTE_MS },
    },
    signInWork: {
      concurrency: e.SIGN_IN_HASH_CONCURRENCY,
      reserved: e.SIGN_IN_HASH_RESERVED,
      queueMax: e.SIGN_IN_QUEUE_MAX,
      maxWaitMs: e.SIGN_IN_QUEUE_WAIT_MS,
    },
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * SECOND_MS,
      headersMs: e.HEADERS_TIMEOUT_SECONDS * SECOND_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * SECOND_MS,
    },
    delivery: {
      mail: mailTransport && e.MAIL_FROM ? { transport: mailTransport, from: e.MAIL_FROM } : null,
      notify: e.NOTIFY_EMAIL ?? [],
      autoReply: e.AUTO_REPLY,
      webhook: e.WEBHOOK_URL && e.WEBHOOK_SECRET ? { url: e.WEBHOOK_URL, secret: e.WEBHOOK_SECRET } : null,
      ownerTimeZone: e.OWNER_TIMEZONE,
      business: {
        companyName: e.PUBLIC_COMPANY_NAME,
        phone: e.PUBLIC_PHONE,
        phoneHref: phoneHref(e.PUBLIC_PHONE, e.PUBLIC_PHONE_E164),
      },
    },
    leadRetentionDays: e.LEAD_RETENTION_DAYS ?? null,
    pageViewFlushMs: e.PAGE_VIEW_FLUSH_MS,
    formMinFillMs: e.FORM_MIN_FILL_MS,
    metrics: {
      token: e.METRICS_TOKEN ?? null,
      // Loopback unless told otherwise: Prometheus on the same machine, or METRICS_HOST=0.0.0.0 in a container.
      listen: e.METRICS_PORT === undefined ? null : { host: e.METRICS_HOST ?? "127.0.0.1", port: e.METRICS_PORT },
    },
  };
}
