import { describe, expect, it } from "vitest";
import { chatServices } from "../../contract/chat-channel.ts";
import { chatMessageShapes, shapeProblems } from "../../tests/helpers/chat-payloads.ts";
import { contactLead, inquiryLead } from "../../tests/helpers/delivery-leads.ts";
import {
  chatFailureText,
  chatLeadFacts,
  chatLeadMessage,
  ChatPostError,
  chatRecipient,
  chatTestMessage,
  googleChatLeadMessage,
  maskChatUrl,
  sendChatMessage,
  slackLeadMessage,
  teamsLeadMessage,
} from "./chat.ts";
import { WebhookError } from "./webhook.ts";

// The chat channel's messages (issue 36, point 2): each service's own format with the same facts, checked
// against the shape each service documents (tests/helpers/chat-payloads.ts), and the lead's words kept from
// mentioning anyone or hiding a link.

const ADMIN = "https://www.summit.example/admin/leads/contacts/7b0c6a52-2f4e-4d3a-9a51-0c1e5f3d2a11";
const lead = contactLead({ formName: "contact-page", replyBy: "2026-11-24T15:04:05.000Z" });
const facts = chatLeadFacts("contacts", lead, { ownerTimeZone: "America/New_York", adminUrl: ADMIN });
const REPLY_BY = "Tue, Nov 24, 10:04 AM EST";

/** A lead whose typed words try every trick: a channel mention, a disguised link, markdown and HTML. */
const hostile = chatLeadFacts(
  "contacts",
  contactLead({
    firstName: "<!channel> <https://evil.example|click>",
    lastName: "[here](https://evil.example) <b>x</b> & *bold*",
    products: ["<@U123> <#C123>", "[SEO](https://evil.example)"],
    formName: "<https://evil.example|form>",
  }),
  { ownerTimeZone: "UTC", adminUrl: ADMIN },
);

describe("the facts", () => {
  it("are the name, what they asked for, the form, the reply-by time in the owner's zone and the link", () => {
    expect(facts).toEqual({
      leadId: lead.id,
      name: "Ada Lovelace",
      request: "SEO Services, Website Design",
      form: "Contact form on /contact",
      replyBy: REPLY_BY,
      adminUrl: ADMIN,
    });
    const inquiry = chatLeadFacts("inquiries", inquiryLead({ formName: null }), {
      ownerTimeZone: "UTC",
      adminUrl: null,
    });
    expect(inquiry).toMatchObject({
      name: "Grace Hopper",
      request: "Search Engine Optimization",
      form: "—",
      adminUrl: null,
    });
  });
});

describe("every message has its service's documented shape", () => {
  it.each(chatServices)("%s: a lead with a link, one without, and the test message", (service) => {
    for (const message of [
      chatLeadMessage(service, facts),
      chatLeadMessage(service, { ...facts, adminUrl: null }),
      chatLeadMessage(service, hostile),
      chatTestMessage(service, "Summit & <Co>"),
    ])
      expect(shapeProblems(chatMessageShapes[service], message)).toBe("");
  });
});

