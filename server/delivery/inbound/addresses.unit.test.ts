import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { recipientsOf, replyTokenOf, threadIdsOf, tokenOfRecipients } from "./addresses.ts";
import { messageIdOf } from "./poller.ts";

const replies = "replies@summit.example";

describe("replyTokenOf", () => {
  it("answers the +tag of the reply address, kept as written", () => {
    expect(replyTokenOf("replies+Ab_9-xYz@summit.example", replies)).toBe("Ab_9-xYz");
  });

  it("compares the local part and the domain without case, in angle brackets too", () => {
    expect(replyTokenOf("<Replies+Tok3n@SUMMIT.example>", replies)).toBe("Tok3n");
  });

  it.each([
    ["the reply address itself", "replies@summit.example"],
    ["another domain", "replies+tok@other.example"],
    ["a subdomain", "replies+tok@mail.summit.example"],
    ["another mailbox", "sales+tok@summit.example"],
    ["a longer local part", "replies2+tok@summit.example"],
    ["an empty tag", "replies+@summit.example"],
    ["a tag with characters no token has", "replies+to.k@summit.example"],
    ["no @ at all", "replies+tok"],
  ])("answers null for %s", (_, address) => {
    expect(replyTokenOf(address, replies)).toBeNull();
  });
});

describe("recipientsOf and the token among them", () => {
  it("reads To, Cc, Delivered-To and X-Original-To", async () => {
    const parsed = await simpleParser(
      "Delivered-To: replies+fromDelivered@summit.example\r\nX-Original-To: replies+fromOriginal@summit.example\r\nFrom: Dana <dana@example.com>\r\nTo: Summit <sales@summit.example>\r\nCc: Boss <boss@example.com>, replies+fromCc@summit.example\r\nSubject: Re: hi\r\n\r\nok\r\n",
    );
    expect(recipientsOf(parsed)).toEqual([
      "sales@summit.example",
      "boss@example.com",
      "replies+fromCc@summit.example",
      "replies+fromDelivered@summit.example",
      "replies+fromOriginal@summit.example",
    ]);
    expect(tokenOfRecipients(recipientsOf(parsed), replies)).toBe("fromCc");
  });

  it("finds the token in Delivered-To when the lead wrote to the plain address", async () => {
    const parsed = await simpleParser(
      "Delivered-To: replies+onlyHere@summit.example\r\nFrom: dana@example.com\r\nTo: replies@summit.example\r\nSubject: x\r\n\r\nok\r\n",
    );
    expect(tokenOfRecipients(recipientsOf(parsed), replies)).toBe("onlyHere");
  });

  it("answers no token when none is addressed", async () => {
    const parsed = await simpleParser(
      "From: dana@example.com\r\nTo: replies@summit.example\r\nSubject: x\r\n\r\nok\r\n",
    );
    expect(tokenOfRecipients(recipientsOf(parsed), replies)).toBeNull();
  });
});

describe("threadIdsOf", () => {
  it("answers In-Reply-To first, then References from the newest, each once", async () => {
    const parsed = await simpleParser(
      "From: d@example.com\r\nIn-Reply-To: <c@summit.example>\r\nReferences: <a@summit.example> <b@summit.example>\r\n <c@summit.example>\r\nSubject: x\r\n\r\nok\r\n",
    );
    expect(threadIdsOf(parsed)).toEqual(["<c@summit.example>", "<b@summit.example>", "<a@summit.example>"]);
  });

  it("answers nothing for a message outside any thread", async () => {
    expect(threadIdsOf(await simpleParser("From: d@example.com\r\nSubject: x\r\n\r\nok\r\n"))).toEqual([]);
  });
});

describe("messageIdOf", () => {
  it("keeps the message's own Message-ID", () => {
    expect(messageIdOf({ messageId: "<abc@mail.example>" }, Buffer.from("x"))).toBe("<abc@mail.example>");
  });

  it("makes the same id from the same bytes when there is none, another from other bytes", () => {
    const raw = Buffer.from("From: d@example.com\r\nSubject: x\r\n\r\nok\r\n");
    const id = messageIdOf({ messageId: undefined }, raw);
    expect(id).toMatch(/^<[0-9a-f]{64}@inbound\.invalid>$/);
    expect(messageIdOf({ messageId: undefined }, Buffer.from(raw))).toBe(id);
    expect(messageIdOf({ messageId: undefined }, Buffer.from("other"))).not.toBe(id);
  });
});
