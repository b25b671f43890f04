import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { InboundStatus } from "../../../contract/inbound-status.ts";
import { inboundStatusQuery } from "../api/inbound-status.ts";
import { InboundStatusNotice, InboundStatusSection, RepliedBadge } from "./inbound-status.tsx";

// What the admin says about replies from leads (issue 33, point 4), rendered with the API's answer in hand.

function render(element: ReactElement, status: InboundStatus): string {
  const client = new QueryClient();
  client.setQueryData(inboundStatusQuery.queryKey, status);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
  // Text as read, without React's comment markers.
  return html.replace(/<!-- -->/g, "");
}

const off: InboundStatus = { collecting: false, replyAddress: null, lastPolledAt: null, lastError: null };
const on: InboundStatus = {
  collecting: true,
  replyAddress: "replies@summit.example",
  lastPolledAt: "2026-06-02T14:05:00.000Z",
  lastError: null,
};

describe("the Settings section", () => {
  it("says replies are not collected and how to turn it on", () => {
    const html = render(<InboundStatusSection />, off);
    expect(html).toContain('id="replies-from-leads"');
    expect(html).toContain("Replies from leads are not collected");
    expect(html).toMatch(/<code[^>]*>IMAP_URL<\/code>/);
    expect(html).toMatch(/<code[^>]*>REPLY_TO_ADDRESS<\/code>/);
    expect(html).toMatch(/<code[^>]*>docs\/replies\.md<\/code> explains under “Set up the mailbox”/);
  });

  it("when collecting: the address and the last check, no alert", () => {
    const html = render(<InboundStatusSection />, on);
    expect(html).toContain('Collected from <span class="font-medium text-slate-900">replies@summit.example</span>');
    expect(html).toContain("Last checked ");
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain("not collected");
  });

  it("when the last check failed: the reason as an alert", () => {
    const html = render(<InboundStatusSection />, {
      ...on,
      lastError: "Could not connect to the IMAP server: the connection was refused.",
    });
    expect(html).toMatch(
      /role="alert"[^>]*>The last check failed: Could not connect to the IMAP server: the connection was refused\. The server tries again by itself\./,
    );
  });
});

describe("the lead page's short form", () => {
  it("is one line with a link to Settings while not collecting", () => {
    const html = render(<InboundStatusNotice settingsLink />, off);
    expect(html).toContain("replies are not collected");
    expect(html).toContain('href="/admin/settings#replies-from-leads"');
  });

  it("says nothing while all is well", () => {
    expect(render(<InboundStatusNotice settingsLink />, on)).toBe("");
  });
});

describe("RepliedBadge", () => {
  it('shows "Replied" for a lead that wrote back, nothing otherwise', () => {
    expect(renderToString(<RepliedBadge repliedAt="2026-06-02T14:05:00.000Z" />)).toMatch(
      /<span data-testid="replied" title="Replied [^"]+"[^>]*>Replied<\/span>/,
    );
    expect(renderToString(<RepliedBadge repliedAt={null} />)).toBe("");
  });
});
