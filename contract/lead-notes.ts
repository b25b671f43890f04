import { z } from "zod";
import { requiredText } from "./fields.ts";

// A lead's notes (POST /api/admin/leads/:kind/:id/notes; listed in its LeadDetail).

export const noteInput = z.object({
  body: requiredText("note", 5000, { multiline: true }),
});
export type NoteInput = z.input<typeof noteInput>;

/** `author`: who wrote it (issue 23); null for notes from before users. */
export type LeadNote = { id: string; body: string; createdAt: string; author: { id: string; name: string } | null };
