import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRejected } from "../../../tests/helpers/expect-rejection.ts";
import {
  createTestApp,
  humanSignals,
  signIn,
  validContact,
  validInquiry,
  type TestApp,
} from "../../../tests/helpers/test-app.ts";
import type { LeadKind } from "../../../contract/admin-leads.ts";
import { leadFilters } from "../../../contract/lead-filters.ts";
import { IDEMPOTENCY_KEY_TTL_MS } from "../../repositories/leads/idempotency.ts";

// Idempotency-Key on both form posts: a retry answers the first 201 and stores nothing; the same key
// with other fields is refused; two racing requests store one lead; keys expire after a day.

let t: TestApp;
// Starts at the real time: a lead's createdAt (what the key's age counts from) is the real time.
let clock = Date.now();
let human: Awaited<ReturnType<typeof humanSignals>>;

const forms = [
  { kind: "contacts", url: "/api/contact", body: validContact, other: { firstName: "Someone-else" } },
  {
    kind: "inquiries",
    url: "/api/service-inquiry",
    body: validInquiry,
    other: { message: "A different project entirely." },
  },
] as const;

const count = (kind: LeadKind) => t.app.repositories.leads.count(kind, leadFilters.parse({ view: "all" }));
const post = (url: string, payload: object, key?: string) =>
  t.app.inject({
    method: "POST",
    url,
    payload: { ...human, ...payload },
    headers: key === undefined ? {} : { "idempotency-key": key },
  });

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock: () => new Date(clock) });
  human = await humanSignals(t.app);
});
afterAll(async () => {
  await t.close();
});

