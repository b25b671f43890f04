import { existsSync } from "node:fs";

// What the IMAP tests need (Debian's dovecot) and which files they are: scripts/test.ts and vitest.config.ts
// read this without loading the IMAP client.

export const DOVECOT_PATH = process.env.DOVECOT_PATH ?? "/usr/sbin/dovecot";

/** The test files that start a dovecot (tests/helpers/imap-test-server.ts). */
export const IMAP_TEST_FILES = ["server/delivery/inbound/inbound.test.ts"];

/** Why the IMAP tests cannot run here, or undefined when they can. */
export function dovecotProblem(): string | undefined {
  return existsSync(DOVECOT_PATH)
    ? undefined
    : `no dovecot at ${DOVECOT_PATH}; install the Debian package "dovecot-imapd" or set DOVECOT_PATH`;
}
