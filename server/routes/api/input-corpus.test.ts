import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminStats, LeadKind } from "../../../contract/admin-leads.ts";
import { expectRejected } from "../../../tests/helpers/expect-rejection.ts";
import {
  createTestApp,
  humanSignals,
  signIn,
  TEST_ADMIN,
  validContact,
  validInquiry,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";

// Hostile and unusual input against the four doors text comes in by (the two lead forms, the sign-in,
// the inbox filters and their export), run on SQLite and on PostgreSQL (contract/fields.ts owns the
// rules; docs/decisions/014-clean-text.md explains them). Every case: never a 5xx; a refused one is a
// 400 naming the field and stores nothing; an accepted lead reads back without control characters.

let t: TestApp;
let cookie: string;

const NUL = "\u0000";
const LONE_HIGH = "\uD83D";
const LONE_LOW = "\uDE00";
const ZERO_WIDTH_ONLY = "\u200B\u200C\u200D\u2060\uFEFF";
const RTL_OVERRIDE = "\u202E";
const NFD_E = "e\u0301";
const NFC_E = "\u00E9";

/** Characters a stored single-line value may not hold (multi-line text may keep \t, \n, \r). */
const CONTROL_OR_LONE_SURROGATE = /[\p{Cc}\p{Cs}]/u;
const MULTI_LINE_FORBIDDEN = /[^\P{Cc}\t\n\r]|\p{Cs}/u;
const MULTI_LINE_FIELDS = new Set(["message", "body"]);

const forms = {
  contact: { kind: "contacts", url: "/api/contact", valid: { ...validContact, elapsedMs: 9000 } },
  inquiry: { kind: "inquiries", url: "/api/service-inquiry", valid: { ...validInquiry, elapsedMs: 9000 } },
} as const satisfies Record<string, { kind: LeadKind; url: string; valid: object }>;
type Form = keyof typeof forms;

const request = (method: InjectOptions["method"], url: string, extra: Partial<InjectOptions> = {}) =>
  t.app.inject({ method, url, ...extra, headers: { cookie, ...extra.headers } });

/** Every lead of both kinds, spam included (the stats' total leaves spam out). */
async function storedLeads(): Promise<number> {
  const response = await request("GET", "/api/admin/stats");
  expect(response.statusCode, response.body).toBe(200);
  const { contacts, inquiries } = response.json<AdminStats>();
  return contacts.total + contacts.spam + inquiries.total + inquiries.spam;
}

/** Every string of a value read back, with the key it sits under. */
function stringsOf(value: unknown, key = ""): [string, string][] {
  if (typeof value === "string") return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item) => stringsOf(item, key));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => stringsOf(v, k));
  return [];
}

