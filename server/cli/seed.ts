import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { createDatabase } from "../db/connection.ts";
import { optimizeDatabase } from "../db/dialect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedLeads } from "../db/seed-data.ts";

// npm run seed -- --contacts 100000 --inquiries 100000
// Adds fake leads to the database the server is configured for (DATABASE_URL, or SQLITE_PATH).

async function main() {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const { values } = parseArgs({
    options: {
      contacts: { type: "string", default: "1000" },
      inquiries: { type: "string", default: "1000" },
      seed: { type: "string", default: "42" },
    },
  });
  const contacts = Number(values.contacts);
  const inquiries = Number(values.inquiries);
  if (!Number.isInteger(contacts) || !Number.isInteger(inquiries) || contacts < 0 || inquiries < 0) {
    console.error("--contacts and --inquiries take whole numbers");
    process.exit(1);
  }
  let config;
  try {
    config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const started = performance.now();
    await seedLeads(db, { contacts, inquiries }, Number(values.seed));
    await optimizeDatabase(db);
    console.log(
      `Added ${contacts} contact submissions and ${inquiries} service inquiries to ${config.database.kind} in ${Math.round(performance.now() - started)} ms.`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