describe("Slack", () => {
  it("says the facts in a section and a context line, with a button that opens the lead", () => {
    const message = slackLeadMessage(facts);
    expect(message.text).toBe(`New lead: Ada Lovelace — SEO Services, Website Design. Reply by ${REPLY_BY}`);
    expect(message.blocks.map((block) => block.type)).toEqual(["section", "context", "actions"]);
    expect(message.blocks[0]).toEqual({
      type: "section",
      text: { type: "mrkdwn", text: "*New lead: Ada Lovelace*\nSEO Services, Website Design", verbatim: true },
    });
    expect(JSON.stringify(message.blocks[1])).toContain(`Contact form on /contact · Reply by ${REPLY_BY}`);
    expect(message.blocks[2]).toMatchObject({
      elements: [{ type: "button", text: { type: "plain_text", text: "Open the lead" }, url: ADMIN }],
    });
  });

  it("says there is no link while SITE_ORIGIN is unset", () => {
    const message = slackLeadMessage({ ...facts, adminUrl: null });
    expect(message.blocks.map((block) => block.type)).toEqual(["section", "context", "context"]);
    expect(JSON.stringify(message.blocks[2])).toContain("No link to the admin: SITE_ORIGIN is not set.");
  });

  it("escapes &, < and > in the lead's words, so no mention or link reaches Slack, and asks for them verbatim", () => {
    const message = slackLeadMessage(hostile);
    const all = JSON.stringify(message);
    for (const injected of ["<!channel>", "<https://evil.example|click>", "<@U123>", "<#C123>", "<b>"])
      expect(all).not.toContain(injected);
    expect(message.blocks[0]).toMatchObject({
      text: {
        text: "*New lead: &lt;!channel&gt; &lt;https://evil.example|click&gt; [here](https://evil.example) &lt;b&gt;x&lt;/b&gt; &amp; *bold**\n&lt;@U123&gt; &lt;#C123&gt;, [SEO](https://evil.example)",
        verbatim: true,
      },
    });
    expect(message.text).toContain("&lt;!channel&gt;");
    // The only link Slack will show is the button's, ours.
    expect([...all.matchAll(/"url":"([^"]*)"/g)].map((match) => match[1])).toEqual([ADMIN]);
  });
});

describe("Microsoft Teams", () => {
  it("is an Adaptive Card 1.4 in a message: the name and request as plain TextRuns, the facts, an Open the lead action", () => {
    const card = teamsLeadMessage(facts).attachments[0]!.content;
    expect(card.body.map((element) => element.type)).toEqual([
      "TextBlock",
      "RichTextBlock",
      "RichTextBlock",
      "FactSet",
    ]);
    expect(card.body[1]).toMatchObject({ inlines: [{ type: "TextRun", text: "Ada Lovelace" }] });
    expect(card.body[2]).toMatchObject({ inlines: [{ type: "TextRun", text: "SEO Services, Website Design" }] });
    expect(card.body[3]).toEqual({
      type: "FactSet",
      facts: [
        { title: "Form", value: "Contact form on /contact" },
        { title: "Reply by", value: REPLY_BY },
      ],
    });
    expect(card.actions).toEqual([{ type: "Action.OpenUrl", title: "Open the lead", url: ADMIN }]);
    const unlinked = teamsLeadMessage({ ...facts, adminUrl: null }).attachments[0]!.content;
    expect(unlinked.actions).toEqual([]);
    expect(JSON.stringify(unlinked.body.at(-1))).toContain("No link to the admin");
  });

  it("keeps the lead's words out of markdown: TextRuns as typed, the facts escaped", () => {
    const card = teamsLeadMessage(hostile).attachments[0]!.content;
    // A TextRun is never read as markdown: the text stays exactly as typed.
    expect(card.body[1]).toMatchObject({ inlines: [{ text: hostile.name }] });
    expect(card.body[3]).toMatchObject({
      facts: [{ title: "Form", value: "\\<https://evil.example\\|form\\>" }, { title: "Reply by" }],
    });
    const markdownFields = [card.body[0], card.body[3]].map((element) => JSON.stringify(element)).join("");
    expect(markdownFields).not.toMatch(/\]\(https/);
  });
});

describe("Google Chat", () => {
  it("is a card with the facts as decorated text and a button that opens the lead", () => {
    const message = googleChatLeadMessage(facts);
    expect(message.text).toBe("New lead: Ada Lovelace");
    const [card] = message.cardsV2;
    expect(card!.cardId).toBe(`lead-${lead.id}`);
    expect(card!.card.header).toEqual({ title: "New lead", subtitle: `Reply by ${REPLY_BY}` });
    expect(card!.card.sections[0]!.widgets).toEqual([
      { decoratedText: { topLabel: "Name", text: "Ada Lovelace", wrapText: true } },
      { decoratedText: { topLabel: "Asked for", text: "SEO Services, Website Design", wrapText: true } },
      { decoratedText: { topLabel: "Form", text: "Contact form on /contact", wrapText: true } },
      { decoratedText: { topLabel: "Reply by", text: REPLY_BY, wrapText: true } },
      { buttonList: { buttons: [{ text: "Open the lead", onClick: { openLink: { url: ADMIN } } }] } },
    ]);
    expect(googleChatLeadMessage({ ...facts, adminUrl: null }).cardsV2[0]!.card.sections[0]!.widgets.at(-1)).toEqual({
      textParagraph: { text: "No link to the admin: SITE_ORIGIN is not set. Find the lead in the admin inbox." },
    });
  });

  it("escapes the card's HTML and keeps <users/all> and <url|text> out of the text", () => {
    const message = googleChatLeadMessage(hostile);
    expect(message.text).not.toMatch(/[<>]/);
    const widgets = JSON.stringify(message.cardsV2[0]!.card.sections);
    expect(widgets).not.toMatch(/<(?!\/?b>)/);
    expect(widgets).toContain("&lt;b&gt;x&lt;/b&gt; &amp; *bold*");
    expect(widgets).not.toContain("<b>");
  });
});

describe("the address", () => {
  it("is shown as its origin and last 4 characters, never whole", () => {
    const url = "https://hooks.slack.com/services/T0AAA/B0BBB/Zq9sSecretToken1x9Qz";
    expect(maskChatUrl(url)).toBe("https://hooks.slack.com/…x9Qz");
    expect(chatRecipient({ service: "slack", url })).toBe("Slack (https://hooks.slack.com/…x9Qz)");
    expect(
      chatRecipient({
        service: "google-chat",
        url: "https://chat.googleapis.com/v1/spaces/A/messages?key=k&token=abcd1234",
      }),
    ).toBe("Google Chat (https://chat.googleapis.com/…1234)");
  });
});

describe("a refusal in words the owner can act on", () => {
  it.each([
    [404, "no_service", "Slack answered 404 (no_service): the webhook address no longer exists"],
    [410, "", "Slack answered 410: the webhook address no longer exists"],
    [403, "action_prohibited", "Slack answered 403 (action_prohibited): it refused the message"],
    [429, "", "Slack answered 429: too many messages right now"],
    [503, "", "Slack answered 503: a problem on Slack's side"],
    [302, "", "Slack answered 302: a redirect, which is not followed"],
    [400, "invalid_payload", "Slack answered 400 (invalid_payload): it did not take the message"],
  ] as const)("%s", (status, answer, text) => {
    expect(chatFailureText("slack", new WebhookError("HTTP …", status, answer))).toMatch(
      new RegExp(`^${text.replace(/[()]/g, "\\$&")}`),
    );
  });

  it("says when the service never answered", () => {
    expect(chatFailureText("teams", new WebhookError("https://x.logic.azure.com timed out after 10 s", null))).toBe(
      "Microsoft Teams could not be reached: https://x.logic.azure.com timed out after 10 s.",
    );
  });
});

describe("sendChatMessage", () => {
  const channel = {
    service: "google-chat",
    url: "https://chat.googleapis.com/v1/spaces/A/messages?key=k&token=t",
  } as const;

  it("POSTs the message as JSON to the address and resolves on a 2xx", async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      calls.push({ url: String(input), init });
      return Promise.resolve(new Response("{}", { status: 200 }));
    };
    await sendChatMessage(channel, { text: "hi" }, { fetch });
    expect(calls).toEqual([
      {
        url: channel.url,
        init: expect.objectContaining({ method: "POST", redirect: "manual", body: '{"text":"hi"}' }) as unknown,
      },
    ]);
    expect((calls[0]!.init!.headers as Record<string, string>)["content-type"]).toBe("application/json");
  });

  it("rejects with the service's status and what to do, without the secret part of the address", async () => {
    const fetch: typeof globalThis.fetch = () =>
      Promise.resolve(new Response('{"error":{"code":404,"status":"NOT_FOUND"}}', { status: 404 }));
    const failure = await sendChatMessage(channel, { text: "hi" }, { fetch }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChatPostError);
    expect((failure as ChatPostError).status).toBe(404);
    expect((failure as Error).message).toMatch(
      /^Google Chat answered 404 \(.*NOT_FOUND.*\): the webhook address no longer exists/,
    );
    expect((failure as Error).message).not.toContain("token=t");
  });
});
