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

const messages = (schema: z.ZodType, value: unknown) => (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.message);
const long = "a".repeat(6000);

describe("field messages", () => {
  it("word a malformed e-mail address the same way everywhere", () => {
    const lead = { firstName: "Ada", lastName: "Lovelace", email: "ada@", phone: "512 555 0147", serviceType: "seo", message: "Hi" };
    expect(messages(contactSubmissionInput, lead)).toEqual(["Enter a valid email address."]);
    expect(messages(serviceInquiryInput, lead)).toEqual(["Enter a valid email address."]);
    expect(messages(adminEmail, "owner-at-example")).toEqual(["Enter a valid email address."]);
    expect(fieldMessages.invalidEmail).toBe("Enter a valid email address.");
  });

  it("are each one sentence that says what to do", () => {
    const found = new Set([
      ...messages(contactSubmissionInput, {}),
      ...messages(contactSubmissionInput, { firstName: long, lastName: "L\u0000", email: `${long}@example.com`, phone: "12", company: long }),
      ...messages(serviceInquiryInput, { firstName: "", lastName: "", email: "", phone: "call me 12", serviceType: "seo", message: long }),
      ...messages(adminLoginInput, { username: "", password: "" }),
      ...messages(adminPassword, "short"),
      ...messages(noteInput, { body: " " }),
      ...messages(passwordChange, { currentPassword: "", newPassword: "short" }),
    ]);
    expect(found.size).toBeGreaterThan(10);
    for (const message of found) expect(message).toMatch(/^(Enter|Shorten|Remove|Choose) [^.!?]+\.$/);
  });
});