describe.each(forms)("Idempotency-Key on POST $url", ({ kind, url, body, other }) => {
  it("answers a repeat with the first 201 (same id and createdAt) and stores nothing new", async () => {
    const key = crypto.randomUUID();
    const before = await count(kind);
    const first = await post(url, body, key);
    expect(first.statusCode).toBe(201);
    // A retry measures its own time and may carry a newer token: the spam signals are not the lead.
    const again = await post(url, { ...body, elapsedMs: 123_456 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // The contract trims text, so spacing differences are the same lead.
    const spaced = await post(url, { ...body, firstName: `  ${body.firstName} ` }, key);
    expect(spaced.json()).toEqual(first.json());
    expect(await count(kind)).toBe(before + 1);
  });

  it("answers 422 with a clear message to the same key with other fields, and stores nothing", async () => {
    const key = crypto.randomUUID();
    const first = await post(url, body, key);
    expect(first.statusCode).toBe(201);
    const refused = await expectRejected(
      t.app,
      { method: "POST", url, payload: { ...human, ...body, ...other }, headers: { "idempotency-key": key } },
      { status: 422, message: /already used for a submission with other details/ },
      () => count(kind),
    );
    expect(refused).not.toHaveProperty("id");
    // The first lead's receipt is still what its own fields get.
    expect((await post(url, body, key)).json()).toEqual(first.json());
  });

  it("stores one lead when two requests with one key arrive together; both answer its receipt", async () => {
    const key = crypto.randomUUID();
    const before = await count(kind);
    const answers = await Promise.all([post(url, body, key), post(url, body, key), post(url, body, key)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const receipts = answers.map((answer) => answer.json());
    expect(receipts[1]).toEqual(receipts[0]);
    expect(receipts[2]).toEqual(receipts[0]);
    expect(await count(kind)).toBe(before + 1);
  });

  it("stores a new lead for each new key, and for posts without one", async () => {
    const before = await count(kind);
    const a = await post(url, body, crypto.randomUUID());
    const b = await post(url, body, crypto.randomUUID());
    const c = await post(url, body);
    const d = await post(url, body);
    expect(new Set([a, b, c, d].map((answer) => answer.json().id)).size).toBe(4);
    expect(await count(kind)).toBe(before + 4);
  });
});

describe("the Idempotency-Key header", () => {
  it.each([
    ["empty", ""],
    ["over 255 characters", "k".repeat(256)],
    ["not ASCII", "clé-1"],
    ["with a control character", "key\u0001one"],
  ])("answers 400 naming the header when it is %s, and stores nothing", async (_case, key) => {
    await expectRejected(
      t.app,
      {
        method: "POST",
        url: "/api/contact",
        payload: { ...human, ...validContact },
        headers: { "idempotency-key": key },
      },
      { status: 400, field: "Idempotency-Key", message: /Idempotency-Key/ },
      () => count("contacts"),
    );
  });

  it("accepts 255 printable characters, and the draft's quoted form as the same key", async () => {
    const long = `${"k".repeat(250)}-${Date.now() % 10_000}`.slice(0, 255).padEnd(255, "x");
    expect((await post("/api/contact", validContact, long)).statusCode).toBe(201);
    const bare = await post("/api/contact", validContact, "order 7/a b");
    const quoted = await post("/api/contact", validContact, '"order 7/a b"');
    expect(quoted.json()).toEqual(bare.json());
  });

  it("scopes a key to its endpoint: the same key on the other form stores that form's lead", async () => {
    const key = crypto.randomUUID();
    const contact = await post("/api/contact", validContact, key);
    const inquiry = await post("/api/service-inquiry", validInquiry, key);
    expect(inquiry.statusCode).toBe(201);
    expect(inquiry.json().id).not.toBe(contact.json().id);
    expect(await t.app.repositories.leads.find("inquiries", inquiry.json().id)).toMatchObject({
      email: validInquiry.email,
    });
  });

  it("forgets a key after a day: the next start's sweep removes it, and the key may then be used again", async () => {
    const key = crypto.randomUUID();
    const first = await post("/api/contact", validContact, key);
    clock += IDEMPOTENCY_KEY_TTL_MS - 60_000;
    expect((await post("/api/contact", validContact, key)).json()).toEqual(first.json());

    clock += 2 * 60_000;
    // A restarted instance sweeps at start-up (and hourly after).
    const restarted = await createTestApp({}, t.testDatabase, { clock: () => new Date(clock) });
    try {
      const again = await restarted.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: { ...(await humanSignals(restarted.app)), ...validContact, firstName: "Next-day" },
        headers: { "idempotency-key": key },
      });
      expect(again.statusCode).toBe(201);
      expect(again.json().id).not.toBe(first.json().id);
    } finally {
      await restarted.close();
    }
  });

  it("deletes a lead's key with the lead (erasure)", async () => {
    const key = crypto.randomUUID();
    const { id } = (await post("/api/contact", validContact, key)).json<{ id: string }>();
    const keyRows = () =>
      t.app.db.selectFrom("leadIdempotencyKeys").select("leadId").where("leadId", "=", id).execute();
    expect(await keyRows()).toHaveLength(1);
    const cookie = await signIn(t.app);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/admin/leads/contacts/${id}`, headers: { cookie } }))
        .statusCode,
    ).toBe(204);
    expect(await keyRows()).toHaveLength(0);
  });
});

describe("a real retry after the answer was lost", () => {
  it("stores the lead once when the connection drops after it was stored and the client sends it again", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const key = crypto.randomUUID();
    const payload = JSON.stringify({ ...human, ...validContact, firstName: "Dropped" });
    const dropped = { view: "all" as const, q: "dropped" };
    const storedDropped = () => t.app.repositories.leads.count("contacts", leadFilters.parse(dropped));

    // The first attempt: the request goes out whole, the lead is stored, and the client's connection
    // dies before it reads the answer.
    const socket = connect({ host: "127.0.0.1", port: Number(port) });
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nIdempotency-Key: ${key}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
    );
    while ((await storedDropped()) === 0) await new Promise((resolve) => setImmediate(resolve));
    socket.destroy();

    // The retry, with the same key, over a new connection.
    const retry = await fetch(`${address}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: payload,
    });
    expect(retry.status).toBe(201);
    const receipt = (await retry.json()) as { id: string };
    expect(await storedDropped()).toBe(1);
    expect(await t.app.repositories.leads.find("contacts", receipt.id)).toMatchObject({ firstName: "Dropped" });
  });
});
