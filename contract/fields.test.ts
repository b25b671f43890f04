import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { adminLoginInput, adminPassword } from "./admin.ts";
import { leadParams } from "./admin-leads.ts";
import { passwordChange } from "./admin.ts";
import { leadFilters } from "./lead-filters.ts";
import { noteInput } from "./lead-notes.ts";
import { contactSubmissionInput } from "./contact-submission.ts";
import { cleanText, optionalText, passwordText, requiredText, sourceText, spamSignalFields } from "./fields.ts";
import { serviceInquiryInput } from "./service-inquiry.ts";
import { cleanSourceText, trimText } from "./text.ts";

const NUL = "\u0000";
const LONE_HIGH = "\uD83D";
const LONE_LOW = "\uDE00";
const EMOJI = "😀"; // a surrogate pair
const NFD_E = "e\u0301"; // e + combining acute accent
const NFC_E = "\u00E9";

/** The first issue of a failed parse (fails the test if the parse succeeded). */
function firstIssue(result: z.ZodSafeParseResult<unknown>) {
  expect(result.success).toBe(false);
  return result.error?.issues[0];
}

describe("trimText", () => {
  it("strips whitespace and zero-width characters from both ends only", () => {
    expect(trimText(" \u200B\t Ada \u200C\u200D\u2060\uFEFF\n")).toBe("Ada");
    expect(trimText("\u200B\u200B")).toBe("");
    // A zero-width joiner inside a value is part of it (emoji sequences, Persian).
    const family = "👨\u200D👩\u200D👧";
    expect(trimText(` ${family} `)).toBe(family);
  });

  it("trims 30,000 spaces in front of a character", () => {
    expect(trimText(`${" ".repeat(30_000)}x${" ".repeat(30_000)}`)).toBe("x");
  });
});

describe("requiredText (single line)", () => {
  const name = requiredText("first name", 100);

  it.each([
    ["NUL", `Ada${NUL}`],
    ["a NUL alone", NUL],
    ["C0 start of heading", "Ada\u0001"],
    ["escape", "Ada\u001B[31m"],
    ["DEL", "Ada\u007F"],
    ["C1 next line", "Ada\u0085"],
    ["C1 application program command", "Ada\u009F"],
    ["an inner tab", "Ada\tLovelace"],
    ["an inner line break", "Ada\nLovelace"],
    ["an inner carriage return", "Ada\rLovelace"],
    ["a lone high surrogate", `Ada${LONE_HIGH}`],
    ["a lone low surrogate", `${LONE_LOW}Ada`],
  ])("refuses %s, naming the field", (_case, value) => {
    expect(firstIssue(name.safeParse(value))?.message).toBe("Remove the unsupported characters from your first name.");
  });

  it.each([
    ["emoji", `Ada ${EMOJI}`],
    ["an emoji ZWJ sequence", "Ada 👩\u200D💻"],
    ["right-to-left text", "\u05D3\u05E0\u05D4"],
    ["a zero-width space inside", "Ada\u200BLovelace"],
    ["combining marks", "Zoe\u0308"],
  ])("accepts %s", (_case, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(true);
    expect(result.data).toBe(value.normalize("NFC"));
  });

  it("removes a right-to-left override, which would show the name reversed", () => {
    expect(name.parse("Ada\u202Eecalevol")).toBe("Adaecalevol");
  });

  it("normalises to NFC, so the same name is stored and searched one way", () => {
    expect(name.parse(`Ren${NFD_E}`)).toBe(`Ren${NFC_E}`);
    expect(name.parse(`Ren${NFC_E}`)).toBe(`Ren${NFC_E}`);
  });

  it("trims edges, line breaks and tabs included, before checking", () => {
    expect(name.parse("\tAda\n")).toBe("Ada");
  });

  it.each(["", "   ", "\u200B", "\u200B\u200C\u200D\u2060\uFEFF", " \u200B\t\n "])(
    "treats %j (whitespace and zero-width only) as empty",
    (value) => {
      expect(firstIssue(name.safeParse(value))?.message).toBe("Enter your first name.");
    },
  );

  it("keeps its type error and bounds", () => {
    expect(firstIssue(name.safeParse(42))?.message).toBe("Enter your first name.");
    expect(firstIssue(name.safeParse("a".repeat(101)))?.message).toBe(
      "Shorten your first name to 100 characters or fewer.",
    );
    expect(name.parse("a".repeat(100))).toHaveLength(100);
  });
});

