import type { Kysely } from "kysely";
import { mediaUrl, type MediaFormat, type MediaSummary } from "../../contract/media.ts";
import type { Database } from "../db/schema.ts";
import type { EncodedVariant } from "./encode-image.ts";

// The one owner of the media and media_variants tables (migration 0026): an uploaded image and its
// re-encoded files. The bytes live in the database so that every instance serves them and every backup has
// them; a variant never changes once stored (its address is cached for a year).

export type NewMedia = { id: string; originalName: string; alt: string; createdBy: string };
export type StoredMedia = { id: string; alt: string; width: number; height: number; variants: EncodedVariant[] };

/** The picker's address of an image: its widest WebP variant. */
function pickerUrl(id: string, width: number): string {
  return mediaUrl(id, width, "webp");
}

export function createMediaRepository(db: Kysely<Database>, clock: () => Date) {
  return {
    /**
     * Stores the image and all its variants (`variants` widest last, as encodeImage makes them) in one
     * transaction with `inTransaction` (the Activity record): all of it, or nothing.
     */
    async create(
      media: NewMedia,
      variants: EncodedVariant[],
      inTransaction: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<StoredMedia> {
      const widest = variants.at(-1)!;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("media")
          .values({ ...media, width: widest.width, height: widest.height, createdAt: clock().toISOString() })
          .execute();
        // One row at a time: a multi-row insert of several megabytes of parameters gains nothing here.
        for (const variant of variants) {
          await trx
            .insertInto("mediaVariants")
            .values({
              mediaId: media.id,
              format: variant.format,
              width: variant.width,
              bytes: variant.bytes,
              size: variant.bytes.length,
            })
            .execute();
        }
        await inTransaction(trx);
      });
      return { id: media.id, alt: media.alt, width: widest.width, height: widest.height, variants };
    },

    /** The newest images first, for the picker. */
    async recent(limit: number): Promise<MediaSummary[]> {
      const rows = await db
        .selectFrom("media")
        .select(["id", "alt", "width", "height", "createdAt"])
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, url: pickerUrl(row.id, row.width) }));
    },

    /** Whether this variant exists (a revalidation answers 304 without reading the bytes). */
    async hasVariant(id: string, width: number, format: MediaFormat): Promise<boolean> {
      const row = await db
        .selectFrom("mediaVariants")
        .select("size")
        .where("mediaId", "=", id)
        .where("format", "=", format)
        .where("width", "=", width)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A variant's bytes, or null. */
    async variantBytes(id: string, width: number, format: MediaFormat): Promise<Buffer | null> {
      const row = await db
        .selectFrom("mediaVariants")
        .select("bytes")
        .where("mediaId", "=", id)
        .where("format", "=", format)
        .where("width", "=", width)
        .executeTakeFirst();
      return row?.bytes ?? null;
    },
  };
}
