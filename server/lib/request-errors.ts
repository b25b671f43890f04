import type { z } from "zod";
import type { ApiError } from "../../contract/api-error.ts";

/** Thrown by parseInput; the error handler turns it into 400 {message, errors}. */
export class InputValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly errors: Record<string, string>,
  ) {
    super(message);
  }

  toJSON(): ApiError {
    return { message: this.message, errors: this.errors };
  }
}

/** Parses a body or query with its contract schema, or throws with one reason per field. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, message: string): z.output<T> {
  return parsed(schema.safeParse(value), message);
}

/** parseInput for a schema with an asynchronous rule (a new password: contract/admin.ts newPasswordText). */
export async function parseInputAsync<T extends z.ZodType>(
  schema: T,
  value: unknown,
  message: string,
): Promise<z.output<T>> {
  return parsed(await schema.safeParseAsync(value), message);
}

function parsed<T>(result: z.ZodSafeParseResult<T>, message: string): T {
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : "body";
    const reason =
      issue.path.length === 0 && issue.code === "invalid_type"
        ? issue.expected === "array"
          ? "Expected a JSON array"
          : "Expected a JSON object"
        : issue.message;
    errors[field] ??= reason;
  }
  throw new InputValidationError(message, errors);
}
