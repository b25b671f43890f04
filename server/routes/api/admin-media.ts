import { randomUUID } from "node:crypto";
import multipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import {
  MEDIA_LIST_LIMIT,
  MEDIA_MAX_BYTES,
  mediaUploadFields,
  mediaUrl,
  type MediaList,
  type MediaUpload,
} from "../../../contract/media.ts";
import { parseInput } from "../../lib/request-errors.ts";
import { encodeImage, MediaRejection } from "../../media/encode-image.ts";
import type { StoredMedia } from "../../media/media-repository.ts";
import { activityActor, adminOf } from "../../plugins/app/admin-sessions.ts";
import { recordActivity } from "../../repositories/activity/activity-repository.ts";

// Images for articles (issue 37, point 3; contract/media.ts): any signed-in user, owner or member, uploads one
// with its alt text and lists the recent ones for the image picker. Multipart is accepted here only: every
// other route still takes JSON alone. The files are served by routes/media.ts.

const PATH = "/api/admin/media";

const MEGABYTES = MEDIA_MAX_BYTES / (1024 * 1024);
const TOO_LARGE = `The image is larger than ${MEGABYTES} MB. Export it smaller (a 2000-pixel-wide JPEG is plenty) and upload it again.`;
/** Room for the multipart framing and the alt text beside the largest file we take. */
const ENVELOPE_BYTES = 64 * 1024;
/** The longest file name kept (it is only shown in the picker). */
const NAME_MAX = 200;

type Upload = { fields: Record<string, string>; file: { bytes: Buffer; name: string } | null };

/** Every answer for an image: its widest WebP as `url`, each variant's address. */
function uploadAnswer(stored: StoredMedia): MediaUpload {
  return {
    id: stored.id,
    url: mediaUrl(stored.id, stored.width, "webp"),
    width: stored.width,
    height: stored.height,
    alt: stored.alt,
    variants: stored.variants.map(({ format, width }) => ({ format, width, url: mediaUrl(stored.id, width, format) })),
  };
}

/** Reads the parts into memory within the limits registered below; a part past them throws 413 before it is read whole. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { fields: {}, file: null };
  for await (const part of request.parts()) {
    if (part.type === "file") {
      const bytes = await part.toBuffer();
      if (part.fieldname === "file") upload.file = { bytes, name: part.filename.slice(0, NAME_MAX) };
      else upload.fields[part.fieldname] = "(a file)";
    } else {
      upload.fields[part.fieldname] = typeof part.value === "string" ? part.value : String(part.value);
    }
  }
  return upload;
}

/** What a multipart failure means to the sender: an image over the limit, too many parts, or a broken body. */
function multipartProblem(error: FastifyError): MediaRejection {
  if (error.code === "FST_REQ_FILE_TOO_LARGE") return new MediaRejection(413, TOO_LARGE);
  if (error.statusCode === 413)
    return new MediaRejection(413, "Send one image (the field file) and its alt text only.");
  return new MediaRejection(400, "The upload could not be read. Please choose the image and send it again.");
}

export default async function adminMediaRoutes(app: FastifyInstance) {
  const { requireAdmin } = app.adminSessions;
  const media = app.repositories.media;

  // Nothing is buffered past these: the file stops at MEDIA_MAX_BYTES, a field at 2 KB (the alt text's 140
  // characters, with room for a sender who types more and learns so from the alt rule), and the parts at a few.
  await app.register(multipart, {
    limits: {
      fileSize: MEDIA_MAX_BYTES,
      files: 1,
      fields: 4,
      fieldSize: 2 * 1024,
      fieldNameSize: 100,
      parts: 5,
      headerPairs: 20,
    },
  });

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(PATH, { preHandler: requireAdmin }, async (): Promise<MediaList> => ({
    media: await media.recent(MEDIA_LIST_LIMIT),
  }));

  app.post(
    PATH,
    {
      preHandler: requireAdmin,
      // A declared length past the limit is refused before a byte of the body is read (and before the session is checked: nothing is stored either way).
      onRequest: async (request, reply) => {
        const declared = Number(request.headers["content-length"]);
        if (declared > MEDIA_MAX_BYTES + ENVELOPE_BYTES) return reply.code(413).send({ message: TOO_LARGE });
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        return reply
          .code(415)
          .send({ message: "Send the image as multipart/form-data, with the fields file (the image) and alt." });
      }
      let upload: Upload;
      try {
        upload = await readUpload(request);
      } catch (error) {
        const problem = multipartProblem(error as FastifyError);
        request.log.info({ code: (error as FastifyError).code }, "media upload refused while reading");
        return reply.code(problem.status).send({ message: problem.message });
      }

      const { alt } = parseInput(mediaUploadFields, upload.fields, "Please correct the image's alt text.");
      if (!upload.file) {
        return reply.code(400).send({ message: "Choose an image to upload (the field file)." });
      }

      let variants;
      try {
        variants = await encodeImage(upload.file.bytes);
      } catch (error) {
        if (!(error instanceof MediaRejection)) throw error;
        request.log.info({ status: error.status, bytes: upload.file.bytes.length }, "media upload refused");
        return reply.code(error.status).send({ message: error.message });
      }

      const admin = adminOf(request);
      const stored = await media.create(
        { id: randomUUID(), originalName: upload.file.name, alt, createdBy: admin.userId },
        variants,
        (trx) =>
          recordActivity(
            trx,
            [{ actor: activityActor(admin), kind: "content", summary: `uploaded an image: “${alt}”` }],
            app.clock(),
          ),
      );
      request.log.info({ media: stored.id, variants: variants.length }, "media uploaded");
      return reply.code(201).send(uploadAnswer(stored));
    },
  );
}
