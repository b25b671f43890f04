import { describe, expect, it } from "vitest";
import type { ParsedMail } from "mailparser";
import PostalMime, { decodeWords, type Address, type Email } from "postal-mime";
import type { LeadOf } from "../../repositories/leads/lead-tables.ts";
import { contactLead, inquiryLead } from "../../../tests/helpers/delivery-leads.ts";
import { smtpServerForThisFile } from "../../../tests/helpers/smtp-fixture.ts";
import type { ReceivedMail } from "../../../tests/helpers/smtp-test-server.ts";
import { autoReplyMail } from "./auto-reply.ts";
import { ownerMail } from "./owner-mail.ts";

// Issue 19 point 3: every mail the product sends (the owner's new-lead mail, the auto-reply), with hostile
// names, through a real SMTP server, read back by two parsers (mailparser and postal-mime). Whatever the
// visitor typed, each mail goes to exactly its intended recipients, the Reply-To is exactly the lead's
// address, no header decodes to a line break or a smuggled header, and both parsers read the same
// From, To, Reply-To and Subject.

const ENCODED_BCC = "=?UTF-8?B?RXZlDQpCY2M6IHZpY3RpbUBldmlsLmV4YW1wbGU=?="; // "Eve", CR LF, "Bcc: victim@evil.example"

type Hostile = { name: string; firstName: string; lastName: string; company?: string; products?: string[] };
const hostile: Hostile[] = [
  { name: "the issue's encoded word", firstName: ENCODED_BCC, lastName: "Lovelace" },
  { name: "an encoded word as the last name", firstName: "Eve", lastName: ENCODED_BCC },
  { name: "a Q-encoded word", firstName: "=?utf-8?q?Eve=0D=0ABcc:_victim@evil.example?=", lastName: "X" },
  {
    name: "encoded words back to back",
    firstName: `${ENCODED_BCC}${ENCODED_BCC}`,
    lastName: "=?ISO-8859-1?Q?Bcc=3A_x@evil.example?=",
  },
  { name: "an encoded word after non-ASCII text", firstName: `Zoë ${ENCODED_BCC}`, lastName: "Łukasiewicz" },
  {
    name: "encoded words in the products (owner subject)",
    firstName: "Ada",
    lastName: "Lovelace",
    products: [ENCODED_BCC, "=?UTF-8?B?DQpDYzogeEBldmlsLmV4YW1wbGU=?="],
  },
  { name: "an encoded word in the company", firstName: "Ada", lastName: "Lovelace", company: ENCODED_BCC },
  { name: "CR/LF", firstName: "Eve\r\nBcc: victim@evil.example", lastName: "X\nCc: other@evil.example" },
  { name: "quotes", firstName: 'Eve "the boss"', lastName: "\\\"O'Neil" },
  { name: "commas", firstName: "Eve, victim@evil.example", lastName: "Smith, other@evil.example," },
  { name: "angle brackets", firstName: "Eve <victim@evil.example>", lastName: ">, <other@evil.example" },
  { name: "an address", firstName: "victim@evil.example", lastName: "@evil.example" },
  { name: "a semicolon group", firstName: "undisclosed-recipients:", lastName: "victim@evil.example;" },
  { name: "very long ASCII", firstName: "A".repeat(100), lastName: `${"B ".repeat(40)}${ENCODED_BCC}` },
  { name: "very long non-ASCII", firstName: "é".repeat(100), lastName: "😀".repeat(50) },
  { name: "right-to-left", firstName: "\u202Eevil.example@victim\u202C", lastName: "مريم דוד" },
];

const from = "Agency Team <hello@agency.example>";
const notify = ["owner@agency.example", "sales@agency.example"];
const now = new Date("2026-11-23T15:04:05.000Z");

const sink = smtpServerForThisFile();

type Mailbox = { name: string; address: string };
/** What each parser read: the four headers compared, plus every header value decoded. */
type Reading = {
  from: Mailbox[];
  to: Mailbox[];
  replyTo: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  subject: string;
  decodedHeaders: string[];
};

const mailparserBoxes = (field: ParsedMail["to"]): Mailbox[] =>
  [field ?? []]
    .flat()
    .flatMap((object) => object.value.flatMap((a) => (a.group ? a.group : [a])))
    .map((a) => ({ name: a.name, address: a.address ?? "" }));
const postalBoxes = (field: Address | Address[] | undefined): Mailbox[] =>
  [field ?? []]
    .flat()
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => ({ name: a.name, address: a.address }));

