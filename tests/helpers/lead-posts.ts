import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { LeadKind } from "../../contract/admin-leads.ts";
import { humanSignals, validContact, validInquiry } from "./test-app.ts";

// Leads stored the way a visitor stores them: through the form endpoints, with a person's spam signals.

const formPaths: Record<LeadKind, string> = { contacts: "/api/contact", inquiries: "/api/service-inquiry" };
const valid: Record<LeadKind, object> = { contacts: validContact, inquiries: validInquiry };

/** Posts one lead of the kind (the valid example with `extra` over it); answers its id and when it was stored. */
export async function postLeadReceipt(
  app: FastifyInstance,
  kind: LeadKind,
  extra: object = {},
): Promise<{ id: string; createdAt: string }> {
  const response = await app.inject({
    method: "POST",
    url: formPaths[kind],
    payload: { ...valid[kind], ...(await humanSignals(app)), ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; createdAt: string }>();
}

/** Posts one lead of the kind (the valid example with `extra` over it); answers its id. */
export async function postLead(app: FastifyInstance, kind: LeadKind, extra: object = {}): Promise<string> {
  return (await postLeadReceipt(app, kind, extra)).id;
}
