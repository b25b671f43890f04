import { describe, expect, it } from "vitest";
import { createIdempotencyKeys } from "./idempotency-keys.ts";

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

const lead = {
  firstName: "Dana",
  lastName: "Whitfield",
  email: "dana@example.com",
  phone: "5125550147",
  pagePath: "/contact",
};

describe("createIdempotencyKeys", () => {
  it("sends a retry of the same values with the same key, whatever its spam signals", () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor({ ...lead, elapsedMs: 4000, formToken: "v1.a.b", website: "" });
    expect(keys.keyFor({ ...lead, elapsedMs: 9000, formToken: "v1.c.d", website: "" })).toBe(first);
    // Key order is not part of the values.
    expect(
      keys.keyFor({
        phone: lead.phone,
        email: lead.email,
        lastName: lead.lastName,
        firstName: lead.firstName,
        pagePath: lead.pagePath,
      }),
    ).toBe(first);
  });

  it("gives edited values a new key, and finds the old key again when the edit is undone", () => {
    const keys = createIdempotencyKeys(counter());
    expect(keys.keyFor(lead)).toBe("key-1");
    expect(keys.keyFor({ ...lead, phone: "5125550148" })).toBe("key-2");
    expect(keys.keyFor(lead)).toBe("key-1");
  });

  it("forgets every key after a success: the same values again are a new lead", () => {
    const keys = createIdempotencyKeys(counter());
    expect(keys.keyFor(lead)).toBe("key-1");
    keys.forget();
    expect(keys.keyFor(lead)).toBe("key-2");
  });

  it("makes random UUIDv4 keys by default", () => {
    const keys = createIdempotencyKeys();
    const key = keys.keyFor(lead);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    keys.forget();
    expect(keys.keyFor(lead)).not.toBe(key);
  });
});
