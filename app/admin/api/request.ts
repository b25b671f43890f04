import type { ApiError } from "../../../contract/api-error.ts";
import { apiRequest, HttpError } from "../../lib/api-client.ts";
import { learnFromDateHeader } from "./server-clock.ts";

// How the admin's endpoint modules read and send JSON, and read the API's errors (SPEC §7, §8).

/** A request whose answer also tells the server's time (its Date header: api/server-clock.ts). */
async function timedRequest(
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Response> {
  const sentAt = Date.now();
  const response = await apiRequest(method, url, body, headers);
  learnFromDateHeader(response.headers.get("Date"), sentAt, Date.now());
  return response;
}

export async function getJson<T>(url: string): Promise<T> {
  return (await (await timedRequest("GET", url)).json()) as T;
}

/** `headers`: a conditional save's If-Match (the content drafts, issue 37). */
export async function sendJson<T>(
  method: "POST" | "PATCH" | "PUT",
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  return (await (await timedRequest(method, url, body, headers)).json()) as T;
}

/** The API's error body carried by an HttpError, when it is one (JSON with a message). */
export function apiErrorOf(error: unknown): ApiError | null {
  if (!(error instanceof HttpError)) return null;
  const { body } = error;
  return body && typeof body === "object" && typeof (body as ApiError).message === "string" ? (body as ApiError) : null;
}

/** A 401: the admin session has ended (expired, signed out elsewhere, password changed). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

/** The lead does not exist (404), or its id is not one (400). */
export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 404 || error.status === 400);
}
