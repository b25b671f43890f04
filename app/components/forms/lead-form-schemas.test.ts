import type { FieldValues, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import type { FormMessages } from "../../../contract/form-errors.ts";
import { contactFormMessages, serviceInquiryFormMessages } from "../../../contract/lead-form-messages.ts";
import {
  contactFormSchema,
  serviceInquiryFormSchema,
  shortLeadFormSchema,
} from "../../../contract/lead-form-schemas.ts";
import { contractResolver } from "./contract-resolver.ts";

// What each public form shows for what the visitor entered: the contract's wording, and the form's own
// for its own fields, all in one voice (contract/field-messages.ts).

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues> as never;

async function resolve<Schema extends Parameters<typeof contractResolver>[0]>(
  schema: Schema,
  messages: FormMessages | undefined,
  values: object,
) {
  return contractResolver(schema, messages)(values as never, undefined, options);
}

async function messagesOf<Schema extends Parameters<typeof contractResolver>[0]>(
  schema: Schema,
  messages: FormMessages | undefined,
  values: object,
) {
  const { errors } = await resolve(schema, messages, values);
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, (error as { message?: string }).message]),
  );
}

describe("the full contact form", () => {
  const empty = { fullName: "", email: "", phone: "", company: "", products: [], meetingDate: "", meetingTime: "" };

  it("asks for the four required fields", async () => {
    expect(await messagesOf(contactFormSchema, contactFormMessages, empty)).toEqual({
      fullName: "Enter your full name.",
      email: "Enter your email address.",
      phone: "Enter your phone number.",
      products: "Select at least one service.",
    });
  });

  it("asks for a last name when the full name is one word, and keeps the contract's e-mail message", async () => {
    expect(
      await messagesOf(contactFormSchema, contactFormMessages, {
        ...empty,
        fullName: "Cher",
        email: "cher-at-example",
        phone: "512 555 0147",
        products: ["SEO Services"],
      }),
    ).toEqual({
      fullName: "Enter your first and last name.",
      email: "Enter a valid email address.",
    });
  });

  it("turns a valid form into the contract's payload: the name split, blanks left out", async () => {
    const { values, errors } = await resolve(contactFormSchema, contactFormMessages, {
      ...empty,
      fullName: "  Mary Ann  Whitfield ",
      email: "mary@example.com",
      phone: "(512) 555-0147",
      products: ["SEO Services"],
    });
    expect(errors).toEqual({});
    expect(values).toEqual({
      firstName: "Mary",
      lastName: "Ann Whitfield",
      email: "mary@example.com",
      phone: "(512) 555-0147",
      company: undefined,
      products: ["SEO Services"],
      meetingDate: undefined,
      meetingTime: undefined,
    });
  });

  it("checks the meeting in the visitor's own calendar: from today to a year ahead; a time without a date is fine (issue 33)", async () => {
    const base = {
      ...empty,
      fullName: "Mary Whitfield",
      email: "mary@example.com",
      phone: "(512) 555-0147",
      products: ["SEO Services"],
    };
    const today = new Intl.DateTimeFormat("en-CA").format(new Date());
    const ok = await resolve(contactFormSchema, contactFormMessages, {
      ...base,
      meetingDate: today,
      meetingTime: "12:00",
    });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ meetingDate: today, meetingTime: "12:00" });
    const past = await resolve(contactFormSchema, contactFormMessages, { ...base, meetingDate: "2020-01-01" });
    expect(past.errors).toMatchObject({ meetingDate: { message: "Choose a meeting date of today or later." } });
    const timeOnly = await resolve(contactFormSchema, contactFormMessages, { ...base, meetingTime: "12:00" });
    expect(timeOnly.errors).toEqual({});
    expect(timeOnly.values).toMatchObject({ meetingTime: "12:00" });
    expect((timeOnly.values as { meetingDate?: string }).meetingDate).toBeUndefined();
  });
});

describe("the service inquiry form", () => {
  const empty = {
    firstName: "",
    lastName: "",
    email: "",
    company: "",
    phone: "",
    serviceType: "",
    budget: "",
    message: "",
  };

  it("asks for the six required fields; company and budget are optional", async () => {
    expect(await messagesOf(serviceInquiryFormSchema, serviceInquiryFormMessages, empty)).toEqual({
      firstName: "Enter your first name.",
      lastName: "Enter your last name.",
      email: "Enter your email address.",
      phone: "Enter your phone number.",
      serviceType: "Choose a service.",
      message: "Tell us about your project.",
    });
  });

  it("keeps the contract's message for a malformed e-mail", async () => {
    const filled = {
      ...empty,
      firstName: "Marcus",
      lastName: "Reyes",
      email: "marcus@",
      phone: "305 555 0199",
      serviceType: "seo",
      message: "Hello",
    };
    expect(await messagesOf(serviceInquiryFormSchema, serviceInquiryFormMessages, filled)).toEqual({
      email: "Enter a valid email address.",
    });
  });
});

describe("the short lead forms", () => {
  it("use the contract's messages", async () => {
    expect(
      await messagesOf(shortLeadFormSchema, undefined, {
        firstName: "",
        lastName: "",
        email: "",
        phone: "",
        company: "",
      }),
    ).toEqual({
      firstName: "Enter your first name.",
      lastName: "Enter your last name.",
      email: "Enter your email address.",
      phone: "Enter your phone number.",
    });
  });
});

describe("one voice", () => {
  // Every message a visitor can meet under a field: empty, malformed, too short and too long values.
  const long = "a".repeat(6000);
  const cases: [string, Parameters<typeof contractResolver>[0], FormMessages | undefined, object[]][] = [
    [
      "contact",
      contactFormSchema,
      contactFormMessages,
      [
        { fullName: "", email: "", phone: "", products: [] },
        { fullName: "Cher", email: "cher@", phone: "555-01", products: ["x"] },
        {
          fullName: `Ada ${long}`,
          email: `${long}@example.com`,
          phone: "1".repeat(40),
          company: long,
          products: ["x"],
        },
      ],
    ],
    [
      "service inquiry",
      serviceInquiryFormSchema,
      serviceInquiryFormMessages,
      [
        { firstName: "", lastName: "", email: "", phone: "", serviceType: "", message: "" },
        {
          firstName: long,
          lastName: "Bad\u0000",
          email: "a@b",
          phone: "call me 12",
          serviceType: "seo",
          message: long,
        },
      ],
    ],
    ["short", shortLeadFormSchema, undefined, [{ firstName: "", lastName: "", email: "x", phone: "12" }]],
  ];

  it.each(cases)(
    '%s form: each message is one sentence that says what to do, without "Please"',
    async (_name, schema, messages, inputs) => {
      const seen = new Set<string>();
      for (const values of inputs)
        for (const message of Object.values(await messagesOf(schema, messages, values))) seen.add(String(message));
      expect(seen.size).toBeGreaterThan(3);
      for (const message of seen) expect(message).toMatch(/^(Enter|Select|Choose|Shorten|Remove|Tell) [^.!?]+\.$/);
    },
  );
});
