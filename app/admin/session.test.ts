import { MutationObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminStatus } from "../../contract/admin.ts";
import { apiRequest, createQueryClient, HttpError } from "../lib/api-client.ts";
import { statsQuery } from "./api/stats.ts";
import {
  endSessionOnUnauthorized,
  loginMutation,
  logoutMutation,
  secondFactorMutation,
  sessionQuery,
  signedOut,
} from "./session.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

type Answer = { status: number; body?: string };

/** Answers each request in turn; records what was asked. */
function stubFetch(...answers: Answer[]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    const answer = answers.shift() ?? { status: 500 };
    return new Response(answer.body ?? null, { status: answer.status });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const status = (queryClient: ReturnType<typeof createQueryClient>) =>
  queryClient.getQueryData<AdminStatus | null>(sessionQuery.queryKey);
const owner = { username: "owner@example.com", password: "a long enough password" };
const ownerStatus: AdminStatus = { authenticated: true, username: owner.username };

describe("the status", () => {
  it("is read from /api/admin/status with cookies, a 401 reading as signed out", async () => {
    const fetch = stubFetch(
      { status: 200, body: '{"authenticated":true,"username":"owner@example.com"}' },
      { status: 401 },
    );
    const queryClient = createQueryClient();
    expect(await queryClient.fetchQuery(sessionQuery)).toEqual({ authenticated: true, username: "owner@example.com" });
    expect(await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 })).toBeNull();
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.credentials])).toEqual([
      ["/api/admin/status", "include"],
      ["/api/admin/status", "include"],
    ]);
  });

  it("is kept for five minutes (SPEC §4)", () => {
    expect(sessionQuery.staleTime).toBe(5 * 60 * 1000);
  });
});

describe("login", () => {
  it("posts the credentials, does not read the answer, and is signed in as the submitted e-mail at once", async () => {
    // The login answer is not JSON: reading it would fail.
    const fetch = stubFetch({ status: 200, body: "OK" });
    const queryClient = createQueryClient();
    queryClient.setQueryData(statsQuery.queryKey, { contacts: {}, inquiries: {} } as never);
    queryClient.setQueryData(sessionQuery.queryKey, signedOut);

    await new MutationObserver(queryClient, loginMutation).mutate(owner);

    expect(status(queryClient)).toEqual(ownerStatus);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init?.method, init?.credentials, init?.body]).toEqual([
      "/api/admin/login",
      "POST",
      "include",
      JSON.stringify(owner),
    ]);
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
    // The previous session's data is gone.
    expect(queryClient.getQueryData(statsQuery.queryKey)).toBeUndefined();
    // Confirmed by the server when next observed.
    expect(queryClient.getQueryState(sessionQuery.queryKey)?.isInvalidated).toBe(true);
  });

  it("reads the role from the answer, and stays signed out when a second factor comes next (issue 23)", async () => {
    stubFetch({
      status: 200,
      body: JSON.stringify({
        authenticated: true,
        username: owner.username,
        user: { id: "u1", role: "member", name: null },
      }),
    });
    const queryClient = createQueryClient();
    await new MutationObserver(queryClient, loginMutation).mutate(owner);
    expect(status(queryClient)).toEqual({ ...ownerStatus, user: { id: "u1", role: "member", name: null } });

    stubFetch(
      {
        status: 200,
        body: JSON.stringify({
          authenticated: false,
          username: null,
          secondFactor: { methods: ["totp", "recovery-code"] },
        }),
      },
      {
        status: 200,
        body: JSON.stringify({
          authenticated: true,
          username: owner.username,
          user: { id: "u1", role: "owner", name: "Ana" },
        }),
      },
    );
    const second = createQueryClient();
    second.setQueryData(sessionQuery.queryKey, signedOut);
    const step = await new MutationObserver(second, loginMutation).mutate(owner);
    expect(step).toEqual({
      authenticated: false,
      username: null,
      secondFactor: { methods: ["totp", "recovery-code"] },
    });
    expect(status(second)).toEqual(signedOut);
    await new MutationObserver(second, secondFactorMutation).mutate("123456");
    expect(status(second)).toMatchObject({ authenticated: true, user: { role: "owner" } });
  });

  it("fails with the server's answer and leaves the status signed out", async () => {
    stubFetch({ status: 401, body: '{"message":"Invalid email or password"}' });
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, signedOut);
    const error = await new MutationObserver(queryClient, loginMutation).mutate(owner).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(status(queryClient)).toEqual(signedOut);
  });
});

describe("logout", () => {
  it("signs out here and forgets the session's data, even when the server call fails", async () => {
    for (const answer of [{ status: 200, body: '{"authenticated":false,"username":null}' }, { status: 500 }]) {
      const fetch = stubFetch(answer);
      const queryClient = createQueryClient();
      queryClient.setQueryData(sessionQuery.queryKey, ownerStatus);
      queryClient.setQueryData(statsQuery.queryKey, { contacts: {}, inquiries: {} } as never);
      await new MutationObserver(queryClient, logoutMutation).mutate().catch(() => undefined);
      expect(fetch.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([["/api/admin/logout", "POST"]]);
      expect(status(queryClient)).toEqual(signedOut);
      expect(queryClient.getQueryData(statsQuery.queryKey)).toBeUndefined();
    }
  });
});

describe("endSessionOnUnauthorized", () => {
  function signedIn() {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, ownerStatus);
    return queryClient;
  }

  it("ends the session when any admin read answers 401", async () => {
    stubFetch({ status: 401, body: '{"message":"Sign in first"}' });
    const queryClient = signedIn();
    const stop = endSessionOnUnauthorized(queryClient);
    await queryClient.fetchQuery(statsQuery).catch(() => undefined);
    expect(status(queryClient)).toEqual(signedOut);
    stop();
  });

  it("ends the session when a change answers 401", async () => {
    stubFetch({ status: 401 });
    const queryClient = signedIn();
    const stop = endSessionOnUnauthorized(queryClient);
    await new MutationObserver(queryClient, { mutationFn: () => apiRequest("POST", "/api/admin/password", {}) })
      .mutate()
      .catch(() => undefined);
    expect(status(queryClient)).toEqual(signedOut);
    stop();
  });

  it("keeps the session on other failures, and stops when unsubscribed", async () => {
    stubFetch({ status: 500 }, { status: 401 });
    const queryClient = signedIn();
    const stop = endSessionOnUnauthorized(queryClient);
    await queryClient.fetchQuery(statsQuery).catch(() => undefined);
    expect(status(queryClient)).toEqual(ownerStatus);
    stop();
    await queryClient.fetchQuery(statsQuery).catch(() => undefined);
    expect(status(queryClient)).toEqual(ownerStatus);
  });
});
