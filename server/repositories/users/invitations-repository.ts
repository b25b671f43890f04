import type { Kysely } from "kysely";
import {
  displayName,
  INVITATION_TTL_MS,
  type InvitationMailState,
  type TeamInvitation,
} from "../../../contract/team.ts";
import type { UserRole } from "../../../contract/user-roles.ts";
import type { Database } from "../../db/schema.ts";
import {
  createAccountMailsRepository,
  insertAccountMail,
  type AccountMail,
  type AccountMailState,
} from "../account-mails-repository.ts";
import { recordActivity, type ActivityActor } from "../activity/activity-repository.ts";
import { userRefs } from "./user-names.ts";
import { createUsersRepository, normalizeUsername } from "./users-repository.ts";
import { createVerificationsRepository, verificationState, type Verification } from "./verifications.ts";

// Invitations (issue 23; their queries left the team's routes in issue 32): rows of `verifications` of type
// "invitation", with the address, the role and the name the owner gave. Each is made, re-sent, withdrawn and
// accepted in one transaction with its activity record, and its e-mail is queued in the same transaction
// (account_mails), so the owner's answer never waits for the mail server.

/** An invitation as the owner's list shows it (the contract's, less what only the route's answer adds). */
export type InvitationRow = Omit<TeamInvitation, "emailed" | "link">;

const MAIL_STATES: Record<AccountMailState, InvitationMailState> = {
  pending: "queued",
  sending: "queued",
  sent: "sent",
  failed: "failed",
  dropped: "failed",
};

function invitedName(row: Pick<Verification, "data">): string | null {
  return (JSON.parse(row.data ?? "{}") as { name?: string | null }).name ?? null;
}

export function createInvitationsRepository(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const verifications = createVerificationsRepository(db, clock);
  const users = createUsersRepository(db, clock);
  const mails = createAccountMailsRepository(db);

  /** The owner's view of these rows: state now, who invited, where the e-mail is. */
  async function view(rows: Verification[]): Promise<InvitationRow[]> {
    const [ref, mailStates] = await Promise.all([
      userRefs(
        db,
        rows.map((row) => row.createdBy),
      ),
      mails.statesOf(rows.map((row) => row.id)),
    ]);
    const now = clock();
    return rows.map((row) => {
      const state = verificationState(row, now);
      const mail = mailStates.get(row.id);
      return {
        id: row.id,
        email: row.email!,
        role: row.role as UserRole,
        state: state === "used" ? "accepted" : state,
        invitedBy: ref(row.createdBy)?.name ?? null,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt!,
        mail: mail ? MAIL_STATES[mail] : null,
      };
    });
  }

  return {
    /**
     * A new invitation to `email`, revoking a pending one to the same address, with its activity record and,
     * when `mail` is given, its e-mail queued (built from the token, which only this answer carries).
     */
    async create(input: {
      email: string;
      role: UserRole;
      name: string | null;
      createdBy: string;
      actor: ActivityActor;
      summary: string;
      mail?: (token: string, expiresAt: string) => AccountMail;
    }): Promise<{ id: string; token: string; view: InvitationRow }> {
      const email = normalizeUsername(input.email);
      const created = await db.transaction().execute(async (trx) => {
        const pending = await trx
          .selectFrom("verifications")
          .select("id")
          .where("type", "=", "invitation")
          .where("email", "=", email)
          .where("usedAt", "is", null)
          .where("revokedAt", "is", null)
          .execute();
        for (const row of pending) await verifications.revoke(row.id, "invitation", trx);
        const invitation = await verifications.create(
          {
            type: "invitation",
            ttlMs: INVITATION_TTL_MS,
            email,
            role: input.role,
            data: { name: input.name },
            createdBy: input.createdBy,
          },
          trx,
        );
        await recordActivity(trx, [{ actor: input.actor, kind: "invitation", summary: input.summary }], clock());
        if (input.mail)
          await insertAccountMail(
            trx,
            { ...input.mail(invitation.token, invitation.expiresAt!), verificationId: invitation.id },
            clock(),
          );
        return invitation;
      });
      const [row] = await view([(await verifications.findById(created.id))!]);
      return { id: created.id, token: created.token, view: row! };
    },

    /** Pending ones, and the others made since `since` (what happened to an invitation the owner sent), newest first. */
    async list(since: Date, limit = 200): Promise<InvitationRow[]> {
      const rows = await db
        .selectFrom("verifications")
        .selectAll()
        .where("type", "=", "invitation")
        .where("createdAt", ">=", since.toISOString())
        .orderBy("createdAt", "desc")
        .limit(limit)
        .execute();
      return view(rows);
    },

    /** One invitation by id (the owner's resend and withdraw), or undefined. */
    async findById(id: string): Promise<(Verification & { name: string | null }) | undefined> {
      const row = await verifications.findById(id);
      return row && row.type === "invitation" ? { ...row, name: invitedName(row) } : undefined;
    },

    /** Withdraws a pending invitation with its activity record; false when it was not pending. */
    async withdraw(id: string, actor: ActivityActor, summary: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await verifications.revoke(id, "invitation", trx))) return false;
        await recordActivity(trx, [{ actor, kind: "invitation", summary }], clock());
        return true;
      });
    },

    /** What the invitation page shows for a token. */
    async lookup(
      token: string,
    ): Promise<
      | { state: "unknown" }
      | { state: "accepted" | "revoked" | "expired" }
      | { state: "pending"; email: string; role: UserRole; name: string | null; expiresAt: string }
    > {
      const row = await verifications.find("invitation", token);
      if (!row) return { state: "unknown" };
      const state = verificationState(row, clock());
      if (state !== "pending") return { state: state === "used" ? "accepted" : state };
      return {
        state: "pending",
        email: row.email!,
        role: row.role as UserRole,
        name: invitedName(row),
        expiresAt: row.expiresAt!,
      };
    },

    /**
     * Uses the invitation: the account is made with `passwordHash`, in one transaction with its activity
     * record. "gone": used, withdrawn or expired meanwhile (of two tabs accepting at once, one wins);
     * "taken": the address has an account already.
     */
    async accept(
      token: string,
      passwordHash: string,
      name: string | undefined,
    ): Promise<"gone" | { taken: string } | { id: string; username: string; role: string; name: string | null }> {
      return db.transaction().execute(async (trx) => {
        const used = await verifications.consume("invitation", token, {}, trx);
        if (!used) return "gone" as const;
        const email = normalizeUsername(used.email!);
        if (await trx.selectFrom("users").select("id").where("username", "=", email).executeTakeFirst())
          return { taken: email };
        const user = await users.create(
          email,
          passwordHash,
          { role: used.role as UserRole, name: name ?? invitedName(used) },
          trx,
        );
        const joinedAs = user.role === "owner" ? "owner" : "member";
        const actor = { userId: user.id, name: displayName({ name: user.name, email: user.username }) };
        await recordActivity(
          trx,
          [
            {
              actor,
              kind: "invitation",
              summary: `accepted the invitation and joined as ${joinedAs}`,
              subjectUserId: user.id,
            },
          ],
          clock(),
        );
        return user;
      });
    },
  };
}
