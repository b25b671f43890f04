import { describe, expect, it } from "vitest";
import { deliveryStates, type DeliveryHealth } from "../../../contract/deliveries.ts";
import {
  deliveryStateBadgeClasses,
  deliveryStateLabels,
  failedDeliveriesWarning,
  noChannelConfigured,
  retryBlockedReason,
  retryQueuedText,
  testEmailSentText,
} from "./delivery-format.ts";

const configured = (ownerEmail: boolean, webhook: boolean): Pick<DeliveryHealth, "configured"> => ({
  configured: { ownerEmail, autoReply: false, webhook },
});

describe("delivery states", () => {
  it("gives every state its own words, so a badge never relies on its colour", () => {
    const labels = deliveryStates.map((state) => deliveryStateLabels[state]);
    expect(labels).toEqual(["Waiting", "Sending", "Sent", "Failed", "Not configured"]);
    expect(new Set(labels).size).toBe(deliveryStates.length);
    for (const state of deliveryStates) expect(deliveryStateBadgeClasses[state]).toMatch(/text-\w+-900/);
  });

  it("offers send again for waiting, failed and sent deliveries, and says why not otherwise", () => {
    expect(retryBlockedReason({ state: "pending" })).toBeNull();
    expect(retryBlockedReason({ state: "failed" })).toBeNull();
    expect(retryBlockedReason({ state: "sent" })).toBeNull();
    expect(retryBlockedReason({ state: "sending" })).toBe("It is being sent right now.");
    expect(retryBlockedReason({ state: "not-configured" })).toBe("This channel is not set up on the server.");
  });

  it("names the channel that was queued again", () => {
    expect(retryQueuedText({ channel: "owner-email" })).toBe("E-mail to you will be sent again in a moment.");
    expect(retryQueuedText({ channel: "webhook" })).toBe("Webhook will be sent again in a moment.");
  });
});

describe("dashboard warnings", () => {
  it("warns when deliveries failed, counting them", () => {
    expect(failedDeliveriesWarning({ failed: 0 })).toBeNull();
    expect(failedDeliveriesWarning({ failed: 1 })).toBe("1 delivery failed — the owner is not hearing of some leads.");
    expect(failedDeliveriesWarning({ failed: 1200 })).toBe("1,200 deliveries failed — the owner is not hearing of some leads.");
  });

  it("tells that leads go nowhere only when neither the owner's e-mail nor a webhook is set up", () => {
    expect(noChannelConfigured(configured(false, false))).toBe(true);
    expect(noChannelConfigured(configured(true, false))).toBe(false);
    expect(noChannelConfigured(configured(false, true))).toBe(false);
    expect(noChannelConfigured({ configured: { ownerEmail: false, autoReply: true, webhook: false } })).toBe(true);
  });
});

it("shows the mail server's answer to the test e-mail with its recipients", () => {
  expect(testEmailSentText({ to: ["owner@example.com", "sales@example.com"], response: "250 2.0.0 Ok: queued as 4F2B" })).toBe(
    "Test e-mail sent to owner@example.com, sales@example.com. The mail server answered: 250 2.0.0 Ok: queued as 4F2B",
  );
});
