import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, isLoopbackHost, loadConfig, siteOriginWarning, trustProxyHopsWarning } from "./config.ts";

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

  it("waits 60 s for the database at start-up unless DATABASE_STARTUP_TIMEOUT_SECONDS says otherwise", () => {
    expect(loadConfig({}).databaseStartupTimeoutMs).toBe(60_000);
    expect(loadConfig({ DATABASE_STARTUP_TIMEOUT_SECONDS: "5" }).databaseStartupTimeoutMs).toBe(5_000);
    expect(loadConfig({ DATABASE_STARTUP_TIMEOUT_SECONDS: "0" }).databaseStartupTimeoutMs).toBe(0);
  });

  it("rejects a negative, fractional or absurd DATABASE_STARTUP_TIMEOUT_SECONDS", () => {
    for (const value of ["-1", "1.5", "ten", "3601"]) {
      expect(configError({ DATABASE_STARTUP_TIMEOUT_SECONDS: value }).message).toContain(
        "DATABASE_STARTUP_TIMEOUT_SECONDS",
      );
    }
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
    expect(config.adminBootstrap).toEqual({ email: "owner@example.com", password: "a-long-password", name: null });
    expect(
      loadConfig({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "a-long-password", ADMIN_NAME: " Maria Owens " })
        .adminBootstrap?.name,
    ).toBe("Maria Owens");
  });
});

