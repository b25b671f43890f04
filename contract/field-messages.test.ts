import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { adminEmail, adminLoginInput, adminPassword } from "./admin.ts";
import { passwordChange } from "./admin.ts";
import { noteInput } from "./lead-notes.ts";
import { contactSubmissionInput } from "./contact-submission.ts";
import { fieldMessages } from "./field-messages.ts";
import { serviceInquiryInput } from "./service-inquiry.ts";

// One voice for every refused field a person can meet (issue 14 §4): the public forms, the admin login,
// the admin's note and password forms, and the API's error answers built from the same schemas.

// Async: a new password's rule is (contract/admin.ts newPasswordText).
const messages = async (schema: z.ZodType, value: unknown) =>
  ((await schema.safeParseAsync(value)).error?.issues ?? []).map((issue) => issue.message);
const long = "a".repeat(6000);

describe("field messages", () => {
  it("word a malformed e-mail address the same way everywhere", async () => {
    const lead = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@",
      phone: "512 555 0147",
      serviceType: "seo",
      message: "Hi",
    };
    expect(await messages(contactSubmissionInput, lead)).toEqual(["Enter a valid email address."]);
    expect(await messages(serviceInquiryInput, lead)).toEqual(["Enter a valid email address."]);
    expect(await messages(adminEmail, "owner-at-example")).toEqual(["Enter a valid email address."]);
    expect(fieldMessages.invalidEmail).toBe("Enter a valid email address.");
  });

  it("are each one sentence that says what to do", async () => {
    const found = new Set([
      ...(await messages(contactSubmissionInput, {})),
      ...(await messages(contactSubmissionInput, {
        firstName: long,
        lastName: "L\u0000",
        email: `${long}@example.com`,
        phone: "12",
        company: long,
      })),
      ...(await messages(serviceInquiryInput, {
        firstName: "",
        lastName: "",
        email: "",
        phone: "call me 12",
        serviceType: "seo",
        message: long,
      })),
      ...(await messages(adminLoginInput, { username: "", password: "" })),
      ...(await messages(adminPassword, "short")),
      ...(await messages(adminPassword, " ".repeat(12))),
      ...(await messages(adminPassword, "a".repeat(12))),
      ...(await messages(adminPassword, "password1234")),
      ...(await messages(adminPassword, "abcdefghijkl")),
      ...(await messages(noteInput, { body: " " })),
      ...(await messages(passwordChange, { currentPassword: "", newPassword: "short" })),
    ]);
    expect(found.size).toBeGreaterThan(10);
    for (const message of found) expect(message).toMatch(/^(Enter|Shorten|Remove|Choose) [^.!?]+\.$/);
  });
});