describe("requiredText (multi-line)", () => {
  const message = requiredText("message", 5000, { multiline: true });

  it("keeps inner line breaks and tabs", () => {
    expect(message.parse("Line one\r\nLine two\n\tindented")).toBe("Line one\r\nLine two\n\tindented");
  });

  it("keeps its lines when they are separated by U+2028/2029, and loses bidirectional controls and tags", () => {
    expect(message.parse("Line one\u2028Line two\u2029Line three")).toBe("Line one\nLine two\nLine three");
    expect(message.parse("Pay \u2066\u202Eto: evil\u2069\u202C now\u{E0041}\u{E007F}")).toBe("Pay to: evil now");
  });

  it.each([`Hi${NUL}`, "Hi\u000Bthere", "Hi\u000Cthere", "Hi\u0085", `Hi${LONE_HIGH}`])("still refuses %j", (value) => {
    expect(firstIssue(message.safeParse(value))?.message).toBe("Remove the unsupported characters from your message.");
  });

  it("treats zero-width and line breaks only as empty", () => {
    expect(firstIssue(message.safeParse("\n\u200B\r\n"))?.message).toBe("Enter your message.");
  });
});

describe("optionalText over cleanText", () => {
  const company = optionalText(
    cleanText("company name").max(200, { error: "Shorten your company name to 200 characters or fewer." }),
  );

  it.each([undefined, null, "", "  ", "\u200B", "\uFEFF \u2060"])("%j is not given", (value) => {
    const result = company.safeParse(value);
    expect(result.success).toBe(true);
    expect(result.data).toBeUndefined();
  });

  it("refuses control characters with the label", () => {
    expect(firstIssue(company.safeParse(`Acme${NUL}`))?.message).toBe(
      "Remove the unsupported characters from your company name.",
    );
  });

  it("keeps a given value, trimmed and NFC", () => {
    expect(company.parse(` Caf${NFD_E} \u200B`)).toBe(`Caf${NFC_E}`);
  });
});

describe("cleanSourceText", () => {
  it("removes NUL and other controls, turning whitespace controls into spaces", () => {
    expect(cleanSourceText(`news${NUL}letter`, 200)).toBe("newsletter");
    expect(cleanSourceText("plumber\tnear\nme\u0085", 200)).toBe("plumber near me");
    expect(cleanSourceText("a\u0001\u007F\u009Fb", 200)).toBe("ab");
  });

  it("removes lone surrogates and keeps emoji", () => {
    expect(cleanSourceText(`a${LONE_HIGH}b${LONE_LOW}c${EMOJI}`, 200)).toBe(`abc${EMOJI}`);
  });

  it("is undefined when nothing is left", () => {
    expect(cleanSourceText(NUL, 200)).toBeUndefined();
    expect(cleanSourceText("\u200B \u0000\t", 200)).toBeUndefined();
    expect(cleanSourceText("", 200)).toBeUndefined();
  });

  it("cuts to the maximum without splitting a surrogate pair", () => {
    const value = `${"x".repeat(199)}${EMOJI}`;
    const cut = cleanSourceText(value, 200);
    expect(cut).toBe("x".repeat(199));
    expect(cut).not.toMatch(/\p{Cs}/u);
    expect(cleanSourceText(`${"x".repeat(198)}${EMOJI}`, 200)).toBe(`${"x".repeat(198)}${EMOJI}`);
  });

  it("normalises to NFC and keeps a literal %00 as text", () => {
    expect(cleanSourceText(`caf${NFD_E}`, 200)).toBe(`caf${NFC_E}`);
    expect(cleanSourceText("%00", 200)).toBe("%00");
  });
});

describe("sourceText and the honeypot never refuse", () => {
  it.each([NUL, `${LONE_HIGH}x`, "x".repeat(5000), 42, null, ["a"], { a: 1 }, true])("%j parses", (value) => {
    expect(sourceText(200).safeParse(value).success).toBe(true);
    expect(spamSignalFields.website.safeParse(value).success).toBe(true);
  });

  it("a honeypot filled with control characters around text still counts as filled", () => {
    expect(spamSignalFields.website.parse(`${NUL}http://spam.example${NUL}`)).toBe("http://spam.example");
  });

  it("a honeypot longer than its bound is cut, not dropped (it stays spam)", () => {
    expect(spamSignalFields.website.parse("x".repeat(3000))).toHaveLength(2048);
  });
});

describe("passwordText", () => {
  const password = passwordText("password");

  it("keeps a password exactly as typed", () => {
    for (const value of [" secret ", "tab\tinside", `Ren${NFD_E}`, `emoji ${EMOJI}`])
      expect(password.parse(value)).toBe(value);
  });

  it.each([`secret${NUL}`, `secret${LONE_HIGH}`, `${LONE_LOW}secret`])("refuses %j", (value) => {
    expect(firstIssue(password.safeParse(value))?.message).toBe(
      "Remove the unsupported characters from your password.",
    );
  });
});

