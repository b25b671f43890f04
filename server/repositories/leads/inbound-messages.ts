import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { leadKinds, type LeadKind, type LeadRef } from "../../../contract/admin-leads.ts";
import type { Database } from "../../db/schema.ts";
import { leadTables, leadView } from "./lead-tables.ts";
import type { LeadMail } from "./messages.ts";

// The e-mails leads send back (lead_messages rows with direction "in", state "received"), written by the IMAP
// poller (server/delivery/inbound/). A message's Message-ID is unique in the table, so a message read twice
// (a second instance, a poll cut short before it saved its place, a UIDVALIDITY change) is stored once.

/** A received message (its Message-ID a synthetic one when it had none), with its lead and the folded quote. */
export type ReceivedMessage = LeadMail & {
  lead: LeadRef;
  quoted: string | null;
};

/** When the newest message from a lead was stored (the admin's pulse refetches the lead pages when it moves); null: none. */
export async function newestReceivedAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("leadMessages")
    .select("createdAt")
    .where("direction", "=", "in")
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.createdAt ?? null;
}

export function createInboundMessages(db: Kysely<Database>) {
  return {
    /** The lead whose reply address carries `token` (either table), or null. */
    async leadByReplyToken(token: string): Promise<LeadRef | null> {
      for (const kind of leadKinds) {
        const row = await leadView(db)
          .selectFrom(leadTables[kind])
          .select("id")
          .where("replyToken", "=", token)
          .executeTakeFirst();
        if (row) return { kind, id: row.id };
      }
      return null;
    },

    /** The lead of the first message (of `messageIds`, in that order) we sent or stored, or null. */
    async leadByMessageIds(messageIds: string[]): Promise<LeadRef | null> {
      if (messageIds.length === 0) return null;
      const rows = await db
        .selectFrom("leadMessages")
        .select(["messageId", "leadKind", "leadId"])
        .where("messageId", "in", messageIds)
        .execute();
      for (const id of messageIds) {
        const row = rows.find((r) => r.messageId === id);
        if (row) return { kind: row.leadKind as LeadKind, id: row.leadId };
      }
      return null;
    },

    /**
     * Stores a received message and marks its lead replied (replied_at), in one transaction; answers whether
     * it was stored: false when the Message-ID is already there or the lead is gone.
     */
    async storeReceived(message: ReceivedMessage, now: Date): Promise<boolean> {
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("leadMessages")
          .values({
            id: randomUUID(),
            leadKind: message.lead.kind,
            leadId: message.lead.id,
            direction: "in",
            messageId: message.messageId,
            inReplyTo: message.inReplyTo,
            referencesHeader: message.references,
            fromAddress: message.fromAddress,
            fromName: message.fromName,
            toAddress: message.toAddress,
            subject: message.subject,
            body: message.body,
            quoted: message.quoted,
            sentBy: null,
            state: "received",
            createdAt: at,
            updatedAt: at,
          })
          .onConflict((oc) => oc.column("messageId").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        const updated = await leadView(trx)
          .updateTable(leadTables[message.lead.kind])
          .set({ repliedAt: at })
          .where("id", "=", message.lead.id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) {
          // The lead was deleted meanwhile: keep nothing of its mail.
          await trx.deleteFrom("leadMessages").where("messageId", "=", message.messageId).execute();
          return false;
        }
        return true;
      });
    },
  };
}

export type InboundMessages = ReturnType<typeof createInboundMessages>;
