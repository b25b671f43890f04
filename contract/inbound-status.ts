// GET /api/admin/inbound-status (any signed-in user): whether replies from leads are collected over IMAP
// (issue 33; IMAP_URL and REPLY_TO_ADDRESS set), at which address, and how the last check went.

export type InboundStatus = {
  collecting: boolean;
  /** REPLY_TO_ADDRESS (each lead's mail carries replies+<token>@ of it); null when not collecting. */
  replyAddress: string | null;
  /** The last check that read the mailbox to the end; null: none yet. */
  lastPolledAt: string | null;
  /** Why the latest check failed (cleared by the next good one); null: none failed. */
  lastError: string | null;
};

/** The docs section that says how to turn it on. */
export const INBOUND_SETUP_DOC = "docs/replies.md";