describe("loadConfig replies over IMAP (issue 33)", () => {
  it("reads the mailbox, its folder and address, and needs both and mail", () => {
    const config = loadConfig({
      SMTP_URL: "smtp://mail.example:587",
      MAIL_FROM: "leads@agency.example",
      IMAP_URL: "imaps://replies%40agency.example:secret@imap.example/Leads%20replies",
      REPLY_TO_ADDRESS: "Replies@Agency.example",
    });
    expect(config.inbound).toEqual({
      imapUrl: "imaps://replies%40agency.example:secret@imap.example/Leads%20replies",
      mailbox: "Leads replies",
      replyAddress: "replies@agency.example",
      pollMs: 20_000,
    });
    expect(loadConfig({}).inbound).toBeNull();
    expect(() =>
      loadConfig({
        SMTP_URL: "smtp://mail.example:587",
        MAIL_FROM: "leads@agency.example",
        IMAP_URL: "imaps://u:p@imap.example/INBOX",
      }),
    ).toThrow("IMAP_URL and REPLY_TO_ADDRESS must be set together");
    expect(() =>
      loadConfig({ IMAP_URL: "imaps://u:p@imap.example/INBOX", REPLY_TO_ADDRESS: "r@agency.example" }),
    ).toThrow("IMAP_URL needs mail to send replies with");
    expect(() => loadConfig({ IMAP_URL: "https://imap.example", REPLY_TO_ADDRESS: "r@agency.example" })).toThrow(
      "must be an imap:// or imaps:// URL",
    );
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

  // Issue 32, finding 12: a hop count believes whoever connects, so only the proxy may be able to connect.
  it("warns when a hop count meets a HOST other sites can reach", () => {
    const warning = (env: Record<string, string>) => trustProxyHopsWarning(loadConfig(env));
    expect(warning({ TRUST_PROXY: "1", HOST: "0.0.0.0" })).toMatch(
      /^TRUST_PROXY=1 believes X-Forwarded-For from anyone who reaches HOST=0\.0\.0\.0.*HOST=127\.0\.0\.1/,
    );
    expect(warning({ TRUST_PROXY: "2", HOST: "10.0.0.5" })).toContain("TRUST_PROXY=2");
    expect(warning({ TRUST_PROXY: "1", HOST: "::" })).not.toBeNull();
    // Loopback (the default HOST), no hop count, or 0 hops: nothing to say.
    expect(warning({ TRUST_PROXY: "1" })).toBeNull();
    for (const host of ["127.0.0.1", "127.0.1.1", "localhost", "::1", "[::1]", "::ffff:127.0.0.1"])
      expect(warning({ TRUST_PROXY: "1", HOST: host }), host).toBeNull();
    expect(warning({ TRUST_PROXY: "0", HOST: "0.0.0.0" })).toBeNull();
    expect(warning({ TRUST_PROXY: "10.0.0.0/8", HOST: "0.0.0.0" })).toBeNull();
    expect(warning({ TRUST_PROXY: "false", HOST: "0.0.0.0" })).toBeNull();
  });

  it("knows loopback addresses from the others", () => {
    expect(["127.0.0.1", "127.255.0.9", "localhost", "LOCALHOST", "::1", "[::1]"].every(isLoopbackHost)).toBe(true);
    expect(
      ["0.0.0.0", "::", "10.0.0.5", "128.0.0.1", "127.0.0.1.example.com", "localhost.example.com", "example.com"].some(
        isLoopbackHost,
      ),
    ).toBe(false);
  });
});

describe("loadConfig rate limits", () => {
  it("defaults the per-account limit to 20 failed sign-ins an hour", () => {
    expect(loadConfig({}).rateLimit.account).toEqual({ max: 20, windowMs: 60 * 60 * 1000 });
  });

  it("reads RATE_LIMIT_ACCOUNT_MAX and RATE_LIMIT_ACCOUNT_WINDOW_MINUTES, and refuses bad ones", () => {
    const config = loadConfig({ RATE_LIMIT_ACCOUNT_MAX: "5", RATE_LIMIT_ACCOUNT_WINDOW_MINUTES: "30" });
    expect(config.rateLimit.account).toEqual({ max: 5, windowMs: 30 * 60 * 1000 });
    const error = configError({ RATE_LIMIT_ACCOUNT_MAX: "0", RATE_LIMIT_ACCOUNT_WINDOW_MINUTES: "soon" });
    expect(error.message).toContain("RATE_LIMIT_ACCOUNT_MAX");
    expect(error.message).toContain("RATE_LIMIT_ACCOUNT_WINDOW_MINUTES");
  });
});

describe("loadConfig sign-in work bound", () => {
  it("defaults to half the cores (1 to 3) at once, one more for known devices, 16 waiting, 1.5 s of waiting", () => {
    const { signInWork } = loadConfig({});
    expect(signInWork.concurrency).toBe(Math.min(3, Math.max(1, Math.floor(availableParallelism() / 2))));
    expect(signInWork).toMatchObject({ reserved: 1, queueMax: 16, maxWaitMs: 1500 });
  });

  it("reads the four variables, and refuses a concurrency below 1", () => {
    const config = loadConfig({
      SIGN_IN_HASH_CONCURRENCY: "2",
      SIGN_IN_HASH_RESERVED: "0",
      SIGN_IN_QUEUE_MAX: "0",
      SIGN_IN_QUEUE_WAIT_MS: "500",
    });
    expect(config.signInWork).toEqual({ concurrency: 2, reserved: 0, queueMax: 0, maxWaitMs: 500 });
    expect(configError({ SIGN_IN_HASH_CONCURRENCY: "0" }).message).toContain("SIGN_IN_HASH_CONCURRENCY");
  });
});

describe("loadConfig SITE_ORIGIN", () => {
  it("keeps only the origin of the URL", () => {
    expect(loadConfig({ SITE_ORIGIN: "https://example.com/some/path" }).siteOrigin).toBe("https://example.com");
  });

  // Issue 32, finding 3: links in e-mails never follow the request's Host.
  it("unset: a warning says where links in e-mails point (server/lib/link-origin.test.ts proves they do)", () => {
    expect(siteOriginWarning(loadConfig({}), "http://localhost:3100")).toMatch(
      /^SITE_ORIGIN is not set, so links in e-mails .* point to http:\/\/localhost:3100;/,
    );
    expect(
      siteOriginWarning(loadConfig({ SITE_ORIGIN: "https://www.example.com" }), "https://www.example.com"),
    ).toBeNull();
  });
});

describe("loadConfig timeouts", () => {
  it("defaults to 30 s per request, 10 s for its headers, 5 s for an idle kept-alive connection", () => {
    expect(loadConfig({}).timeouts).toEqual({ requestMs: 30_000, headersMs: 10_000, keepAliveMs: 5_000 });
  });

  it("reads the three variables in seconds", () => {
    const config = loadConfig({
      REQUEST_TIMEOUT_SECONDS: "60",
      HEADERS_TIMEOUT_SECONDS: "20",
      KEEP_ALIVE_TIMEOUT_SECONDS: "65",
    });
    expect(config.timeouts).toEqual({ requestMs: 60_000, headersMs: 20_000, keepAliveMs: 65_000 });
  });

  it("rejects zero, negative and fractional values", () => {
    const error = configError({
      REQUEST_TIMEOUT_SECONDS: "0",
      HEADERS_TIMEOUT_SECONDS: "-1",
      KEEP_ALIVE_TIMEOUT_SECONDS: "1.5",
    });
    expect(error.message).toContain("REQUEST_TIMEOUT_SECONDS");
    expect(error.message).toContain("HEADERS_TIMEOUT_SECONDS");
    expect(error.message).toContain("KEEP_ALIVE_TIMEOUT_SECONDS");
  });

  it("rejects a headers timeout longer than the request timeout", () => {
    const error = configError({ REQUEST_TIMEOUT_SECONDS: "10", HEADERS_TIMEOUT_SECONDS: "11" });
    expect(error.message).toContain("HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS");
  });
});

describe("loadConfig lead delivery", () => {
  const secret = `whsec_${Buffer.from("twenty-four bytes of key!").toString("base64")}`;

  it("delivers nowhere without settings, and keeps leads for ever", () => {
    const config = loadConfig({});
    expect(config.delivery).toMatchObject({
      mail: null,
      notify: [],
      autoReply: false,
      webhook: null,
      ownerTimeZone: "America/New_York",
    });
    expect(config.delivery.business).toEqual({
      companyName: "Summit Lead Marketing",
      phone: "(512) 555-0186",
      phoneHref: "tel:+15125550186",
    });
    expect(config.leadRetentionDays).toBeNull();
  });

  it("reads SMTP, the sender, the owner's addresses, the auto-reply, the webhook and retention", () => {
    const config = loadConfig({
      SMTP_URL: "smtps://user:pa%40ss@mail.example.com:465",
      MAIL_FROM: "Summit Leads <leads@example.com>",
      NOTIFY_EMAIL: " owner@example.com, sales@example.com ,",
      AUTO_REPLY: "true",
      WEBHOOK_URL: "https://hooks.example.com/leads",
      WEBHOOK_SECRET: secret,
      OWNER_TIMEZONE: "America/Chicago",
      LEAD_RETENTION_DAYS: "365",
      PUBLIC_COMPANY_NAME: "Acme Growth",
      PUBLIC_PHONE: "0800 123 4567",
      PUBLIC_PHONE_E164: "+448001234567",
    });
    expect(config.delivery).toEqual({
      mail: {
        transport: { kind: "smtp", url: "smtps://user:pa%40ss@mail.example.com:465" },
        from: "Summit Leads <leads@example.com>",
      },
      notify: ["owner@example.com", "sales@example.com"],
      autoReply: true,
      webhook: { url: "https://hooks.example.com/leads", secret },
      ownerTimeZone: "America/Chicago",
      business: { companyName: "Acme Growth", phone: "0800 123 4567", phoneHref: "tel:+448001234567" },
    });
    expect(config.leadRetentionDays).toBe(365);
  });

  it("writes .eml files instead of sending with MAIL_TRANSPORT=files", () => {
    const config = loadConfig({
      MAIL_TRANSPORT: "files",
      MAIL_FROM: "leads@localhost",
      NOTIFY_EMAIL: "me@example.com",
    });
    expect(config.delivery.mail).toEqual({ transport: { kind: "files", dir: "data/mail" }, from: "leads@localhost" });
  });

  it("starts with mail and no NOTIFY_EMAIL: the owner adds an address in the admin", () => {
    const config = loadConfig({
      SMTP_URL: "smtp://mail.example.com",
      MAIL_FROM: "leads@example.com",
      AUTO_REPLY: "true",
    });
    expect(config.delivery).toMatchObject({
      mail: { transport: { kind: "smtp", url: "smtp://mail.example.com" }, from: "leads@example.com" },
      notify: [],
      autoReply: true,
    });
  });

  it.each([
    [{ SMTP_URL: "http://mail.example.com" }, "SMTP_URL"],
    [{ SMTP_URL: "smtp://mail.example.com", NOTIFY_EMAIL: "owner@example.com" }, "MAIL_FROM must be set"],
    [{ NOTIFY_EMAIL: "owner@example.com, not-an-address" }, "NOTIFY_EMAIL"],
    [{ AUTO_REPLY: "true" }, "AUTO_REPLY=true needs mail"],
    [{ WEBHOOK_URL: "https://hooks.example.com/x" }, "WEBHOOK_URL and WEBHOOK_SECRET must be set together"],
    [{ WEBHOOK_URL: "ftp://hooks.example.com/x", WEBHOOK_SECRET: secret }, "WEBHOOK_URL"],
    [{ WEBHOOK_URL: "https://hooks.example.com/x", WEBHOOK_SECRET: "plain-secret" }, "WEBHOOK_SECRET"],
    [{ OWNER_TIMEZONE: "Mars/Olympus" }, "OWNER_TIMEZONE"],
    [{ LEAD_RETENTION_DAYS: "0" }, "LEAD_RETENTION_DAYS"],
  ])("refuses %j, naming %s", (env, named) => {
    expect(configError(env).message).toContain(named);
  });
});

describe("loadConfig metrics", () => {
  const token = "0123456789abcdef0123456789abcdef";

  it("is off unless METRICS_TOKEN or METRICS_PORT is set", () => {
    expect(loadConfig({}).metrics).toEqual({ token: null, listen: null });
  });

  it("takes a bearer token of 32 or more token characters", () => {
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token, listen: null });
    for (const bad of ["short", `${token} x`, `${token}"`, "é".repeat(40)]) {
      expect(configError({ METRICS_TOKEN: bad }).message).toContain("METRICS_TOKEN");
    }
  });

  it("listens on loopback with METRICS_PORT alone, on METRICS_HOST when set", () => {
    expect(loadConfig({ METRICS_PORT: "9464" }).metrics.listen).toEqual({ host: "127.0.0.1", port: 9464 });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).metrics.listen).toEqual({
      host: "0.0.0.0",
      port: 9464,
    });
  });

  it("refuses METRICS_HOST without a port, a bad port, and the main port", () => {
    expect(configError({ METRICS_HOST: "0.0.0.0" }).message).toContain("METRICS_HOST needs METRICS_PORT");
    expect(configError({ METRICS_PORT: "70000" }).message).toContain("METRICS_PORT");
    expect(configError({ PORT: "3000", METRICS_PORT: "3000" }).message).toContain("METRICS_PORT must differ from PORT");
  });
});

