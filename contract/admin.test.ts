import { describe, expect, it } from "vitest";
import { adminLoginInput, adminPassword } from "./admin.ts";

describe("adminLoginInput", () => {
  it("accepts a username and password", () => {
    const result = adminLoginInput.safeParse({ username: "owner@example.com", password: "secret" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ username: "owner@example.com", password: "secret" });
  });

  it("trims the username but not the password", () => {
    const result = adminLoginInput.safeParse({ username: "  owner@example.com ", password: " secret " });
    expect(result.success).toBe(true);
    expect(result.data?.username).toBe("owner@example.com");
    expect(result.data?.password).toBe(" secret ");
  });

  it("requires the username", () => {
    for (const input of [{ password: "secret" }, { username: "", password: "secret" }, { username: "   ", password: "secret" }]) {
      const result = adminLoginInput.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path)).toEqual([["username"]]);
    }
  });

  it("requires the password and rejects an empty one", () => {
    for (const input of [{ username: "owner@example.com" }, { username: "owner@example.com", password: "" }]) {
      const result = adminLoginInput.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path)).toEqual([["password"]]);
    }
  });

  it("rejects a body without either field", () => {
    const result = adminLoginInput.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["username"], ["password"]]);
  });
});

describe("adminPassword", () => {
  it("rejects fewer than 12 characters", () => {
    const result = adminPassword.safeParse("a".repeat(11));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/at least 12/);
  });

  it("accepts 12 characters", () => {
    const result = adminPassword.safeParse("a".repeat(12));
    expect(result.success).toBe(true);
    expect(result.data).toBe("a".repeat(12));
  });
});
