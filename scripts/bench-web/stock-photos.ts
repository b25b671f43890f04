import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createSecureServer } from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { crc32, deflateSync } from "node:zlib";
import { thirdPartyOrigins } from "../../server/lib/content-security-policy.ts";
import { onCleanUp } from "./cleanup.ts";
import type { PageWeight } from "./weights.ts";

// Stock photos: a local HTTPS stand-in for the third-party image hosts the pages name (SPEC: the
// articles' hero photos come from a stock-photo CDN). Offline, their requests fail and Chromium logs
// console errors; with the stand-in they load as they would for a visitor. Chromium resolves those hosts
// to the stand-in (--host-resolver-rules) and trusts its self-signed certificate by its key only
// (--ignore-certificate-errors-spki-list). Each photo is a generated PNG of the requested size (w and h
// in the URL, 3:2 when h is absent) weighing what the photo would in the format asked (PHOTO_BYTES_PER_PIXEL).

// What a stock photo weighs per pixel in the format the CDN would answer (imgix: `fm`, else with
// `auto=format` the best the Accept header allows, else JPEG), at q=70. AVIF 0.08 is the figure the stand-in
// has used since decision 027 (1200 by 800: some 88 KB); WebP and JPEG of the same photo weigh about 1.25
// and 1.9 times that. The bytes stay a PNG (Chromium decodes it whatever the URL asked): only the weight follows the format.
const PHOTO_BYTES_PER_PIXEL = { avif: 0.08, webp: 0.1, jpg: 0.15 } as const;
type PhotoFormat = keyof typeof PHOTO_BYTES_PER_PIXEL;

/** The format an imgix-like CDN answers for this URL and Accept header. */
function photoFormat(url: URL, accept: string): PhotoFormat {
  const asked = url.searchParams.get("fm");
  if (asked === "avif" || asked === "webp") return asked;
  if (asked) return "jpg";
  if (url.searchParams.get("auto")?.split(",").includes("format")) {
    if (accept.includes("image/avif")) return "avif";
    if (accept.includes("image/webp")) return "webp";
  }
  return "jpg";
}

export type StockPhotoStandIn = {
  hosts: string[];
  chromeFlags: string[];
  served: Map<string, number>;
  close: () => Promise<void>;
};

/** The image origins (other than ours) that the pages' markup names. */
export function stockPhotoHosts(weights: Iterable<PageWeight>): string[] {
  return [...new Set([...weights].flatMap((weight) => thirdPartyOrigins(weight.html).img))].sort();
}

/** A width × height RGB PNG: plain rows (a vertical gradient, next to nothing compressed) and noise rows spaced so that it weighs about a photo's bytes. */
function photoLikePng(width: number, height: number, bytesPerPixel: number, seed: number): Buffer {
  // A noise row weighs 3 bytes a pixel: one in 3 / bytesPerPixel rows gives the average.
  const noisyRowEvery = Math.max(1, Math.round(3 / bytesPerPixel));
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: the same photo for the same URL on every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const noisy = y % noisyRowEvery === 0;
      rows[row + 1 + x * 3] = noisy ? random() & 0xff : 90;
      rows[row + 2 + x * 3] = noisy ? random() & 0xff : (y * 255) / height;
      rows[row + 3 + x * 3] = noisy ? random() & 0xff : 160;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export async function startStockPhotoStandIn(hosts: string[]): Promise<StockPhotoStandIn | null> {
  const names = hosts.map((origin) => new URL(origin).hostname);
  if (names.length === 0) return null;
  const dir = mkdtempSync(join(tmpdir(), "agency-bench-photos-"));
  onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
  const [keyPath, certPath] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-keyout",
      keyPath,
      "-out",
      certPath,
      "-subj",
      `/CN=${names[0]}`,
      "-addext",
      `subjectAltName=${names.map((name) => `DNS:${name}`).join(",")}`,
    ],
    { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
  );
  if (made.status !== 0)
    throw new Error(`openssl could not make the stock-photo stand-in's certificate: ${made.stderr}`);
  const cert = readFileSync(certPath);
  const spki = createHash("sha256")
    .update(new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" }))
    .digest("base64");

  const photos = new Map<string, Buffer>();
  const served = new Map<string, number>();
  const server = createSecureServer({ key: readFileSync(keyPath), cert, allowHTTP1: true }, (request, response) => {
    const url = new URL(request.url ?? "/", "https://stand-in.invalid");
    const width = Math.min(Math.max(Number(url.searchParams.get("w")) || 1200, 16), 2400);
    const height = Math.min(Math.max(Number(url.searchParams.get("h")) || Math.round((width * 2) / 3), 16), 2400);
    const format = photoFormat(url, String(request.headers.accept ?? ""));
    const key = `${url.pathname} ${width}x${height} ${format}`;
    let photo = photos.get(key);
    if (!photo) {
      photo = photoLikePng(
        width,
        height,
        PHOTO_BYTES_PER_PIXEL[format],
        createHash("sha256").update(key).digest().readUInt32BE(0),
      );
      photos.set(key, photo);
    }
    served.set(`${width}×${height} ${format}`, photo.byteLength);
    response.writeHead(200, {
      "content-type": "image/png",
      vary: "accept",
      "content-length": photo.byteLength,
      "cache-control": "public, max-age=31536000, immutable",
    });
    response.end(photo);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((closed) => server.close(() => closed()));
  onCleanUp(() => void close());
  return {
    hosts,
    served,
    close,
    chromeFlags: [
      `--host-resolver-rules=${names.map((name) => `MAP ${name} 127.0.0.1:${port}`).join(", ")}`,
      `--ignore-certificate-errors-spki-list=${spki}`,
    ],
  };
}
