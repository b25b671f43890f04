import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { contactLead } from "../../../tests/helpers/delivery-leads.ts";
import { startSmtpTestServer, type SmtpTestServer } from "../../../tests/helpers/smtp-test-server.ts";
import { createMailTransport, MailSendError, sendTestMail, type MailTransport } from "./mail-transport.ts";
import { ownerMail } from "./owner-mail.ts";

// The transport against a real SMTP server that refuses, is down, or never answers, and the files transport.

const from = "Agency <hello@agency.example>";
const message = (deliveryId = "d-1") =>
  ownerMail({
    kind: "contacts",
    lead: contactLead(),
    deliveryId,
    from,
    to: ["owner@agency.example"],
    ownerTimeZone: "America/New_York",
    adminUrl: null,
  });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
async function smtpServer(options?: Parameters<typeof startSmtpTestServer>[0]): Promise<SmtpTestServer> {
  const server = await startSmtpTestServer(options);
  cleanups.push(() => server.stop());
  return server;
}
function transportFor(url: string, options?: Parameters<typeof createMailTransport>[1]): MailTransport {
  const transport = createMailTransport({ kind: "smtp", url }, options);
  cleanups.push(() => transport.close());
  return transport;
}
async function rejection(promise: Promise<unknown>): Promise<MailSendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailSendError);
  return error as MailSendError;
}

describe("SMTP transport", () => {
  it("sends and answers with the server's response and the Message-ID", async () => {
    const smtp = await smtpServer();
    const result = await transportFor(smtp.url).send(message());
    expect(result.response).toMatch(/^250 /);
    expect(result.messageId).toBe("<d-1@agency.example>");
    expect(smtp.received).toHaveLength(1);
  });

  it("rejects with the server's answer when a recipient is refused (550), as a permanent failure", async () => {
    const smtp = await smtpServer();
    smtp.refuse = { at: "rcpt", code: 550, text: "5.1.1 mailbox unavailable" };
    const error = await rejection(transportFor(smtp.url).send(message()));
    expect(error.message).toContain("550 5.1.1 mailbox unavailable");
    expect(error.responseCode).toBe(550);
    expect(error.permanent).toBe(true);
    expect(smtp.received).toHaveLength(0);
  });

  it("rejects a refused message (451) as temporary; once the server takes it again it arrives once", async () => {
    const smtp = await smtpServer();
    const transport = transportFor(smtp.url);
    smtp.refuse = { at: "data", code: 451, text: "4.3.0 try again later" };
    const error = await rejection(transport.send(message()));
    expect(error.message).toContain("451 4.3.0 try again later");
    expect(error.permanent).toBe(false);
    expect(smtp.received).toHaveLength(0);

    smtp.refuse = null;
    await transport.send(message());
    expect(smtp.received.map((m) => m.parsed.messageId)).toEqual(["<d-1@agency.example>"]);
  });

  it("rejects when the server is down, and delivers once when it is back on the same port", async () => {
    const first = await startSmtpTestServer();
    const { port, url } = first;
    await first.stop();
    const transport = transportFor(url);
    const error = await rejection(transport.send(message()));
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(error.responseCode).toBeNull();
    expect(error.permanent).toBe(false);

    const back = await smtpServer({ port });
    await transport.send(message());
    expect(back.received).toHaveLength(1);
  });

  it("gives up on a server that accepts the connection but never greets", async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    const { port } = silent.address() as AddressInfo;
    const transport = transportFor(`smtp://127.0.0.1:${port}`, { timeoutsMs: { connection: 300, greeting: 300 } });
    const error = await rejection(transport.send(message()));
    expect(error.message).toMatch(/greeting/i);
    expect(error.responseCode).toBeNull();
  });

  it("verifies the connection and the sign-in, and reports a refused sign-in with the server's answer", async () => {
    const smtp = await smtpServer({ auth: { user: "mailer", pass: "s3cret" } });
    const good = `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`;
    expect(await transportFor(good).verify()).toBe(
      `The SMTP server at 127.0.0.1:${smtp.port} accepted the connection and the sign-in.`,
    );
    const error = await rejection(transportFor(`smtp://mailer:wrong@127.0.0.1:${smtp.port}`).verify());
    expect(error.message).toContain("535 5.7.8 Authentication credentials invalid");
    expect(error.permanent).toBe(true);
  });

  it("sendTestMail sends a real message and returns the server's answer", async () => {
    const smtp = await smtpServer();
    const answer = await sendTestMail(transportFor(smtp.url), {
      from,
      to: "owner@agency.example",
      now: new Date("2026-11-23T15:04:05.000Z"),
    });
    expect(answer).toMatch(/^250 /);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.parsed.subject).toBe("Test e-mail from your website");
    expect(smtp.received[0]!.parsed.text).toContain("sent at 2026-11-23T15:04:05.000Z");
  });
});

describe("files transport", () => {
  it("writes each message as a parseable .eml file, creating the folder", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "mail-files-"));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const dir = path.join(root, "data", "mail");
    const transport = createMailTransport({ kind: "files", dir }, { now: () => new Date("2026-11-23T15:04:05.000Z") });
    cleanups.push(() => transport.close());

    expect(await transport.verify()).toBe(`E-mails are written as .eml files to ${dir} (MAIL_TRANSPORT=files).`);
    const result = await transport.send(message("d-7"));
    const file = path.join(dir, "2026-11-23T15-04-05.000Z-d-7@agency.example.eml");
    expect(result).toEqual({ response: `Written to ${file}`, messageId: "<d-7@agency.example>" });
    expect(await readdir(dir)).toEqual([path.basename(file)]);

    const raw = await readFile(file);
    expect(raw.toString("utf8")).toContain("\r\n");
    expect(raw.toString("utf8").replace(/\r\n/g, "")).not.toContain("\n");
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe("New lead: Ada Lovelace — SEO Services, Website Design");
    expect(parsed.messageId).toBe("<d-7@agency.example>");
    expect(parsed.text).toContain("Requested meeting: Wed, Dec 2, 2026, 10:00 AM Central Time (America/Chicago)");
  });
});
