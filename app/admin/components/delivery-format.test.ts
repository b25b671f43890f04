import { describe, expect, it } from "vitest";
import { deliveryStates } from "../../../contract/deliveries.ts";
import {
  deliveryStateBadgeClasses,
  deliveryStateLabels,
  failedDeliveriesWarning,
  notDeliveredSummary,
  ownerReachNotice,
  retryBlockedReason,
  retryQueuedText,
  testEmailSentText,
} from "./delivery-format.ts";

describe("delivery states", () => {
  it("gives every state its own words, so a badge never relies on its colour", () => {
    const labels = deliveryStates.map((state) => deliveryStateLabels[state]);
    expect(labels).toEqual(["Waiting", "Sending", "Sent", "Failed", "Not configured", "Scheduled"]);
    expect(new Set(labels).size).toBe(deliveryStates.length);
    for (const state of deliveryStates) expect(deliveryStateBadgeClasses[state]).toMatch(/text-\w+-900/);
  });

  it("offers send again for waiting, failed and sent deliveries, and says why not otherwise", () => {
    const email = { channel: "owner-email" } as const;
    expect(retryBlockedReason({ ...email, state: "pending" })).toBeNull();
    expect(retryBlockedReason({ ...email, state: "failed" })).toBeNull();
    expect(retryBlockedReason({ ...email, state: "sent" })).toBeNull();
    expect(retryBlockedReason({ ...email, state: "sending" })).toBe("It is being sent right now.");
    expect(retryBlockedReason({ channel: "follow-up-push", state: "scheduled" })).toBe("It goes out at its time.");
  });

  it("offers a not-configured owner e-mail once the owner's e-mail works, and says what is missing until then", () => {
    const health = (ownerEmail: boolean, ownerEmailProblem: "no-mail" | "no-address" | null) => ({
      configured: { ownerEmail, autoReply: false, webhook: false, push: false, chat: false },
      ownerEmailProblem,
    });
    const unsent = { channel: "owner-email", state: "not-configured" } as const;
    expect(retryBlockedReason(unsent, health(true, null))).toBeNull();
    expect(retryBlockedReason(unsent, health(false, "no-address"))).toBe(
      "No address receives new leads yet: add one in Settings.",
    );
    expect(retryBlockedReason(unsent, health(false, "no-mail"))).toBe("E-mail is not set up on the server.");
    expect(retryBlockedReason(unsent)).toBe("E-mail is not set up on the server.");
    expect(retryBlockedReason({ channel: "webhook", state: "not-configured" }, health(true, null))).toBe(
      "This channel is not set up on the server.",
    );
  });

  it("names the channel that was queued again", () => {
    expect(retryQueuedText({ channel: "owner-email" })).toBe("E-mail to you will be sent again in a moment.");
    expect(retryQueuedText({ channel: "webhook" })).toBe("Webhook will be sent again in a moment.");
  });
});

describe("what was not delivered", () => {
  it("counts the deliveries never sent for want of a channel as not delivered, beside the failed ones", () => {
    expect(notDeliveredSummary({ notConfigured: 0, failed: 0, pending: 0 })).toBeNull();
    expect(notDeliveredSummary({ notConfigured: 1234, failed: 1, pending: 0 })).toBe(
      "Not delivered: 1,234 never sent (nothing was set up to send them), 1 failed.",
    );
    expect(notDeliveredSummary({ notConfigured: 3, failed: 0, pending: 2 })).toBe(
      "Not delivered: 3 never sent (nothing was set up to send them). 2 waiting to be sent.",
    );
    expect(notDeliveredSummary({ notConfigured: 0, failed: 0, pending: 2 })).toBe("2 waiting to be sent.");
  });
});

describe("dashboard warnings", () => {
  it("warns when deliveries failed, counting them", () => {
    expect(failedDeliveriesWarning({ failed: 0 })).toBeNull();
    expect(failedDeliveriesWarning({ failed: 1 })).toBe("1 delivery failed — the owner is not hearing of some leads.");
    expect(failedDeliveriesWarning({ failed: 1200 })).toBe(
      "1,200 deliveries failed — the owner is not hearing of some leads.",
    );
  });

  it("shows the banner only while no channel reaches the owner, with what to do on this server", () => {
    expect(ownerReachNotice({ reachesOwner: true, ownerEmailProblem: "no-address" })).toBeNull();
    expect(ownerReachNotice({ reachesOwner: true, ownerEmailProblem: null })).toBeNull();
    const noAddress = ownerReachNotice({ reachesOwner: false, ownerEmailProblem: "no-address" });
    expect(noAddress).toEqual({
      title: "New leads are not sent to you.",
      text: "You only see them here: no e-mail address receives them yet.",
      fix: "add-address",
    });
    const noMail = ownerReachNotice({ reachesOwner: false, ownerEmailProblem: "no-mail" });
    expect(noMail?.fix).toBe("developer");
    expect(noMail?.text).toContain("SMTP_URL and MAIL_FROM");
    expect(noMail?.text).toContain("WEBHOOK_URL");
    expect(noMail?.text).toContain("Configuration");
  });
});

it("shows the mail server's answer to the test e-mail with its recipients", () => {
  expect(
    testEmailSentText({ to: ["owner@example.com", "sales@example.com"], response: "250 2.0.0 Ok: queued as 4F2B" }),
  ).toBe(
    "Test e-mail sent to owner@example.com, sales@example.com. The mail server answered: 250 2.0.0 Ok: queued as 4F2B",
  );
});
