import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { adminEmail, adminPassword } from "../../contract/admin.ts";
import { backupDatabase, restoreDatabase } from "../backup/backup.ts";
import { BackupError, EXIT } from "../backup/files.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { createDatabase } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { hashPassword } from "../lib/passwords.ts";
import { INVITATION_TTL_MS, displayName } from "../../contract/team.ts";
import { userRole } from "../../contract/user-roles.ts";
import { createActivityRepository } from "../repositories/activity/activity-repository.ts";
import { securityChangeMail } from "../delivery/mail/security-mail.ts";
import { createSecondFactorsRepository } from "../repositories/users/second-factors.ts";
import { createUsersRepository, LastOwnerError } from "../repositories/users/users-repository.ts";
import { createVerificationsRepository } from "../repositories/users/verifications.ts";

// npm run admin -- create --email owner@example.com
// npm run admin -- reset-password --email owner@example.com
// npm run admin -- list-users | invite --email a@b.c --role member | set-role --email a@b.c --role owner
// npm run admin -- deactivate --email a@b.c | activate --email a@b.c
// npm run admin -- reset-factors a@b.c  (or --email a@b.c: removes the second factors, ends the sessions)
// npm run admin -- backup <file>     (server/backup/: a consistent copy while the site serves)
// npm run admin -- restore <file>    (refused on a database in use, or one that holds data without --force)
// The password comes from ADMIN_PASSWORD or a hidden prompt: never from the command line, where it
// would land in the shell history and the process list.

const USAGE = `Usage:
  npm run admin -- create --email <address>
  npm run admin -- reset-password --email <address>
  npm run admin -- list-users
  npm run admin -- invite --email <address> --role owner|member
  npm run admin -- set-role --email <address> --role owner|member
  npm run admin -- deactivate --email <address>      (ends every session of the account)
  npm run admin -- activate --email <address>
  npm run admin -- reset-factors <address>           (removes the authenticator app, recovery codes and passkeys; ends every session)
  npm run admin -- backup <file> [--force]
  npm run admin -- restore <file> [--force]

invite prints the single-use link (7 days) to give the person; they choose their own password.
reset-factors is for a user who lost their phone and passkeys, or whose factors someone else may have added:
they sign in with the password alone (and set a factor up again when the team requires one); they are e-mailed.
There is always at least one active owner: the last one cannot be demoted or deactivated.
The password is read from ADMIN_PASSWORD when set, otherwise asked for (twice, hidden).
The database is the one the server uses (DATABASE_URL, or SQLITE_PATH / data/agency.sqlite).

backup   copies the database while the site serves (SQLite: VACUUM INTO; PostgreSQL: pg_dump, custom
         format), checks the copy and says what it holds. --force replaces an existing <file>.
restore  puts a backup into the configured database. It refuses a database in use (stop the servers,
         or restore into a new SQLITE_PATH or DATABASE_URL and point the servers at it) and one that
         holds data unless --force (the old one is then kept aside under a dated name).
Exit codes of backup and restore: 0 done, 1 failed, 2 wrong usage, 3 database in use, 4 database not empty (see --force),
5 backup made by a newer version (restore it with that version).
See docs/deploy/backups.md.`;

function fail(message: string, code: number = EXIT.failed): never {
  console.error(message);
  process.exit(code);
}

/** Reads a line without echoing it. */
function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    fail("No terminal to ask for the password: set ADMIN_PASSWORD in the environment instead.");
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readNewPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  const password = fromEnv ?? (await promptHidden("New password: "));
  const checked = await adminPassword.safeParseAsync(password);
  if (!checked.success) fail(checked.error.issues[0]?.message ?? "Invalid password");
  if (fromEnv === undefined && (await promptHidden("Repeat the password: ")) !== password) {
    fail("The passwords do not match.");
  }
  return password;
}

