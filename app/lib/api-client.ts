import { QueryClient, type QueryFunction } from "@tanstack/react-query";

// The one way the client talks to the API (SPEC §7 "General request behaviour"). The public lead forms
// use apiRequest only; the TanStack Query defaults below are the admin's. Nothing here runs at import
// time, so a public page's bundle leaves TanStack Query out (the package declares no side effects).

/**
 * A non-OK answer. Its message is "status: body" (or the status text when the body is empty); `body` is
 * the body parsed as JSON (the API's error object), or undefined when it was not JSON.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  throw new HttpError(response.status, `${response.status}: ${text || response.statusText}`, parsedJson(text));
}

/** Sends a request with cookies; a body goes as JSON. Throws HttpError on a non-OK answer. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? headers : { "Content-Type": "application/json", ...headers },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

type UnauthorizedBehavior = "returnNull" | "throw";

/** SPEC §7's default reads: the query key's segments joined with "/" are the URL (the session status reads so). */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKey.join("/"), { credentials: "include" });
    if (options.on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // No default queryFn: every query names its own (admin/api/*.ts, admin/session.ts), so a query
      // built from a key alone fails loudly instead of fetching whatever URL its key spells.
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