/** Posts a lead that must be stored and returns it as the owner's inbox reads it back. */
async function storeAndReadBack(form: Form, body: InjectOptions["payload"] | string) {
  const { kind, url } = forms[form];
  const before = await storedLeads();
  const raw = typeof body === "string";
  const response = await t.app.inject({
    method: "POST",
    url,
    ...(raw ? { body, headers: { "content-type": "application/json" } } : { payload: body }),
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(await storedLeads()).toBe(before + 1);
  const lead = await request("GET", `/api/admin/leads/${kind}/${response.json<{ id: string }>().id}`);
  expect(lead.statusCode, lead.body).toBe(200);
  const stored = lead.json<Record<string, unknown>>();
  for (const [key, text] of stringsOf(stored)) {
    const forbidden = MULTI_LINE_FIELDS.has(key) ? MULTI_LINE_FORBIDDEN : CONTROL_OR_LONE_SURROGATE;
    expect(text, `stored ${key} holds a control character or lone surrogate`).not.toMatch(forbidden);
  }
  return stored;
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------------------------------------------
// The lead forms: what a person types is refused with the field named.

const forbiddenCharacters = [
  ["NUL", `x${NUL}y`],
  ["a NUL alone", NUL],
  ["start of heading (C0)", "x\u0001y"],
  ["escape (C0)", "x\u001B[2Jy"],
  ["DEL", "x\u007Fy"],
  ["next line (C1)", "x\u0085y"],
  ["control sequence introducer (C1)", "x\u009By"],
  ["a lone high surrogate", `x${LONE_HIGH}y`],
  ["a lone low surrogate", `x${LONE_LOW}y`],
] as const;

const personFields: Record<Form, readonly string[]> = {
  contact: ["firstName", "lastName", "email", "phone", "company", "timezone"],
  inquiry: ["firstName", "lastName", "email", "phone", "company", "message"],
};

/** A value that is valid for the field except for the character slipped into it. */
function withCharacter(field: string, character: string): string {
  const host: Record<string, string> = {
    email: "dana@exa#mple.com",
    phone: "(512) 555-#0147",
    timezone: "America/Chi#cago",
  };
  return (host[field] ?? "Da#na").replace("#", character);
}

const refusedFormCases: [string, Form, Record<string, unknown>, string][] = [];
for (const form of ["contact", "inquiry"] as const) {
  for (const field of personFields[form]) {
    for (const [name, character] of forbiddenCharacters) {
      refusedFormCases.push([
        `${form} ${field} with ${name}`,
        form,
        { [field]: withCharacter(field, character) },
        field,
      ]);
    }
  }
  refusedFormCases.push(
    [`${form} firstName a tab inside`, form, { firstName: "Da\tna" }, "firstName"],
    [`${form} lastName a line break inside`, form, { lastName: "Whit\nfield" }, "lastName"],
    [`${form} firstName zero-width only`, form, { firstName: ZERO_WIDTH_ONLY }, "firstName"],
    [`${form} lastName whitespace and zero-width only`, form, { lastName: ` \u200B\t\uFEFF ` }, "lastName"],
    [`${form} email zero-width only`, form, { email: "\u200B" }, "email"],
    [`${form} phone zero-width only`, form, { phone: "\u2060\u2060" }, "phone"],
    [`${form} firstName 101 characters`, form, { firstName: "a".repeat(101) }, "firstName"],
    [`${form} firstName 101 emoji (202 UTF-16 units)`, form, { firstName: "😀".repeat(101) }, "firstName"],
    [`${form} firstName a number`, form, { firstName: 42 }, "firstName"],
    [`${form} firstName an array`, form, { firstName: ["Dana"] }, "firstName"],
    [`${form} firstName an object`, form, { firstName: { first: "Dana" } }, "firstName"],
    [`${form} firstName null`, form, { firstName: null }, "firstName"],
    [`${form} lastName a boolean`, form, { lastName: true }, "lastName"],
    [`${form} email a number`, form, { email: 12345 }, "email"],
    [`${form} phone a number`, form, { phone: 5125550147 }, "phone"],
    [`${form} company an array`, form, { company: ["Acme"] }, "company"],
    [`${form} company a boolean`, form, { company: false }, "company"],
    [
      `${form} firstName nested 500 levels deep`,
      form,
      { firstName: JSON.parse(`${"[".repeat(500)}${"]".repeat(500)}`) },
      "firstName",
    ],
  );
}
refusedFormCases.push(
  ["contact products item with NUL", "contact", { products: ["SEO Services", `Web${NUL}`] }, "products.1"],
  ["contact products item with a lone surrogate", "contact", { products: [`SEO${LONE_HIGH}`] }, "products.0"],
  ["contact products item zero-width only", "contact", { products: [ZERO_WIDTH_ONLY] }, "products.0"],
  ["contact products item a number", "contact", { products: [42] }, "products.0"],
  ["contact products an object", "contact", { products: { 0: "SEO Services" } }, "products"],
  ["contact products a string", "contact", { products: "SEO Services" }, "products"],
  ["contact meetingDate with NUL", "contact", { meetingDate: `2026-12-02${NUL}` }, "meetingDate"],
  ["contact meetingTime with NUL", "contact", { meetingTime: `10:00${NUL}` }, "meetingTime"],
  ["inquiry serviceType with NUL", "inquiry", { serviceType: `seo${NUL}` }, "serviceType"],
  ["inquiry budget with NUL", "inquiry", { budget: `discuss${NUL}` }, "budget"],
  ["inquiry message zero-width and line breaks only", "inquiry", { message: `\n${ZERO_WIDTH_ONLY}\r\n` }, "message"],
  ["inquiry message with vertical tab inside", "inquiry", { message: "Hello\u000Bthere" }, "message"],
  ["inquiry message 5001 characters", "inquiry", { message: "m".repeat(5001) }, "message"],
  ["inquiry message a number", "inquiry", { message: 42 }, "message"],
);

describe("lead forms: refused input", () => {
  it.each(refusedFormCases)("%s -> 400 naming the field, nothing stored", async (_name, form, change, field) => {
    const { url, valid } = forms[form];
    await expectRejected(
      t.app,
      { method: "POST", url, payload: { ...valid, ...change } },
      { status: 400, field },
      storedLeads,
    );
  });

  it.each([
    ["a JSON array", "[]", "body"],
    ["a JSON string", '"Dana"', "body"],
    ["a JSON number", "42", "body"],
    ["JSON null", "null", "body"],
    ["a body nested 2,000 levels deep", `${"[".repeat(2000)}${"]".repeat(2000)}`, "body"],
  ] as const)("contact: %s -> 400 naming the body", async (_name, body, field) => {
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/contact", headers: { "content-type": "application/json" }, body },
      { status: 400, field },
      storedLeads,
    );
  });

  it.each([
    ["a raw NUL byte inside a JSON string", `{"firstName": "Da${NUL}na"}`],
    ["a raw line break inside a JSON string", '{"firstName": "Da\nna"}'],
    ["a __proto__ key", JSON.stringify(validContact).replace("{", '{"__proto__": {"status": "won"},')],
    [
      "a constructor.prototype key",
      JSON.stringify(validContact).replace("{", '{"constructor": {"prototype": {"status": "won"}},'),
    ],
    ["malformed JSON", '{"firstName": "Dana",'],
    ["an empty JSON body", ""],
  ] as const)("contact: %s -> 400, nothing stored", async (_name, body) => {
    await expectRejected(
      t.app,
      { method: "POST", url: "/api/contact", headers: { "content-type": "application/json" }, body },
      { status: 400 },
      storedLeads,
    );
  });

  it.each(["contact", "inquiry"] as const)("%s: a body over 32 KB of emoji -> 413, nothing stored", async (form) => {
    const { url, valid } = forms[form];
    await expectRejected(
      t.app,
      { method: "POST", url, payload: { ...valid, company: "😀".repeat(9000) } },
      { status: 413 },
      storedLeads,
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// The lead forms: accepted input, stored clean. Lead-source values are cleaned, never a reason to refuse.

const leadSourceValues = {
  pagePath: `/plumbing${NUL}`,
  formName: `trades${NUL}-audit`,
  utmSource: NUL,
  utmMedium: `c${NUL}pc\u0085`,
  utmCampaign: `winter${LONE_HIGH}`,
  utmTerm: "plumber\tnear\nme",
  utmContent: ZERO_WIDTH_ONLY,
  referrer: `https://www.google.com/${NUL}\u001B`,
};
const cleanedLeadSource = {
  pagePath: "/plumbing",
  formName: "trades-audit",
  utmSource: null,
  utmMedium: "cpc",
  utmCampaign: "winter",
  utmTerm: "plumber near me",
  utmContent: null,
  referrer: "https://www.google.com/",
};

type StoredCase = [string, Form, Record<string, unknown> | string, (lead: Record<string, unknown>) => void];
const storedFormCases: StoredCase[] = [];
for (const form of ["contact", "inquiry"] as const) {
  storedFormCases.push(
    [
      `${form}: every lead-source field with control characters`,
      form,
      leadSourceValues,
      (lead) => expect(lead).toMatchObject(cleanedLeadSource),
    ],
    [
      `${form}: utm values that are a literal %00`,
      form,
      { utmSource: "%00", utmMedium: "news%00letter" },
      (lead) => expect(lead).toMatchObject({ utmSource: "%00", utmMedium: "news%00letter" }),
    ],
    [
      `${form}: utm values of the wrong type`,
      form,
      { utmSource: 42, utmMedium: ["a"], utmCampaign: { a: 1 }, utmTerm: true, utmContent: null, referrer: 7 },
      (lead) =>
        expect(lead).toMatchObject({
          utmSource: null,
          utmMedium: null,
          utmCampaign: null,
          utmTerm: null,
          utmContent: null,
          referrer: null,
        }),
    ],
    [
      `${form}: a 10,000-character utm_source is cut to 200`,
      form,
      { utmSource: "u".repeat(10_000) },
      (lead) => expect(lead.utmSource).toBe("u".repeat(200)),
    ],
    [
      `${form}: a utm_source cut inside an emoji keeps the emoji whole or drops it`,
      form,
      { utmSource: `${"u".repeat(199)}😀tail` },
      (lead) => expect(lead.utmSource).toBe("u".repeat(199)),
    ],
    [
      `${form}: a honeypot of NUL only is not filled in`,
      form,
      { website: NUL },
      (lead) => expect(lead).toMatchObject({ status: "new", spamReason: null }),
    ],
    [
      `${form}: a honeypot with text around NUL is spam, stored`,
      form,
      { website: `${NUL}http://spam.example` },
      (lead) => expect(lead).toMatchObject({ status: "spam" }),
    ],
    [
      `${form}: emoji and a ZWJ sequence in the name`,
      form,
      { firstName: "Dana 😀", lastName: "Whit👩\u200D💻field" },
      (lead) => expect(lead).toMatchObject({ firstName: "Dana 😀", lastName: "Whit👩\u200D💻field" }),
    ],
    [
      `${form}: an NFD name is stored in NFC`,
      form,
      { firstName: `Ren${NFD_E}`, company: `Caf${NFD_E} Ltd` },
      (lead) => expect(lead).toMatchObject({ firstName: `Ren${NFC_E}`, company: `Caf${NFC_E} Ltd` }),
    ],
    [
      `${form}: combining marks stay`,
      form,
      { lastName: "Zalgo\u0336\u0335\u0334" },
      (lead) => expect(lead.lastName).toBe("Zalgo\u0336\u0335\u0334"),
    ],
    // Issue 19: it disguises text (the owner would read "strings"), so the contract removes it.
    [
      `${form}: a right-to-left override is removed`,
      form,
      { company: `Acme ${RTL_OVERRIDE}gnirts` },
      (lead) => expect(lead.company).toBe("Acme gnirts"),
    ],
    [
      `${form}: right-to-left script`,
      form,
      { firstName: "\u05D3\u05E0\u05D4", lastName: "\u0645\u062D\u0645\u062F" },
      (lead) => expect(lead).toMatchObject({ firstName: "\u05D3\u05E0\u05D4", lastName: "\u0645\u062D\u0645\u062F" }),
    ],
    [
      `${form}: names trimmed of zero-width edges`,
      form,
      { firstName: "\u200BDana\uFEFF", lastName: "\u2060Whitfield\u200D " },
      (lead) => expect(lead).toMatchObject({ firstName: "Dana", lastName: "Whitfield" }),
    ],
    [
      `${form}: a zero-width-only company is not given`,
      form,
      { company: ZERO_WIDTH_ONLY },
      (lead) => expect(lead.company).toBeNull(),
    ],
    [
      `${form}: names of exactly 100 characters`,
      form,
      { firstName: "a".repeat(100), lastName: "\u00E9".repeat(100) },
      (lead) => expect(lead).toMatchObject({ firstName: "a".repeat(100), lastName: "\u00E9".repeat(100) }),
    ],
    [
      `${form}: prototype names as unknown keys are dropped`,
      form,
      { constructor: "x", toString: "y", hasOwnProperty: 1, status: "won", id: "x" },
      (lead) => expect(lead).toMatchObject({ status: "new" }),
    ],
    [
      `${form}: an unknown key nested 1,000 levels deep is ignored`,
      form,
      { extra: JSON.parse(`${"[".repeat(1000)}${"]".repeat(1000)}`) },
      (lead) => expect(lead.status).toBe("new"),
    ],
  );
}
storedFormCases.push(
  [
    "inquiry: line breaks and tabs in the message are kept",
    "inquiry",
    { message: "Line one\r\nLine two\n\tindented" },
    (lead) => expect(lead.message).toBe("Line one\r\nLine two\n\tindented"),
  ],
  [
    "inquiry: a 5,000-character message of emoji pairs",
    "inquiry",
    { message: "😀".repeat(2500) },
    (lead) => expect(lead.message).toBe("😀".repeat(2500)),
  ],
  [
    "contact: products with emoji and NFD",
    "contact",
    { products: ["SEO 😀", `Caf${NFD_E}`] },
    (lead) => expect(lead.products).toEqual(["SEO 😀", `Caf${NFC_E}`]),
  ],
  [
    "contact: an escaped NUL in raw JSON utm_source",
    "contact",
    JSON.stringify({ ...validContact, utmSource: "a\u0000b" }),
    (lead) => expect(lead.utmSource).toBe("ab"),
  ],
);

describe("lead forms: accepted input is stored clean", () => {
  it.each(storedFormCases)("%s", async (_name, form, change, check) => {
    // A person's spam signals (a form token issued a minute ago), so "status new" means the input was clean.
    const body =
      typeof change === "string" ? change : { ...forms[form].valid, ...(await humanSignals(t.app)), ...change };
    check(await storeAndReadBack(form, body));
  });
});

// ---------------------------------------------------------------------------------------------------
// Sign-in.

describe("POST /api/admin/login", () => {
  const login = (payload: unknown) =>
    t.app.inject({ method: "POST", url: "/api/admin/login", payload: payload as object });

  it.each([
    ["username with NUL", { username: `${TEST_ADMIN.email}${NUL}`, password: TEST_ADMIN.password }, "username"],
    ["username with a C1 control", { username: `owner\u0085@example.com`, password: TEST_ADMIN.password }, "username"],
    [
      "username with a lone surrogate",
      { username: `owner${LONE_HIGH}@example.com`, password: TEST_ADMIN.password },
      "username",
    ],
    ["username zero-width only", { username: ZERO_WIDTH_ONLY, password: TEST_ADMIN.password }, "username"],
    ["username a number", { username: 42, password: TEST_ADMIN.password }, "username"],
    ["username an object", { username: { $ne: null }, password: TEST_ADMIN.password }, "username"],
    ["username an array", { username: [TEST_ADMIN.email], password: TEST_ADMIN.password }, "username"],
    ["username 255 characters", { username: "u".repeat(255), password: TEST_ADMIN.password }, "username"],
    ["password with NUL", { username: TEST_ADMIN.email, password: `${TEST_ADMIN.password}${NUL}` }, "password"],
    ["password of NUL only", { username: TEST_ADMIN.email, password: NUL }, "password"],
    [
      "password with a lone surrogate",
      { username: TEST_ADMIN.email, password: `${LONE_LOW}${TEST_ADMIN.password}` },
      "password",
    ],
    ["password a boolean", { username: TEST_ADMIN.email, password: true }, "password"],
    ["password null", { username: TEST_ADMIN.email, password: null }, "password"],
    ["password 1025 characters", { username: TEST_ADMIN.email, password: "p".repeat(1025) }, "password"],
  ])("%s -> 400 naming the field, no session", async (_name, payload, field) => {
    const response = await login(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toHaveProperty([field]);
    expect(response.cookies.find((c) => c.name === "agency_session")).toBeUndefined();
    // The refused password is never echoed.
    expect(response.body).not.toContain(TEST_ADMIN.password);
  });

  it.each([
    [
      "zero-width edges around the username",
      { username: `\u200B${TEST_ADMIN.email}\uFEFF`, password: TEST_ADMIN.password },
      200,
    ],
    ["an upper-case username", { username: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password }, 200],
    [
      "a password with an RTL override",
      { username: TEST_ADMIN.email, password: `${RTL_OVERRIDE}${TEST_ADMIN.password}` },
      401,
    ],
    ["a password with emoji and a tab", { username: TEST_ADMIN.email, password: "😀\tnot the password" }, 401],
    ["a 1024-character password", { username: TEST_ADMIN.email, password: "p".repeat(1024) }, 401],
  ] as const)("%s -> %i", async (_name, payload, status) => {
    const response = await login(payload);
    expect(response.statusCode, response.body).toBe(status);
  });
});

// ---------------------------------------------------------------------------------------------------
// The inbox filters and the export, signed in.

describe("GET /api/admin/leads/:kind and its export.csv", () => {
  const tag = `corpus${Date.now()}`;
  let unfiltered: number;

  beforeAll(async () => {
    await storeAndReadBack("contact", {
      ...forms.contact.valid,
      company: `${tag} Caf${NFC_E}`,
      utmSource: "newsletter",
    });
    const all = await request("GET", "/api/admin/leads/contacts?view=all&limit=1");
    unfiltered = all.json<{ total: number }>().total;
  });

  const refusedQueries: [string, string, string][] = [
    ["q with NUL", "q=a%00b", "q"],
    ["q of NUL only", "q=%00", "q"],
    ["q with escape", "q=a%1Bb", "q"],
    ["q with DEL", "q=a%7Fb", "q"],
    ["q with a C1 control", "q=a%C2%85b", "q"],
    ["q with a line break inside", "q=a%0Ab", "q"],
    ["q over 200 characters", `q=${"q".repeat(201)}`, "q"],
    ["q given twice", "q=a&q=b", "q"],
    ["product with NUL", "product=SEO%00", "product"],
    ["product over 100 characters", `product=${"p".repeat(101)}`, "product"],
    ["form with NUL", "form=contact%00", "form"],
    ["form with a C1 control", "form=contact%C2%9B", "form"],
    ["utmSource with NUL", "utmSource=news%00letter", "utmSource"],
    ["utmSource of NUL only", "utmSource=%00", "utmSource"],
    ["utmSource over 200 characters", `utmSource=${"u".repeat(201)}`, "utmSource"],
    ["view with NUL", "view=inbox%00", "view"],
    ["status with NUL", "status=new%00", "status"],
    ["from with NUL", "from=2026-01-01%00", "from"],
    ["unread with NUL", "unread=true%00", "unread"],
  ];
  const refusedLimits: [string, string][] = [
    ["limit not a number", "limit=abc"],
    ["limit NaN", "limit=NaN"],
    ["limit Infinity", "limit=Infinity"],
    ["limit 1e400", "limit=1e400"],
    ["limit with 30 digits", `limit=${"9".repeat(30)}`],
    ["limit negative", "limit=-1"],
    ["limit zero", "limit=0"],
    ["limit a fraction", "limit=1.5"],
    ["limit 101", "limit=101"],
    ["limit with NUL", "limit=5%00"],
    ["limit given twice", "limit=1&limit=2"],
  ];

  it.each(refusedQueries)("list: %s -> 400 naming the field", async (_name, query, field) => {
    await expectRejected(
      t.app,
      { method: "GET", url: `/api/admin/leads/contacts?${query}`, headers: { cookie } },
      { status: 400, field },
      storedLeads,
    );
  });

  it.each(refusedQueries)("export: %s -> 400 naming the field", async (_name, query, field) => {
    await expectRejected(
      t.app,
      { method: "GET", url: `/api/admin/leads/inquiries/export.csv?${query}`, headers: { cookie } },
      { status: 400, field },
      storedLeads,
    );
  });

  it.each(refusedLimits)("list: %s -> 400 naming limit", async (_name, query) => {
    await expectRejected(
      t.app,
      { method: "GET", url: `/api/admin/leads/contacts?${query}`, headers: { cookie } },
      { status: 400, field: "limit" },
      storedLeads,
    );
  });

  it.each([
    ["q zero-width only", `q=${encodeURIComponent(ZERO_WIDTH_ONLY)}`],
    ["product and form zero-width only", `product=%E2%80%8B&form=%EF%BB%BF`],
    ["utmSource whitespace and zero-width only", "utmSource=%20%E2%81%A0%20"],
    ["q empty", "q="],
  ])("list: %s counts as not given", async (_name, query) => {
    const response = await request("GET", `/api/admin/leads/contacts?view=all&limit=1&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total).toBe(unfiltered);
  });

  it.each([
    ["an NFD search finds the NFC company", `q=${encodeURIComponent(`${tag} caf${NFD_E}`)}`, 1],
    ["an NFC search finds it too", `q=${encodeURIComponent(`${tag} caf${NFC_E}`)}`, 1],
    ["emoji in the search", `q=${encodeURIComponent(`${tag} 😀`)}`, 0],
    ["an RTL override in the search", `q=${encodeURIComponent(`${tag}${RTL_OVERRIDE}zz`)}`, 0],
    ["SQL and LIKE characters in the search", `q=${encodeURIComponent(`${tag}%' OR 1=1 --_`)}`, 0],
    ["a 200-character search", `q=${"q".repeat(200)}`, 0],
  ] as const)("list: %s", async (_name, query, matches) => {
    const response = await request("GET", `/api/admin/leads/contacts?view=all&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total).toBe(matches);
  });

  it.each([
    ["bytes that are not UTF-8", "q=%FF%FE"],
    ["UTF-8 of a lone surrogate", "q=%ED%A0%80"],
    ["a truncated percent escape", "q=abc%"],
    ["a __proto__ parameter", "__proto__=x&q=a"],
    ["a constructor parameter", "constructor=x"],
    ["a limit in hexadecimal", "limit=0x10"],
  ])("list: %s -> never a 5xx", async (_name, query) => {
    const before = await storedLeads();
    const response = await request("GET", `/api/admin/leads/contacts?${query}`);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect([200, 400]).toContain(response.statusCode);
    expect(await storedLeads()).toBe(before);
  });

  it("export: a clean filter answers CSV with the matching lead", async () => {
    const response = await request(
      "GET",
      `/api/admin/leads/contacts/export.csv?view=all&q=${encodeURIComponent(`${tag} caf${NFD_E}`)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.body).toContain(`${tag} Caf${NFC_E}`);
    expect(response.body).not.toMatch(/\p{Cs}/u);
  });
});
