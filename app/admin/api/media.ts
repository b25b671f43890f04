import { queryOptions } from "@tanstack/react-query";
import type { MediaList, MediaUpload } from "../../../contract/media.ts";
import { HttpError } from "../../lib/api-client.ts";
import { getJson } from "./request.ts";

// /api/admin/media (issue 37, contract/media.ts): images uploaded for articles. POST is multipart (the file and its alt text),
// so it goes through fetch with FormData rather than the JSON helpers; the browser sets the boundary.

const MEDIA_PATH = "/api/admin/media";

export const mediaQuery = queryOptions({
  queryKey: [MEDIA_PATH],
  queryFn: async () => (await getJson<MediaList>(MEDIA_PATH)).media,
  staleTime: 0,
});

export async function uploadMedia({ file, alt }: { file: File; alt: string }): Promise<MediaUpload> {
  const body = new FormData();
  body.append("alt", alt);
  body.append("file", file);
  const response = await fetch(MEDIA_PATH, { method: "POST", body, credentials: "include" });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new HttpError(response.status, `${response.status}: ${text || response.statusText}`, parsed);
  return parsed as MediaUpload;
}