describe("every text field of every payload goes through clean text", () => {
  const contact = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555-0147" };
  const inquiry = { ...contact, serviceType: "seo", message: "Hello" };

  it.each([
    [
      "contact",
      contactSubmissionInput,
      contact,
      "firstName",
      "Remove the unsupported characters from your first name.",
    ],
    ["contact", contactSubmissionInput, contact, "lastName", "Remove the unsupported characters from your last name."],
    ["contact", contactSubmissionInput, contact, "email", "Remove the unsupported characters from your email address."],
    ["contact", contactSubmissionInput, contact, "phone", "Remove the unsupported characters from your phone number."],
    [
      "contact",
      contactSubmissionInput,
      contact,
      "company",
      "Remove the unsupported characters from your company name.",
    ],
    ["contact", contactSubmissionInput, contact, "timezone", "Remove the unsupported characters from your time zone."],
    ["inquiry", serviceInquiryInput, inquiry, "firstName", "Remove the unsupported characters from your first name."],
    ["inquiry", serviceInquiryInput, inquiry, "lastName", "Remove the unsupported characters from your last name."],
    ["inquiry", serviceInquiryInput, inquiry, "email", "Remove the unsupported characters from your email address."],
    ["inquiry", serviceInquiryInput, inquiry, "phone", "Remove the unsupported characters from your phone number."],
    ["inquiry", serviceInquiryInput, inquiry, "company", "Remove the unsupported characters from your company name."],
    ["inquiry", serviceInquiryInput, inquiry, "message", "Remove the unsupported characters from your message."],
    [
      "login",
      adminLoginInput,
      { username: "owner@example.com", password: "secret" },
      "username",
      "Remove the unsupported characters from your email address.",
    ],
    [
      "login",
      adminLoginInput,
      { username: "owner@example.com", password: "secret" },
      "password",
      "Remove the unsupported characters from your password.",
    ],
    ["note", noteInput, { body: "Called back" }, "body", "Remove the unsupported characters from your note."],
    [
      "password change",
      passwordChange,
      { currentPassword: "old-password", newPassword: "a-new-long-password" },
      "currentPassword",
      "Remove the unsupported characters from your current password.",
    ],
    [
      "password change",
      passwordChange,
      { currentPassword: "old-password", newPassword: "a-new-long-password" },
      "newPassword",
      "Remove the unsupported characters from your new password.",
    ],
    ["filters", leadFilters, {}, "q", "Remove the unsupported characters from your search."],
    ["filters", leadFilters, {}, "product", "Remove the unsupported characters from your product filter."],
    ["filters", leadFilters, {}, "form", "Remove the unsupported characters from your form filter."],
    ["filters", leadFilters, {}, "utmSource", "Remove the unsupported characters from your source filter."],
  ] as const)("%s %s refuses a NUL", async (_payload, schema, valid, field, message) => {
    const base = valid as Record<string, unknown>;
    const value = `${String(base[field] ?? "x").slice(0, 12)}${NUL}`;
    // Async: the new password's rule is (contract/admin.ts newPasswordText).
    const result = await (schema as z.ZodType).safeParseAsync({ ...base, [field]: value });
    expect(result.success).toBe(false);
    const issues = result.error?.issues ?? [];
    expect(issues[0]?.path).toEqual([field]);
    expect(issues[0]?.message).toBe(message);
  });

  it("refuses a NUL in a product, naming its position", () => {
    const issue = firstIssue(contactSubmissionInput.safeParse({ ...contact, products: ["SEO Services", `Web${NUL}`] }));
    expect(issue?.path).toEqual(["products", 1]);
    expect(issue?.message).toBe("Remove the unsupported characters from your product.");
  });

  it("refuses a NUL in a new admin password (CLI and bootstrap)", async () => {
    expect(firstIssue(await adminPassword.safeParseAsync(`long-enough-password${NUL}`))?.message).toBe(
      "Remove the unsupported characters from your password.",
    );
  });

  it("cleans every lead-source field instead of refusing", () => {
    const sources = {
      pagePath: `/x${NUL}`,
      formName: `f${NUL}`,
      utmSource: NUL,
      utmMedium: `cpc${LONE_HIGH}`,
      utmCampaign: "w\u0085",
      utmTerm: "a\tb",
      utmContent: "\u200B",
      referrer: `https://a.example/${NUL}`,
    };
    const result = serviceInquiryInput.safeParse({ ...inquiry, ...sources });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      pagePath: "/x",
      formName: "f",
      utmMedium: "cpc",
      utmCampaign: "w",
      utmTerm: "a b",
      referrer: "https://a.example/",
    });
    expect(result.data?.utmSource).toBeUndefined();
    expect(result.data?.utmContent).toBeUndefined();
  });

  it("treats zero-width-only filters as not given", () => {
    expect(leadFilters.parse({ q: "\u200B", product: "\uFEFF", form: " \u2060 ", utmSource: "\u200D" })).toEqual({
      view: "inbox",
    });
  });
});

describe("leadParams", () => {
  it("accepts an upper-case id and gives it in lower case, as it is stored", () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(leadParams.parse({ kind: "contacts", id: id.toUpperCase() })).toEqual({ kind: "contacts", id });
    expect(leadParams.parse({ kind: "contacts", id })).toEqual({ kind: "contacts", id });
  });

  it("still refuses what is not a lead id", () => {
    expect(firstIssue(leadParams.safeParse({ kind: "contacts", id: "0F8FAD5B-D9CB-469F-A165" }))?.message).toBe(
      "id must be a lead id",
    );
  });
});
