import type { FastifyInstance, FastifyReply } from "fastify";
import { mediaFormats, type MediaFormat } from "../../contract/media.ts";

// Uploaded images (contract/media.ts, server/media/) at /media/<id>/<width>.<format>, for everyone: the
// public pages show them. A variant never changes once stored, so its address is cached for a year, as the
// hashed assets are, and its ETag is its address. Anything unknown or malformed is a plain 404, never a
// database error (PostgreSQL would refuse a malformed uuid).

/** randomUUID's form, lowercase as both databases answer it. */
const MEDIA_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `<width>.<format>`, the width without leading zeros, so each file has one address. */
const VARIANT_FILE = new RegExp(`^([1-9][0-9]{0,4})\\.(${mediaFormats.join("|")})$`);

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Whether If-None-Match names this ETag (a list, a weak validator or `*`: RFC 9110's weak comparison). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === etag;
  });
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
}

export default async function mediaRoutes(app: FastifyInstance) {
  const media = app.repositories.media;

  app.get<{ Params: { id: string; file: string } }>("/media/:id/:file", async (request, reply) => {
    const { id, file } = request.params;
    const variant = VARIANT_FILE.exec(file);
    if (!MEDIA_ID.test(id) || !variant) return notFound(reply);
    const width = Number(variant[1]);
    const format = variant[2] as MediaFormat;
    const etag = `"${id}-${width}-${format}"`;

    if (matches(request.headers["if-none-match"], etag)) {
      if (!(await media.hasVariant(id, width, format))) return notFound(reply);
      return reply.code(304).header("cache-control", IMMUTABLE).header("etag", etag).send();
    }
    const bytes = await media.variantBytes(id, width, format);
    if (!bytes) return notFound(reply);
    return reply.header("cache-control", IMMUTABLE).header("etag", etag).type(`image/${format}`).send(bytes);
  });
}
