import type { FieldValues, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { contactFormMessages, serviceInquiryFormMessages } from "./lead-form-messages.ts";
import { contactFormSchema, serviceInquiryFormSchema, shortLeadFormSchema } from "./lead-form-schemas.ts";
import { contractResolver } from "./contract-resolver.ts";
import type { FormMessages } from "./use-contract-form.ts";

// What each public form shows for what the visitor entered: the spec's wording (SPEC §5, §8) where it
// has one, the contract's elsewhere.

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues> as never;

async function resolve<Schema extends Parameters<typeof contractResolver>[0]>(schema: Schema, messages: FormMessages | undefined, values: object) {
  return contractResolver(schema, messages)(values as never, undefined, options);
}

async function messagesOf<Schema extends Parameters<typeof contractResolver>[0]>(schema: Schema, messages: FormMessages | undefined, values: object) {
  const { errors } = await resolve(schema, messages, values);
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, (error as { message?: string }).message]));
}

describe("the full contact form", () => {
  const empty = { fullName: "", email: "", phone: "", company: "", products: [], meetingDate: "", meetingTime: "" };

  it("asks for the four required fields in the spec's words", async () => {
    expect(await messagesOf(contactFormSchema, contactFormMessages, empty)).toEqual({
      fullName: "Please enter your full name.",
      email: "Please enter your email address.",
      phone: "Please enter your phone number.",
      products: "Please select at least one service.",
    });
  });

  it("asks for a last name when the full name is one word, and keeps the contract's e-mail message", async () => {
    expect(await messagesOf(contactFormSchema, contactFormMessages, { ...empty, fullName: "Cher", email: "cher-at-example", phone: "512 555 0147", products: ["SEO Services"] })).toEqual({
      fullName: "Please enter your first and last name.",
      email: "Enter a valid email address",
    });
  });

  it("turns a valid form into the contract's payload: the name split, blanks left out", async () => {
    const { values, errors } = await resolve(contactFormSchema, contactFormMessages, {
      ...empty,
      fullName: "  Mary Ann  Whitfield ",
      email: "mary@example.com",
      phone: "(512) 555-0147",
      products: ["SEO Services"],
      meetingTime: "12:00",
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
      meetingTime: "12:00",
    });
  });
});

describe("the service inquiry form", () => {
  const empty = { firstName: "", lastName: "", email: "", company: "", phone: "", serviceType: "", budget: "", message: "" };

  it("asks for the six required fields in the spec's words; company and budget are optional", async () => {
    expect(await messagesOf(serviceInquiryFormSchema, serviceInquiryFormMessages, empty)).toEqual({
      firstName: "Please enter your first name.",
      lastName: "Please enter your last name.",
      email: "Please enter your email address.",
      phone: "Please enter your phone number.",
      serviceType: "Please choose a service.",
      message: "Please tell us about your project.",
    });
  });

  it("keeps the contract's message for a malformed e-mail", async () => {
    const filled = { ...empty, firstName: "Marcus", lastName: "Reyes", email: "marcus@", phone: "305 555 0199", serviceType: "seo", message: "Hello" };
    expect(await messagesOf(serviceInquiryFormSchema, serviceInquiryFormMessages, filled)).toEqual({ email: "Enter a valid email address" });
  });
});

describe("the short lead forms", () => {
  it("use the contract's messages", async () => {
    expect(await messagesOf(shortLeadFormSchema, undefined, { firstName: "", lastName: "", email: "", phone: "", company: "" })).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      phone: "Phone is required",
    });
  });
});
