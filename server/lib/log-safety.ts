// What the server's log may carry (docs/deploy/metrics.md, "Logs"): no e-mail address, phone, name or
// message of a lead, at any level. The code logs ids, counts and codes, never lead fields; these are the
// nets under it, for text the code does not write itself (a database's or a mail server's error).

/**
 * An e-mail address in text, plain or URL-encoded (%40), with the local part's usual characters (the rarer
 * ones, such as / or =, would swallow the URL or the field an address sits in). Not right after a
 * backslash, so a JSON escape ("\n" before an address in a stack) is never cut in two.
 */
const EMAIL_ADDRESS = /(?<!\\)[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/gi;

export const EMAIL_PLACEHOLDER = "[email]";

/** `text` with every e-mail address replaced by [email]; the logger runs it on every line it writes. */
export function withoutEmailAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, EMAIL_PLACEHOLDER);
}

/**
 * The fields of an error that say what went wrong without repeating what was sent: an allowlist, so a
 * mail server's `rejected` addresses, PostgreSQL's `detail` ("Key (email)=(…)"), the raw bytes of a
 * malformed request (`rawPacket`) and whatever else a library attaches stay out.
 */
const ERROR_FIELDS = [
  "code",
  "errno",
  "syscall",
  "statusCode",
  "status",
  "responseCode",
  "severity",
  "routine",
] as const;

export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  errors?: LoggedError[];
} & Record<string, unknown>;

/** The logger's `err` serializer: type, message, stack and the allowed fields, of the error and what it wraps. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: withoutEmailAddresses(String(error)), stack: "" };
  const logged: LoggedError = {
    type: error.name,
    message: withoutEmailAddresses(error.message),
    stack: withoutEmailAddresses(error.stack ?? ""),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === "number" || typeof value === "boolean") logged[field] = value;
    else if (typeof value === "string") logged[field] = withoutEmailAddresses(value).slice(0, 100);
  }
  if (depth < 3) {
    if (error.cause !== undefined) logged.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError)
      logged.errors = error.errors.slice(0, 5).map((inner: unknown) => serializeError(inner, depth + 1));
  }
  return logged;
}

/** The `req` serializer, for any line that logs a request: its method and path, never the query or headers. */
export function serializeRequest(request: { method?: string; url?: string }): {
  method: string | undefined;
  path: string;
} {
  return { method: request.method, path: pathOf(request.url ?? "") };
}

/** A path segment as long as a single-use link's token (43 characters of base64url; a UUID has 36). */
const TOKEN_SEGMENT = /\/[A-Za-z0-9_-]{40,}(?=\/|$)/g;

/**
 * A URL's path, without its query (an admin search's ?q= is the text searched for) or fragment, and with a
 * segment that may be a link's token masked: the links carry it after the # now, but an e-mail from before
 * (issue 32) still names one in its path.
 */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return (end === -1 ? url : url.slice(0, end)).replace(TOKEN_SEGMENT, "/[token]");
}
