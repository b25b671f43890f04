import { randomUUID } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_MAX_BYTES, MEDIA_WIDTHS, mediaUrl, type MediaList, type MediaUpload } from "../../../contract/media.ts";
import { adminClient } from "../../../tests/helpers/admin-client.ts";
import { addTestUser, createTestApp, signIn, type TestApp } from "../../../tests/helpers/test-app.ts";

// Article images (issue 37, point 3): POST /api/admin/media re-encodes an upload into AVIF and WebP at the
// layout's widths, GET /media/<id>/<width>.<format> serves them to everyone. The test images are made by sharp
// here; the served bytes are decoded again to check what they are. Both databases.

let t: TestApp;
let owner: string;
let member: string;

type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; bytes: Buffer };

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----media-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = "bytes" in part ? `; filename="${part.filename}"\r\nContent-Type: ${part.contentType}` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`));
    chunks.push("bytes" in part ? part.bytes : Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

function upload(
  bytes: Buffer,
  {
    alt = "A team planning a campaign at a whiteboard",
    filename = "photo.png",
    contentType = "image/png",
    cookie = owner,
  } = {},
) {
  const { payload, headers } = multipart([
    { name: "alt", value: alt },
    { name: "file", filename, contentType, bytes },
  ]);
  return t.app.inject({ method: "POST", url: "/api/admin/media", payload, headers: { ...headers, cookie } });
}

const serve = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

async function stored(): Promise<{ media: number; variants: number }> {
  const count = async (table: "media" | "mediaVariants") =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { media: await count("media"), variants: await count("mediaVariants") };
}

/** Asserts the request is refused with `status` and a message matching `reason`, and that nothing was stored. */
async function expectRefused(
  request: Promise<{ statusCode: number; json: <T>() => T }>,
  status: number,
  reason: RegExp,
) {
  const before = await stored();
  const response = await request;
  expect(response.statusCode).toBe(status);
  expect(response.json<{ message: string }>().message).toMatch(reason);
  expect(await stored()).toEqual(before);
}

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } });

/** A valid PNG header claiming 10,000 × 10,000 pixels (100 megapixels) in a file of a few dozen bytes. */
function pixelBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(10_000, 0);
  header.writeUInt32BE(10_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  member = await signIn(t.app, await addTestUser(t.app, { email: "media-member@example.com" }));
});
afterAll(async () => {
  await t.close();
});

describe("POST /api/admin/media", () => {
  let uploaded: MediaUpload;

  it("re-encodes a 2000×1000 PNG into AVIF and WebP at every layout width, served as what they say", async () => {
    const response = await upload(await image(2000, 1000).png().toBuffer());
    expect(response.statusCode, response.body).toBe(201);
    uploaded = response.json<MediaUpload>();
    expect(uploaded).toMatchObject({
      url: mediaUrl(uploaded.id, 1600, "webp"),
      width: 1600,
      height: 800,
      alt: "A team planning a campaign at a whiteboard",
    });
    expect(uploaded.variants.map(({ format, width }) => `${width}.${format}`).sort()).toEqual(
      MEDIA_WIDTHS.flatMap((width) => [`${width}.avif`, `${width}.webp`]).sort(),
    );
    for (const variant of uploaded.variants) {
      expect(variant.url).toBe(`/media/${uploaded.id}/${variant.width}.${variant.format}`);
      const served = await serve(variant.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(`image/${variant.format}`);
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const decoded = await sharp(served.rawPayload).metadata();
      expect(decoded.format).toBe(variant.format === "avif" ? "heif" : "webp");
      if (variant.format === "avif") expect(decoded.compression).toBe("av1");
      expect([decoded.width, decoded.height]).toEqual([variant.width, variant.width / 2]);
    }
    expect(await stored()).toEqual({ media: 1, variants: 8 });
  });

  it("applies the EXIF orientation, drops the metadata, and never enlarges a narrow image", async () => {
    // Stored 300×200 with "rotate 90° clockwise to view": a 200×300 portrait to the reader.
    const jpeg = await image(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const response = await upload(jpeg, { filename: "portrait.jpg", contentType: "image/jpeg" });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<MediaUpload>();
    expect(body).toMatchObject({ width: 200, height: 300, url: mediaUrl(body.id, 200, "webp") });
    expect(body.variants.map(({ format, width }) => `${width}.${format}`)).toEqual(["200.avif", "200.webp"]);
    const decoded = await sharp((await serve(body.url)).rawPayload).metadata();
    expect([decoded.width, decoded.height, decoded.orientation, decoded.exif]).toEqual([
      200,
      300,
      undefined,
      undefined,
    ]);
  });

  it("takes GIF (its first frame) and AVIF, judged by their bytes whatever the name and type say", async () => {
    const gif = await upload(await image(600, 400).gif().toBuffer(), { filename: "x.png", contentType: "image/png" });
    expect(gif.statusCode, gif.body).toBe(201);
    expect(gif.json<MediaUpload>().variants.map((v) => v.width)).toEqual([480, 480]);
    const avif = await upload(await image(900, 600).avif().toBuffer(), {
      filename: "scan.bin",
      contentType: "application/octet-stream",
    });
    expect(avif.statusCode, avif.body).toBe(201);
    expect(avif.json<MediaUpload>()).toMatchObject({ width: 800, height: 533 });
  });

  it("lets a member upload, and refuses anyone signed out", async () => {
    const png = await image(500, 500).png().toBuffer();
    expect((await upload(png, { cookie: member })).statusCode).toBe(201);
    await expectRefused(upload(png, { cookie: "" }), 401, /./);
  });

  it("requires alt text of 5 to 140 characters, trimmed", async () => {
    const png = await image(500, 500).png().toBuffer();
    for (const alt of ["", "   logo   ", "x".repeat(141)]) {
      const before = await stored();
      const response = await upload(png, { alt });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: { alt: string } }>().errors.alt).toMatch(/alt text|readers who cannot see it/i);
      expect(await stored()).toEqual(before);
    }
    const { payload, headers } = multipart([{ name: "file", filename: "a.png", contentType: "image/png", bytes: png }]);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/admin/media",
      payload,
      headers: { ...headers, cookie: owner },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: { alt: string } }>().errors.alt).toMatch(/readers who cannot see it/);
    const trimmed = await upload(png, { alt: "   Our office at dusk   " });
    expect(trimmed.json<MediaUpload>().alt).toBe("Our office at dusk");
  });

  it("refuses what is not an accepted image, saying why, and stores nothing", async () => {
    await expectRefused(upload(Buffer.from("just some text, not a picture\n")), 415, /not an image we can read/);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script><rect width="800" height="600"/></svg>',
    );
    await expectRefused(
      upload(svg, { filename: "logo.png", contentType: "image/png" }),
      415,
      /SVG files are not accepted/,
    );
    await expectRefused(upload(await image(400, 300).tiff().toBuffer()), 415, /TIFF files are not accepted/);
    await expectRefused(upload(await image(50, 50).png().toBuffer()), 400, /50 pixels wide.*at least 200/);
    await expectRefused(upload(pixelBombPng()), 400, /10000×10000 pixels, more than 40 megapixels/);
    const truncated = (await image(800, 600).jpeg().toBuffer()).subarray(0, 400);
    await expectRefused(upload(truncated, { filename: "cut.jpg" }), 415, /damaged|not an image/);
    await expectRefused(upload(Buffer.alloc(0)), 415, /not an image we can read/);
  });

  it("refuses a file over 10 MB with 413, whether its length is declared or it is cut off while read", async () => {
    // Just over the limit: read up to the limit, then refused.
    await expectRefused(upload(Buffer.alloc(MEDIA_MAX_BYTES + 1)), 413, /larger than 10 MB/);
    // Far over it: refused from its Content-Length before the body is read.
    await expectRefused(upload(Buffer.alloc(MEDIA_MAX_BYTES + 1024 * 1024)), 413, /larger than 10 MB/);
  });

  it("refuses a body that is not multipart, a second file, and a missing file", async () => {
    await expectRefused(
      adminClient(t.app, { cookie: owner }).post("/api/admin/media", { alt: "A photo of the team" }),
      415,
      /multipart\/form-data/,
    );
    const png = await image(300, 300).png().toBuffer();
    const two = multipart([
      { name: "alt", value: "Two photos of the team" },
      { name: "file", filename: "a.png", contentType: "image/png", bytes: png },
      { name: "file", filename: "b.png", contentType: "image/png", bytes: png },
    ]);
    await expectRefused(
      t.app.inject({ method: "POST", url: "/api/admin/media", ...two, headers: { ...two.headers, cookie: owner } }),
      413,
      /one image/,
    );
    const none = multipart([{ name: "alt", value: "A photo of the team" }]);
    await expectRefused(
      t.app.inject({ method: "POST", url: "/api/admin/media", ...none, headers: { ...none.headers, cookie: owner } }),
      400,
      /Choose an image/,
    );
  });

  it("records the upload in the Activity as content", async () => {
    const activity = (await adminClient(t.app, { cookie: owner }).get("/api/admin/activity?kind=content")).json<{
      items: { summary: string }[];
    }>();
    expect(activity.items.map((item) => item.summary)).toContain(
      "uploaded an image: “A team planning a campaign at a whiteboard”",
    );
  });

  it("lists the recent uploads, newest first, for the image picker", async () => {
    const list = await adminClient(t.app, { cookie: member }).get("/api/admin/media");
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    const { media } = list.json<MediaList>();
    expect(media.length).toBe((await stored()).media);
    expect(media.at(-1)).toEqual({
      id: uploaded.id,
      url: uploaded.url,
      alt: uploaded.alt,
      width: 1600,
      height: 800,
      createdAt: expect.any(String),
    });
    expect([...media].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(media);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/media" })).statusCode).toBe(401);
  });

  describe("GET /media/<id>/<width>.<format>", () => {
    it("answers 304 to a revalidation with its ETag", async () => {
      const first = await serve(uploaded.url);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await serve(uploaded.url, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect((await serve(uploaded.url, { "if-none-match": `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await serve(uploaded.url, { "if-none-match": '"other"' })).statusCode).toBe(200);
    });

    it("answers 404, never an error, for anything unknown or malformed", async () => {
      const unknown = randomUUID();
      for (const url of [
        mediaUrl(unknown, 1600, "webp"),
        `/media/${uploaded.id}/1000.webp`,
        `/media/${uploaded.id}/01600.webp`,
        `/media/${uploaded.id}/1600.png`,
        `/media/${uploaded.id}/1600`,
        `/media/${uploaded.id}/99999999999999999999.webp`,
        "/media/not-a-uuid/1600.webp",
        `/media/${uploaded.id.toUpperCase()}/1600.webp`,
        "/media/'%20or%201=1/1600.webp",
      ]) {
        const response = await serve(url);
        expect(response.statusCode, url).toBe(404);
        expect(String(response.headers["cache-control"]), url).not.toMatch(/immutable/);
      }
      expect((await serve(mediaUrl(unknown, 1600, "webp"), { "if-none-match": "*" })).statusCode).toBe(404);
    });
  });
});
