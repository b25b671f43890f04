import type { Kysely } from "kysely";
import type { ServerConfig } from "./config.ts";
import type { Database } from "./db/schema.ts";
import type { Repositories } from "./plugins/app/repositories.ts";
import type { AdminSessions } from "./plugins/app/admin-sessions.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: ServerConfig;
    db: Kysely<Database>;
    repositories: Repositories;
    adminSessions: AdminSessions;
  }
}
