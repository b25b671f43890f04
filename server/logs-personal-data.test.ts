import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MIN_HUMAN_FILL_MS } from "../contract/fields.ts";
import { startServerProcess, type StartedServer } from "../tests/helpers/server-process.ts";
import { startSmtpTestServer, type SmtpTestServer } from "../tests/helpers/smtp-test-server.ts";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-database.ts";

// No e-mail address, phone, name or message in any line the real server process writes, at LOG_LEVEL=trace
// (docs/deploy/metrics.md, "Logs"). Leads with distinctive values go through every door: the JSON API (valid,
// invalid, malformed), the forms posted without JavaScript (valid, invalid, without a token), an admin search
// for them, a new notification address, a malformed HTTP request, a path with an address in it; every delivery fails, the mail server
// repeating the refused address and the webhook receiver the lead. Then every line of stdout and stderr is
// searched for each value as typed, in any case, URL-encoded and as a form encodes it.

const probe = {
  firstName: "Zephyrine",
  lastName: "Quillfeather",
  company: "Quillworks Marmalade",
  phone: "(512) 555-0193",
  message: "Our xylophone bakery needs twelve new calls a week",
};
const emails = [
  "zephyrine.quillfeather@leak-probe.example",
  "zq.inquiry@leak-probe.example",
  "zq.form@leak-probe.example",
  "zq.invalid@leak-probe.example",
] as const;
const admin = { email: "owner.leakprobe@agency-probe.example", password: "correct horse battery staple" };
const notify = "notify.leakprobe@agency-probe.example";
const assistant = "assistant.leakprobe@agency-probe.example";

/** Every form a value may take in a log: as typed, its parts, digits only, URL- and form-encoded. */
function forbiddenForms(): string[] {
  const values = [
    probe.firstName,
    probe.lastName,
    `${probe.firstName} ${probe.lastName}`,
    probe.company,
    probe.phone,
    probe.phone.replace(/\D/g, ""),
    "555-0193",
    probe.message,
    "xylophone bakery",
    ...emails,
    admin.email,
    notify,
    assistant,
  ];
  const forms = new Set<string>();
  for (const value of values) {
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(new URLSearchParams({ v: value }).toString().slice(2));
  }
  return [...forms].map((form) => form.toLowerCase());
}

let database: TestDatabase;
let smtp: SmtpTestServer;
let receiver: Server;
let server: StartedServer;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpTestServer();
  // A mail server that refuses every recipient and, as Postfix does, repeats the address it refused.
  smtp.refuse = { at: "rcpt", code: 550, text: `5.1.1 <${emails[0]}>: Recipient address rejected: User unknown` };
  // A webhook receiver that fails and echoes what it was sent, as a careless one does.
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => response.writeHead(500, { "content-type": "text/plain" }).end(`could not store ${body}`));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  server = await startServerProcess(database.database, {
    LOG_LEVEL: "trace",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    RATE_LIMIT_ENABLED: "false",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Summit Leads <leads@summit.example>",
    NOTIFY_EMAIL: notify,
    AUTO_REPLY: "true",
    WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leads`,
    WEBHOOK_SECRET: `whsec_${Buffer.from("a test secret of thirty-two bytes").toString("base64")}`,
  });
  base = `http://127.0.0.1:${server.port}`;
}, 30_000);

