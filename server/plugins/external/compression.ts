import compress from "@fastify/compress";
import fp from "fastify-plugin";
import { constants } from "node:zlib";

/**
 * Compresses API answers on the fly. Static files and pages are compressed once at build time
 * (scripts/precompress.ts) and sent as they are, so no request pays for maximum-quality brotli.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      encodings: ["br", "gzip"],
      threshold: 1024,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: "compression" },
);
