import { describe, expect, it } from "vitest";
import { adminLoginInput, adminPassword, newPasswordMessages, passwordChange } from "./admin.ts";

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
    for (const input of [
      { password: "secret" },
      { username: "", password: "secret" },
      { username: "   ", password: "secret" },
    ]) {
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
  const messages = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message);

  it("rejects fewer than 12 characters", async () => {
    const result = await adminPassword.safeParseAsync("a".repeat(11));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/at least 12/);
  });

  it("accepts 12 characters that are hard to guess, and a passphrase", async () => {
    for (const password of ["kV9#pQ2!mZ7x", "correct horse battery staple", "  leading and trailing spaces  "]) {
      const result = await adminPassword.safeParseAsync(password);
      expect(result.success, password).toBe(true);
      expect(result.data).toBe(password);
    }
  });

  // Issue 32, finding 9: twelve spaces were a valid password.
  it("refuses only spaces, with its own message", async () => {
    for (const password of [" ".repeat(12), "\t".repeat(6) + " ".repeat(6), "\u00a0".repeat(12), "\u3000".repeat(12)]) {
      expect(messages(await adminPassword.safeParseAsync(password)), JSON.stringify(password)).toEqual([
        newPasswordMessages.blank("password"),
      ]);
    }
  });

  it("refuses one character repeated, with its own message", async () => {
    for (const password of ["a".repeat(12), "7".repeat(20), "😀".repeat(12)]) {
      expect(messages(await adminPassword.safeParseAsync(password)), password).toEqual([
        newPasswordMessages.repeated("password"),
      ]);
    }
  });

  it("refuses common passwords, with its own message", async () => {
    for (const password of ["password1234", "Password1234", "iloveyou1234", "123456789012", "qwertyuiop12"]) {
      expect(messages(await adminPassword.safeParseAsync(password)), password).toEqual([
        newPasswordMessages.common("password"),
      ]);
    }
  });

  it("refuses a password easy to guess by its pattern, with its own message", async () => {
    for (const password of ["abcdefghijkl", "abcabcabcabc"]) {
      expect(messages(await adminPassword.safeParseAsync(password)), password).toEqual([
        newPasswordMessages.guessable("password"),
      ]);
    }
  });

  it("is asynchronous: a synchronous parse cannot skip the strength check", () => {
    expect(() => adminPassword.safeParse("kV9#pQ2!mZ7x")).toThrow();
  });
});

describe("passwordChange", () => {
  it("names the new password in its refusals, and leaves the current one alone", async () => {
    const result = await passwordChange.safeParseAsync({
      currentPassword: " ".repeat(12),
      newPassword: " ".repeat(12),
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["newPassword", newPasswordMessages.blank("new password")],
    ]);
  });
});
