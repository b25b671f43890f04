import type { ChatTestFailure } from "../../contract/chat-channel.ts";
import { expectNoBlockingViolations, expectNoSidewaysScroll } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInThroughTheApi } from "./helpers.ts";

// Settings, Chat (issue 36, point 2): the owner picks Slack, pastes an address the form checks, sees it
// masked once saved, sends a test message and reads its result in words, and turns it off; by keyboard,
// and with no serious axe finding at 1280 and 390 px. The test message's answer is the page's route (this
// machine cannot reach Slack); the settings themselves go to the server.

const SLACK = "https://hooks.slack.com/services/T0E2EAAAA/B0E2EBBBB/e2eSecretTokenAbcd9Qz";

// The admin's server is shared by the specs after this one: a chat channel left on would reach the owner.
test.afterEach(async ({ page }) => {
  await page.request.put("/api/admin/settings/chat", { data: { kind: null } });
});

test("an owner sets Slack, sees the address masked, sends a test message and turns it off", async ({ page }) => {
  await signInThroughTheApi(page);
  await page.goto("/admin/settings");
  const chat = page.getByRole("region", { name: "Chat", exact: true });
  await expect(chat.getByTestId("chat-state")).toHaveText("Off: new leads are not posted to a chat.");
  await expect(chat.getByRole("button", { name: "Send a test message" })).toHaveCount(0);

  // Nothing chosen: the form says what is missing at each field, and focus goes to the first.
  await chat.getByRole("button", { name: "Save chat channel" }).click();
  const slack = chat.getByRole("radio", { name: "Slack" });
  await expect(slack).toBeFocused();
  await expect(slack).toHaveAccessibleDescription("Choose Slack, Microsoft Teams or Google Chat");

  // By keyboard: the radio group, then the field, whose hint says where Slack keeps the address.
  await page.keyboard.press("Space");
  await expect(slack).toBeChecked();
  const address = chat.getByLabel("Incoming webhook address");
  await expect(address).toHaveAccessibleDescription(/https:\/\/hooks\.slack\.com\/services\//);
  await address.fill("https://hooks.slack.com.evil.example/services/T/B/X");
  await address.press("Enter");
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toHaveAccessibleDescription(
    /A Slack address looks like https:\/\/hooks\.slack\.com\/services\//,
  );
  await expect(address).toBeFocused();

  await address.fill(SLACK);
  await address.press("Enter");
  await expect(chat.getByTestId("chat-state")).toHaveText(
    "New leads are posted to Slack at https://hooks.slack.com/…d9Qz.",
  );
  await expect(chat).not.toContainText("e2eSecretToken");
  await expect(chat.getByLabel("Incoming webhook address")).toHaveValue("");
  await expect(
    page
      .getByRole("region", { name: "Lead delivery" })
      .getByRole("term")
      .filter({ hasText: /^Chat message$/ }),
  ).toBeVisible();

  // The service refuses, then takes it: each answer in words, in the live region the button points to.
  const answers = [
    {
      status: 502,
      json: {
        status: 404,
        message:
          "Slack answered 404 (no_service): the webhook address no longer exists (the webhook, or its channel or space, was removed or archived). Make a new one in Slack and paste it in Settings.",
      } satisfies ChatTestFailure,
    },
    { status: 200, json: { sent: true } },
  ];
  await page.route("**/api/admin/settings/chat/test", (route) => route.fulfill(answers.shift()!));
  const send = chat.getByRole("button", { name: "Send a test message" });
  await send.click();
  await expect(send).toHaveAccessibleDescription(
    /^Slack answered 404 \(no_service\): the webhook address no longer exists/,
  );
  await send.click();
  await expect(send).toHaveAccessibleDescription("Test message sent: it should be in the channel now.");

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoBlockingViolations(page, { include: "#chat-channel" });
    await expectNoSidewaysScroll(page, width);
  }

  await chat.getByRole("button", { name: "Turn off" }).click();
  await expect(chat.getByTestId("chat-state")).toHaveText("Off: new leads are not posted to a chat.");
});
