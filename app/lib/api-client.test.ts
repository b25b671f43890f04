import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest, createQueryClient, getQueryFn, HttpError } from "./api-client.ts";

// fetch is the browser's; these tests replace it to check what the client does with each answer.
function answer(status: number, body: string, statusText = "") {
  return vi.fn(async () => new Response(body === "" ? null : body, { status, statusText }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const queryContext = (queryKey: readonly unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined, client: createQueryClient() }) as never;

describe("apiRequest", () => {
  it("sends JSON with credentials and returns the response", async () => {
    const fetch = answer(201, '{"id":"1"}');
    vi.stubGlobal("fetch", fetch);
    const response = await apiRequest("POST", "/api/contact", { firstName: "Dana" });
    expect(await response.json()).toEqual({ id: "1" });
    expect(fetch).toHaveBeenCalledWith("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"firstName":"Dana"}',
      credentials: "include",
    });
  });

  it("adds the headers it is given, such as the form's Idempotency-Key", async () => {
    const fetch = answer(201, "{}");
    vi.stubGlobal("fetch", fetch);
    await apiRequest("POST", "/api/contact", { firstName: "Dana" }, { "Idempotency-Key": "key-1" });
    expect(fetch).toHaveBeenCalledWith("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": "key-1" },
      body: '{"firstName":"Dana"}',
      credentials: "include",
    });
  });

  it("sends no body and no content type without data", async () => {
    const fetch = answer(200, "{}");
    vi.stubGlobal("fetch", fetch);
    await apiRequest("POST", "/api/admin/logout");
    expect(fetch).toHaveBeenCalledWith("/api/admin/logout", {
      method: "POST",
      headers: {},
      body: undefined,
      credentials: "include",
    });
  });

  it("turns a non-OK answer into an error whose message is 'status: body'", async () => {
    vi.stubGlobal("fetch", answer(400, '{"message":"Please correct the highlighted fields."}'));
    const error = await apiRequest("POST", "/api/contact", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('400: {"message":"Please correct the highlighted fields."}');
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).body).toEqual({ message: "Please correct the highlighted fields." });
  });

  it("keeps no body on the error when the answer is not JSON", async () => {
    vi.stubGlobal("fetch", answer(502, "<html>Bad Gateway</html>"));
    const error = await apiRequest("GET", "/api/admin/stats").catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(502);
    expect((error as HttpError).body).toBeUndefined();
  });

  it("uses the status text when the body is empty", async () => {
    vi.stubGlobal("fetch", answer(503, "", "Service Unavailable"));
    await expect(apiRequest("GET", "/readyz")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("getQueryFn", () => {
  it("joins the query key with '/' and parses JSON", async () => {
    const fetch = answer(200, "[1,2]");
    vi.stubGlobal("fetch", fetch);
    await expect(getQueryFn({ on401: "throw" })(queryContext(["/api", "contact-submissions"]))).resolves.toEqual([
      1, 2,
    ]);
    expect(fetch).toHaveBeenCalledWith("/api/contact-submissions", { credentials: "include" });
  });

  it("throws on 401 by default", async () => {
    vi.stubGlobal("fetch", answer(401, '{"message":"Sign in"}'));
    await expect(getQueryFn({ on401: "throw" })(queryContext(["/api/contact-submissions"]))).rejects.toThrow(
      '401: {"message":"Sign in"}',
    );
  });

  it("yields null on 401 when configured to", async () => {
    vi.stubGlobal("fetch", answer(401, '{"message":"Sign in"}'));
    await expect(getQueryFn({ on401: "returnNull" })(queryContext(["/api/admin/status"]))).resolves.toBeNull();
  });

  it("still throws other failures when configured to yield null on 401", async () => {
    vi.stubGlobal("fetch", answer(500, "boom"));
    await expect(getQueryFn({ on401: "returnNull" })(queryContext(["/api/admin/status"]))).rejects.toThrow("500: boom");
  });
});

describe("the query client's defaults (SPEC §9)", () => {
  it("never refetches on focus, never polls, never retries, and data never goes stale", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(mutations?.retry).toBe(false);
  });

  it("has no default queryFn: each query brings its own", () => {
    expect(createQueryClient().getDefaultOptions().queries?.queryFn).toBeUndefined();
  });
});
