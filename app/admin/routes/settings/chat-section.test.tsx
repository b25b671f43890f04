import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AdminStatus } from "../../../../contract/admin.ts";
import type { ChatSettings } from "../../../../contract/chat-channel.ts";
import { chatSettingsQuery } from "../../api/chat-settings.ts";
import { sessionQuery } from "../../session.ts";
import { ChatSection } from "./chat-section.tsx";

// The Settings section of the chat channel (issue 36, point 2): owners pick the service and paste the
// address, send a test message and turn it off; members read where leads are posted. Rendered with the
// API's answers in hand.

const slack: ChatSettings = {
  kind: "slack",
  url: "https://hooks.slack.com/…x9Qz",
  configured: true,
  updatedAt: "2026-11-24T15:04:05.000Z",
};
const off: ChatSettings = { kind: null, url: null, configured: false, updatedAt: null };

function render(role: "owner" | "member", settings: ChatSettings): string {
  const client = new QueryClient();
  client.setQueryData(chatSettingsQuery.queryKey, settings);
  client.setQueryData<AdminStatus>(sessionQuery.queryKey, {
    authenticated: true,
    username: "sam@example.com",
    user: { id: "u-1", role, name: "Sam" },
  });
  return renderToString(
    <QueryClientProvider client={client}>
      <ChatSection />
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, "");
}

describe("the chat section", () => {
  it("offers an owner the three services as labelled radios, the address field with its hint, test and turn off", () => {
    const html = render("owner", slack);
    expect(html).toContain("New leads are posted to Slack at https://hooks.slack.com/…x9Qz.");
    for (const label of ["Slack", "Microsoft Teams", "Google Chat"])
      expect(html).toMatch(new RegExp(`<input type="radio"[^>]*>${label}</label>`));
    // The hint under the field is the stored service's (react-hook-form checks its radio once mounted).
    expect(html).toContain("https://hooks.slack.com/services/…");
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Incoming webhook address<\/label><input[^>]*id="\1"/);
    expect(html).toMatch(/aria-describedby="[^"]*-hint"/);
    for (const button of ["Save chat channel", "Send a test message", "Turn off"]) expect(html).toContain(button);
  });

  it("asks for the service first while it is off, without the test and turn-off buttons", () => {
    const html = render("owner", off);
    expect(html).toContain("Off: new leads are not posted to a chat.");
    expect(html).not.toMatch(/checked=""/);
    expect(html).toContain("Choose the service first");
    expect(html).not.toContain("Send a test message");
    expect(html).not.toContain("Turn off");
  });

  it("shows a member where leads are posted, and nothing to change", () => {
    const html = render("member", slack);
    expect(html).toContain("New leads are posted to Slack at https://hooks.slack.com/…x9Qz.");
    expect(html).toContain("Only an owner can change the chat channel.");
    expect(html).not.toContain("<form");
    expect(html).not.toContain("Send a test message");
  });
});