describe("loadConfig settings the browser tests shorten", () => {
  it("flushes page views every 5 s and wants 1.5 s to fill a form by default", () => {
    const config = loadConfig({});
    expect(config.pageViewFlushMs).toBe(5_000);
    expect(config.formMinFillMs).toBe(1_500);
  });

  it("reads PAGE_VIEW_FLUSH_MS and FORM_MIN_FILL_MS", () => {
    const config = loadConfig({ PAGE_VIEW_FLUSH_MS: "250", FORM_MIN_FILL_MS: "300" });
    expect(config.pageViewFlushMs).toBe(250);
    expect(config.formMinFillMs).toBe(300);
    expect(loadConfig({ FORM_MIN_FILL_MS: "0" }).formMinFillMs).toBe(0);
  });

  it("refuses a flush interval under 10 ms, a negative or fractional fill time, and words", () => {
    expect(configError({ PAGE_VIEW_FLUSH_MS: "0" }).message).toMatch(/^Invalid environment:\n {2}PAGE_VIEW_FLUSH_MS: /);
    expect(configError({ PAGE_VIEW_FLUSH_MS: "soon" }).message).toMatch(/PAGE_VIEW_FLUSH_MS: /);
    expect(configError({ FORM_MIN_FILL_MS: "-1" }).message).toMatch(/^Invalid environment:\n {2}FORM_MIN_FILL_MS: /);
    expect(configError({ FORM_MIN_FILL_MS: "1.5" }).message).toMatch(/FORM_MIN_FILL_MS: /);
  });
});
