import { describe, expect, it, vi } from "vitest";
import { createFormTokenSource, FORM_TOKEN_RENEW_AFTER_MS } from "./form-token.ts";

// The form's token: fetched when it appears, fetched again at submit when that failed, renewed when
// the page is shown again after many hours. A fetch that fails is never the visitor's error.

function tokens(...answers: (string | Error)[]) {
  return vi.fn(async () => {
    const next = answers.shift();
    if (next === undefined) throw new Error("no more answers");
    if (next instanceof Error) throw next;
    return next;
  });
}

describe("createFormTokenSource", () => {
  it("sends the token fetched when the form appeared", async () => {
    const fetchToken = tokens("t1");
    const source = createFormTokenSource(fetchToken);
    await source.load();
    expect(await source.tokenForSubmit()).toBe("t1");
    expect(await source.tokenForSubmit()).toBe("t1");
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it("waits for a fetch still under way at submit instead of starting another", async () => {
    const fetchToken = tokens("t1");
    const source = createFormTokenSource(fetchToken);
    void source.load();
    expect(await source.tokenForSubmit()).toBe("t1");
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it("replaces a spent token after a send, so the next request carries a fresh one", async () => {
    const fetchToken = tokens("t1", "t2");
    const source = createFormTokenSource(fetchToken);
    await source.load();
    expect(await source.tokenForSubmit()).toBe("t1");
    void source.replaceSpent();
    expect(await source.tokenForSubmit()).toBe("t2");
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it("fetches once more at submit when the first fetch failed", async () => {
    const fetchToken = tokens(new TypeError("Failed to fetch"), "t2");
    const source = createFormTokenSource(fetchToken);
    await expect(source.load()).resolves.toBeUndefined();
    expect(await source.tokenForSubmit()).toBe("t2");
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it("submits without a token when the network fails both times (the server keeps the lead as a suspect)", async () => {
    const source = createFormTokenSource(tokens(new TypeError("Failed to fetch"), new TypeError("Failed to fetch")));
    await source.load();
    await expect(source.tokenForSubmit()).resolves.toBeUndefined();
  });

  it("renews a token when the page is shown again after many hours, and keeps a recent one", async () => {
    let now = 1_000_000;
    const fetchToken = tokens("t1", "t2");
    const source = createFormTokenSource(fetchToken, () => now);
    await source.load();
    now += FORM_TOKEN_RENEW_AFTER_MS - 1;
    await source.renewIfOld();
    expect(await source.tokenForSubmit()).toBe("t1");
    now += 2;
    await source.renewIfOld();
    expect(await source.tokenForSubmit()).toBe("t2");
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });
});