/** Every string inside a mailparser header value (address objects, structured headers), dates left out. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value instanceof Date || value === null || typeof value !== "object") return [];
  return Object.values(value).flatMap(strings);
}

function readWithMailparser(parsed: ParsedMail): Reading {
  return {
    from: mailparserBoxes(parsed.from),
    to: mailparserBoxes(parsed.to),
    replyTo: mailparserBoxes(parsed.replyTo),
    cc: mailparserBoxes(parsed.cc),
    bcc: mailparserBoxes(parsed.bcc),
    subject: parsed.subject ?? "",
    decodedHeaders: [...parsed.headers.values()].flatMap(strings),
  };
}

function readWithPostalMime(email: Email): Reading {
  return {
    from: postalBoxes(email.from),
    to: postalBoxes(email.to),
    replyTo: postalBoxes(email.replyTo),
    cc: postalBoxes(email.cc),
    bcc: postalBoxes(email.bcc),
    subject: email.subject ?? "",
    decodedHeaders: [
      ...email.headers.map((h) => decodeWords(h.value)),
      ...[email.from, ...(email.to ?? []), ...(email.replyTo ?? [])].flatMap((a) => (a ? [a.name] : [])),
    ],
  };
}

/** The header section of a raw message as unfolded lines. */
const headerLines = (raw: string) =>
  raw
    .slice(0, raw.indexOf("\r\n\r\n"))
    .replace(/\r\n[ \t]/g, " ")
    .split("\r\n");
/** An encoded word a second decoding pass (some clients decode repeatedly) would still act on. */
const ENCODED_WORD = /=\?[^?\s]*\?[bq]\?[^?\s]*\?=/i;

/** The checks every captured mail passes, whatever the lead typed. */
async function expectSafe(received: ReceivedMail, intended: { to: string[]; replyTo: string[]; typed: string }) {
  const { raw, envelopeTo } = received;
  expect(envelopeTo).toEqual(intended.to);

  const names = headerLines(raw).map((line) => line.slice(0, line.indexOf(":")).toLowerCase());
  expect(names).not.toContain("bcc");
  expect(names).not.toContain("cc");
  expect(names.filter((n) => n === "to")).toHaveLength(1);
  expect(names.filter((n) => n === "reply-to")).toHaveLength(intended.replyTo.length > 0 ? 1 : 0);

  const readings = [readWithMailparser(received.parsed), readWithPostalMime(await PostalMime.parse(raw))];
  for (const reading of readings) {
    expect(reading.from).toEqual([{ name: "Agency Team", address: "hello@agency.example" }]);
    expect(reading.to.map((a) => a.address)).toEqual(intended.to);
    expect(reading.replyTo.map((a) => a.address)).toEqual(intended.replyTo);
    expect(reading.cc).toEqual([]);
    expect(reading.bcc).toEqual([]);
    for (const value of reading.decodedHeaders) {
      expect(value).not.toMatch(/[\r\n]/);
      expect(value).not.toMatch(ENCODED_WORD);
      // "Bcc:" may show only as text the lead typed as such (their name, on one line), never by decoding.
      if (!/bcc:/i.test(intended.typed)) expect(value).not.toMatch(/bcc:/i);
    }
  }
  const [mailparser, postal] = readings as [Reading, Reading];
  // mailparser reads a missing display name as "", postal-mime too: the four headers must read the same.
  expect({ from: postal.from, to: postal.to, replyTo: postal.replyTo, subject: postal.subject }).toEqual({
    from: mailparser.from,
    to: mailparser.to,
    replyTo: mailparser.replyTo,
    subject: mailparser.subject,
  });
  return mailparser;
}

describe.each(hostile)("a lead with $name", (fields) => {
  const typed = JSON.stringify(fields);
  const leads: { label: string; kind: "contacts" | "inquiries"; lead: LeadOf["contacts"] | LeadOf["inquiries"] }[] = [
    {
      label: "contact",
      kind: "contacts",
      lead: contactLead({
        ...fields,
        email: "lead@example.com",
        company: fields.company ?? "Analytical Engines LLC",
        ...(fields.products && { products: fields.products }),
      }),
    },
    {
      label: "inquiry",
      kind: "inquiries",
      lead: inquiryLead({
        firstName: fields.firstName,
        lastName: fields.lastName,
        email: "lead@example.com",
        company: fields.company ?? null,
      }),
    },
  ];

  it.each(leads)(
    "the owner's mail ($label) goes to the owner only, Reply-To exactly the lead",
    async ({ kind, lead }) => {
      await sink.transport.send(
        ownerMail({
          kind,
          lead,
          deliveryId: "d-owner",
          from,
          to: notify,
          ownerTimeZone: "America/New_York",
          adminUrl: null,
        }),
      );
      const [received] = await sink.smtp.waitFor(1);
      const read = await expectSafe(received!, { to: notify, replyTo: ["lead@example.com"], typed });
      // The owner still reads what was typed, literally, in the body.
      for (const value of [
        lead.firstName,
        lead.lastName,
        lead.company ?? "",
        ...("products" in lead ? lead.products : []),
      ]) {
        for (const line of value.split(/\r?\n/)) expect(received!.parsed.text).toContain(line.trim());
      }
      expect(read.subject.startsWith("New lead: ")).toBe(true);
    },
  );

  it.each(leads)("the auto-reply ($label) goes to the lead only, without a Reply-To", async ({ kind, lead }) => {
    await sink.transport.send(
      autoReplyMail({ kind, lead, deliveryId: "d-auto", from, companyName: "Acme Marketing", now }),
    );
    const [received] = await sink.smtp.waitFor(1);
    await expectSafe(received!, { to: ["lead@example.com"], replyTo: [], typed });
  });
});
