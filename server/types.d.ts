import type { Kysely } from "kysely";
import type { ServerConfig } from "./config.ts";
import type { Database } from "./db/schema.ts";
import type { Repositories } from "./plugins/app/repositories.ts";
import type { AccountThrottle } from "./plugins/app/account-throttle.ts";
import type { AdminSessions } from "./plugins/app/admin-sessions.ts";
import type { SpamGuard } from "./plugins/app/spam-guard.ts";
import type { WorkLimiter } from "./lib/work-limiter.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: ServerConfig;
    /** The time as the app sees it (every time-based rule and stored time); tests pass their own clock to buildApp. */
    clock: () => Date;
    db: Kysely<Database>;
    repositories: Repositories;
    adminSessions: AdminSessions;
    accountThrottle: AccountThrottle;
    /** The bound on the sign-in's password hashes (docs/decisions/032-sign-in-work-bound.md). */
    signInWork: WorkLimiter;
    spamGuard: SpamGuard;
  }
}
