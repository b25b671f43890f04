import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server on a loopback port for the mail tests: it collects what it receives (raw and parsed
// with mailparser) and can be told to refuse recipients or messages with a given answer.

export type ReceivedMail = { raw: string; parsed: ParsedMail; envelopeTo: string[] };
export type SmtpTestServer = {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Refuse every RCPT TO (or DATA) with this answer until set back to null, e.g. { code: 550, text: "5.1.1 mailbox unavailable" }. */
  refuse: { at: "rcpt" | "data"; code: number; text: string } | null;
  /** Answers each accepted message only after this many milliseconds (a slow server). */
  delayMs: number;
  /** Resolves once `count` messages have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
};

const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/** `auth`: the one user and password the server takes (AUTH over plain SMTP, as on loopback only). */
export async function startSmtpTestServer({
  port = 0,
  auth,
}: { port?: number; auth?: { user: string; pass: string } } = {}): Promise<SmtpTestServer> {
  const arrivals: (() => void)[] = [];
  const state: SmtpTestServer = {
    url: "",
    port: 0,
    received: [],
    refuse: null,
    delayMs: 0,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (state.received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} messages, got ${state.received.length}`);
        // Woken by the next arrival, or after a short while to look at the deadline again.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          arrivals.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return state.received;
    },
    stop: async () => {},
  };
  const server = new SMTPServer({
    authOptional: !auth,
    allowInsecureAuth: true,
    onAuth(credentials, _session, callback) {
      if (auth && credentials.username === auth.user && credentials.password === auth.pass)
        return callback(null, { user: auth.user });
      callback(smtpError(535, "5.7.8 Authentication credentials invalid"));
    },
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse?.at === "rcpt") return callback(smtpError(state.refuse.code, state.refuse.text));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.refuse?.at === "data") return callback(smtpError(state.refuse.code, state.refuse.text));
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            state.received.push({ raw, parsed, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
            for (const wake of arrivals.splice(0)) wake();
            // The sender learns that the message was accepted only now.
            setTimeout(() => callback(), state.delayMs);
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  state.port = address.port;
  state.url = `smtp://127.0.0.1:${address.port}`;
  state.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
