import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { signIn, TEST_ADMIN } from "./test-app.ts";

// The API tests' one way to call the admin API through app.inject: as whom (a session cookie, or nobody),
// with which extra headers (an Origin, a User-Agent), a JSON body when there is one.

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The app, or a getter for one a test's beforeAll makes (so a client can be declared at the top of a file). */
export type AppSource = FastifyInstance | (() => FastifyInstance);

export type AdminClient = {
  request(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
};

export type ClientOptions = {
  /** The session cookie (a Cookie header value, as signIn answers), or a getter for it; none: signed out. */
  cookie?: string | undefined | (() => string | undefined);
  /** Extra headers on every request (an Origin, a User-Agent). */
  headers?: Record<string, string>;
};

/** One request: `cookie` when given, `headers`, and `payload` as JSON when it is not undefined. */
export function injectAs(
  app: FastifyInstance,
  method: Method,
  url: string,
  {
    cookie,
    payload,
    headers = {},
  }: { cookie?: string | undefined; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

export function adminClient(app: AppSource, { cookie, headers }: ClientOptions = {}): AdminClient {
  const request = (method: Method, url: string, payload?: unknown) =>
    injectAs(typeof app === "function" ? app() : app, method, url, {
      cookie: typeof cookie === "function" ? cookie() : cookie,
      payload,
      ...(headers ? { headers } : {}),
    });
  return {
    request,
    get: (url) => request("GET", url),
    post: (url, payload) => request("POST", url, payload),
    put: (url, payload) => request("PUT", url, payload),
    patch: (url, payload) => request("PATCH", url, payload),
    delete: (url) => request("DELETE", url),
  };
}

/** Signs in (the bootstrap owner unless told) and answers a client with that session, and the cookie. */
export async function signedInClient(
  app: FastifyInstance,
  credentials: { email: string; password: string } = TEST_ADMIN,
  headers?: Record<string, string>,
): Promise<AdminClient & { cookie: string }> {
  const cookie = await signIn(app, credentials);
  return { ...adminClient(app, { cookie, ...(headers ? { headers } : {}) }), cookie };
}

/**
 * The account tests' call(method, url, cookie?, payload?): one user's cookie per call, the same extra headers
 * on each; `on` sends it to another app than `app` (a test's own, with other settings).
 */
export function callerOf(app: AppSource, headers?: Record<string, string>) {
  return (
    method: Method,
    url: string,
    cookie?: string,
    payload?: unknown,
    on?: FastifyInstance,
  ): Promise<LightMyRequestResponse> =>
    adminClient(on ?? app, { cookie, ...(headers ? { headers } : {}) }).request(method, url, payload);
}

/** The cookies a response set, as one Cookie header with those of `before` (a sign-in's steps). */
export function cookiesOf(response: LightMyRequestResponse, before = ""): string {
  const jar = new Map(
    before
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const cookie of response.cookies) jar.set(cookie.name, `${cookie.name}=${cookie.value}`);
  return [...jar.values()].join("; ");
}