afterAll(async () => {
  if (server?.alive()) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  await new Promise((resolve) => receiver?.close(resolve));
  await smtp?.stop();
  await database?.drop();
}, 30_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function formToken(): Promise<string> {
  const response = await fetch(`${base}/api/form-token`);
  return ((await response.json()) as { token: string }).token;
}

function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function postForm(formName: string, fields: Record<string, string>) {
  return fetch(`${base}/forms/${formName}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Resolves once `count` lines say `message` (the server's own pace: deliveries are sent in the background). */
async function linesSaying(message: string, count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (server.logs.filter((line) => line.includes(`"msg":"${message}"`)).length < count) {
    if (Date.now() > deadline)
      throw new Error(`expected ${count} lines saying "${message}":\n${server.logs.slice(-30).join("\n")}`);
    await pause(50);
  }
}

/** A request the HTTP parser refuses (a header without a colon), with an address in its URL and body. */
function malformedRequest(): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1", () => {
      socket.write(
        `POST /api/contact?email=${emails[0]} HTTP/1.1\r\nHost: x\r\nBroken header ${probe.lastName}\r\n\r\n{"email":"${emails[0]}"}`,
      );
    });
    socket.on("data", () => undefined);
    socket.on("close", () => resolve());
    socket.on("error", () => resolve());
  });
}

it("writes no e-mail address, phone, name or message of a lead (or of the owner) in any line, at trace level", async () => {
  const tokens = await Promise.all([formToken(), formToken(), formToken(), formToken()]);
  // A person takes longer than MIN_HUMAN_FILL_MS to fill a form: these leads are not spam, so they are delivered.
  await pause(MIN_HUMAN_FILL_MS + 200);
  const person = {
    firstName: probe.firstName,
    lastName: probe.lastName,
    phone: probe.phone,
    company: probe.company,
    elapsedMs: 30_000,
  };

  const contact = await postJson(
    "/api/contact",
    { ...person, email: emails[0], products: ["SEO Services"], formName: "contact-page", formToken: tokens[0] },
    { "x-request-id": "probe-request-1" },
  );
  expect(contact.status).toBe(201);
  expect(contact.headers.get("x-request-id")).toBe("probe-request-1");
  const inquiry = await postJson(
    "/api/service-inquiry",
    { ...person, email: emails[1], serviceType: "seo", message: probe.message, formToken: tokens[1] },
    { "x-request-id": "not well formed <id>" },
  );
  expect(inquiry.status).toBe(201);
  expect(inquiry.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  // Invalid: every field wrong, the values echoed in nothing but the answer.
  const invalid = await postJson("/api/service-inquiry", {
    ...person,
    email: `${emails[3]} not an address`,
    phone: `${probe.phone} call ${probe.firstName}`,
    serviceType: probe.message,
    message: "",
  });
  expect(invalid.status).toBe(400);
  const malformed = await postJson("/api/contact", `{"firstName":"${probe.firstName}","email":"${emails[3]}",`);
  expect(malformed.status).toBe(400);
  // Spam: the honeypot filled in.
  const spam = await postJson("/api/contact", {
    ...person,
    email: emails[3],
    products: ["SEO Services"],
    website: probe.message,
    formToken: tokens[3],
  });
  expect(spam.status).toBe(201);

  // Without JavaScript: a valid post (with the token a script would have put in), an invalid one, one without a token.
  const formFields = {
    firstName: probe.firstName,
    lastName: probe.lastName,
    email: emails[2],
    phone: probe.phone,
    company: probe.company,
  };
  const posted = await postForm("lead-audit", { ...formFields, formToken: tokens[2] });
  expect(posted.status).toBe(303);
  const refused = await postForm("lead-audit", { ...formFields, email: `${emails[3]}@@`, phone: "" });
  expect(refused.status).toBe(422);
  const unconfirmed = await postForm("lead-audit", formFields);
  expect(unconfirmed.status).toBe(200);

  // The owner signs in, searches for the lead by its address and name, and adds an address for new leads.
  const login = await postJson("/api/admin/login", { username: admin.email, password: admin.password });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  for (const q of [emails[0], probe.lastName, probe.phone]) {
    const search = await fetch(`${base}/api/admin/leads/contacts?view=all&q=${encodeURIComponent(q)}`, {
      headers: { cookie },
    });
    expect(search.status).toBe(200);
  }
  const all = await fetch(`${base}/api/admin/leads/all?q=${encodeURIComponent(emails[1])}`, { headers: { cookie } });
  expect(all.status).toBe(200);
  const added = await fetch(`${base}/api/admin/settings/notifications`, {
    method: "PUT",
    headers: { "content-type": "application/json", origin: base, cookie },
    body: JSON.stringify({ addresses: [assistant] }),
  });
  expect(added.status).toBe(502);
  await malformedRequest();
  // A path with an address in it (a visitor's typo, a scanner): the request's line masks it.
  expect((await fetch(`${base}/api/leads-of/${emails[0]}`)).status).toBe(404);

  // Three leads were delivered by three channels each, and every delivery failed.
  await linesSaying("delivery failed; will retry", 9);
  expect(smtp.received).toHaveLength(0);

  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);

  const lines = [...server.logs, ...server.stderr().split("\n")].filter((line) => line.trim() !== "");
  const leaks = lines.flatMap((line) =>
    forbiddenForms()
      .filter((form) => line.toLowerCase().includes(form))
      .map((form) => `${form} in ${line}`),
  );
  expect(leaks).toEqual([]);

  // The log is still useful: one line per request, with its id; the leads by their ids.
  const requests = server.logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === "request completed");
  expect(requests.find((line) => line.reqId === "probe-request-1")).toMatchObject({
    method: "POST",
    path: "/api/contact",
    route: "/api/contact",
    status: 201,
  });
  expect(requests.filter((line) => line.path === "/api/admin/leads/contacts").map((line) => line.status)).toEqual([
    200, 200, 200,
  ]);
  expect(server.logs.some((line) => line.includes('"msg":"incoming request"'))).toBe(false);
  // The doors were all reached: the malformed request's trace line, the refused link, the spam verdict.
  expect(server.logs.some((line) => line.includes('"msg":"client error"') && line.includes("HPE_"))).toBe(true);
  expect(server.logs.some((line) => line.includes('"msg":"confirmation link not sent"'))).toBe(true);
  expect(server.logs.some((line) => line.includes('"form":"contact-page"') && line.includes('"spam":false'))).toBe(
    true,
  );
  expect(server.logs.some((line) => line.includes('"spam":"honeypot"'))).toBe(true);
  expect(
    requests.find((line) => typeof line.path === "string" && line.path.startsWith("/api/leads-of/")),
  ).toMatchObject({ path: "/api/leads-of/[email]", route: null, status: 404 });
  const contactId = ((await contact.json()) as { id: string }).id;
  expect(
    server.logs.some(
      (line) => line.includes(`"lead":"${contactId}"`) && line.includes('"msg":"delivery failed; will retry"'),
    ),
  ).toBe(true);
}, 60_000);