async function main() {
  // A local .env (see .env.example) fills in variables the environment does not set.
  if (existsSync(".env")) process.loadEnvFile(".env");
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      role: { type: "string" },
      force: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  if (
    ![
      "create",
      "reset-password",
      "backup",
      "restore",
      "list-users",
      "invite",
      "set-role",
      "deactivate",
      "activate",
      "reset-factors",
    ].includes(command)
  )
    fail(`Unknown command "${command}".\n\n${USAGE}`);

  let config;
  try {
    // ADMIN_EMAIL/ADMIN_PASSWORD are this command's input here, not a bootstrap request.
    config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  if (command === "backup" || command === "restore") {
    const file = positionals[1];
    if (!file || positionals.length > 2) fail(`${command} takes one file name.\n\n${USAGE}`, EXIT.usage);
    try {
      const result =
        command === "backup"
          ? await backupDatabase(config.database, file, { force: values.force })
          : await restoreDatabase(config.database, file, { force: values.force });
      console.log(result.lines.join("\n"));
    } catch (error) {
      if (error instanceof BackupError) fail(error.message, error.exitCode);
      throw error;
    }
    return;
  }

  if (command === "list-users") {
    const db = createDatabase(config.database);
    try {
      await migrateToLatest(db);
      const users = await createUsersRepository(db).list();
      for (const user of users) {
        const factor = user.secondFactor.totp || user.secondFactor.passkeys > 0 ? "2FA" : "password only";
        console.log(
          `${user.email}\t${user.role}\t${user.active ? "active" : "deactivated"}\t${factor}\t${user.name ?? ""}`,
        );
      }
      if (users.length === 0) console.log("No accounts yet: npm run admin -- create --email <address>");
    } finally {
      await db.destroy();
    }
    return;
  }

  // reset-factors takes the address as its argument, as the README shows it, or as --email like the others.
  const email = adminEmail.safeParse(values.email ?? (command === "reset-factors" ? positionals[1] : undefined) ?? "");
  if (!email.success) fail(`--email: ${email.error.issues[0]?.message ?? "required"}\n\n${USAGE}`);
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const users = createUsersRepository(db);
    const activity = createActivityRepository(db);
    const existing = await users.findByUsername(email.data);
    const role = () => {
      const parsed = userRole.safeParse(values.role);
      return parsed.success
        ? parsed.data
        : fail(`--role: ${parsed.error.issues[0]?.message ?? "required"}\n\n${USAGE}`, EXIT.usage);
    };
    if (command === "invite") {
      const invitedRole = role();
      if (existing) fail(`${existing.username} has an account already.`);
      const created = await createVerificationsRepository(db).create({
        type: "invitation",
        ttlMs: INVITATION_TTL_MS,
        email: email.data.toLowerCase(),
        role: invitedRole,
        data: { name: null, emailed: false },
      });
      await activity.record({
        actor: null,
        kind: "invitation",
        summary: `invited ${email.data.toLowerCase()} as ${invitedRole} (from the command line)`,
        data: { via: "cli" },
      });
      const origin = config.siteOrigin ?? `http://localhost:${config.port}`;
      console.log(
        `Invited ${email.data.toLowerCase()} as ${invitedRole}. Give them this link (it works once, for 7 days):\n${origin}/admin/invitation#${created.token}`,
      );
      return;
    }
    if (command === "set-role" || command === "deactivate" || command === "activate") {
      if (!existing) fail(`There is no account ${email.data}.`);
      const patch = command === "set-role" ? { role: role() } : { active: command === "activate" };
      try {
        await users.update(existing.id, patch);
      } catch (error) {
        if (error instanceof LastOwnerError)
          fail("There must always be at least one active owner: make another owner first.");
        throw error;
      }
      const who = displayName({ name: existing.name, email: existing.username });
      const summary =
        command === "set-role"
          ? `changed ${who}'s role to ${values.role}`
          : command === "activate"
            ? `reactivated ${who}`
            : `deactivated ${who} (their sessions ended)`;
      await activity.record({
        actor: null,
        kind: "user",
        summary: `${summary} (from the command line)`,
        subjectUserId: existing.id,
        data: { via: "cli" },
      });
      console.log(
        `${who}: ${command === "set-role" ? `now ${values.role}` : command === "activate" ? "active again" : "deactivated; every session ended"}.`,
      );
      return;
    }
    if (command === "reset-factors") {
      if (!existing) fail(`There is no account ${email.data}.`);
      const who = displayName({ name: existing.name, email: existing.username });
      const { mail, business, ownerTimeZone } = config.delivery;
      // Queued in the account mails' outbox: the running server sends it (without mail configured, nothing is).
      const notice = mail
        ? securityChangeMail({
            to: existing.username,
            companyName: business.companyName,
            change: { kind: "factors-removed", by: null },
            at: new Date(),
            timeZone: ownerTimeZone,
            device: null,
          })
        : undefined;
      const removed = await createSecondFactorsRepository(db).removeAll(
        existing.id,
        {
          actor: null,
          kind: "user",
          summary: `removed ${who}'s second factors (their sessions ended) (from the command line)`,
          subjectUserId: existing.id,
          data: { via: "cli" },
        },
        notice,
      );
      const what = [
        removed.totp ? "the authenticator app and its recovery codes" : null,
        removed.passkeys > 0 ? `${removed.passkeys} ${removed.passkeys === 1 ? "passkey" : "passkeys"}` : null,
      ].filter(Boolean);
      console.log(
        `${who}: removed ${what.length > 0 ? what.join(" and ") : "no second factor (there was none)"}; ${removed.sessionsEnded} ${removed.sessionsEnded === 1 ? "session" : "sessions"} ended.`,
      );
      console.log(notice ? "They are e-mailed about it." : "No mail is configured: tell them yourself.");
      return;
    }
    if (command === "create") {
      if (existing) fail(`An account ${existing.username} exists already; use reset-password to change its password.`);
      await users.create(email.data, await hashPassword(await readNewPassword()));
      console.log(`Created the admin account ${email.data.toLowerCase()}. Sign in at /admin/login.`);
    } else {
      if (!existing) fail(`There is no account ${email.data}; use create first.`);
      await users.setPassword(existing.id, await hashPassword(await readNewPassword()));
      console.log(`Changed the password of ${existing.username} and ended all of its sessions.`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
