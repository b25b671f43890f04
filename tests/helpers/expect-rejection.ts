import type { FastifyInstance, InjectOptions } from "fastify";
import { expect } from "vitest";

/**
 * Sends a request that must be refused and checks the answer and that nothing was stored:
 * `count` is read before and after.
 */
export async function expectRejected(
  app: FastifyInstance,
  request: InjectOptions,
  expected: { status: number; field?: string; message?: string | RegExp },
  count: () => Promise<number>,
) {
  const before = await count();
  const response = await app.inject(request);
  expect(response.statusCode, response.body).toBe(expected.status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json<{ message: string; errors?: Record<string, string> }>();
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  if (expected.message) expect(body.message).toMatch(expected.message);
  if (expected.field) {
    expect(body.errors, `errors should name ${expected.field}`).toHaveProperty([expected.field]);
    expect(body.errors?.[expected.field]?.length).toBeGreaterThan(0);
  }
  expect(await count(), "nothing may be stored after a rejection").toBe(before);
  return body;
}
