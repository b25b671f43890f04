import { describe, expect, it } from "vitest";
import { base64urlBytes, browserErrorText, pushStatusMessage, pushSupportOf, type PushStatus } from "./push-device.ts";

describe("pushSupportOf", () => {
  const everything = {
    hasNotification: true,
    hasServiceWorker: true,
    hasPushManager: true,
    ios: false,
    standalone: false,
  };

  it("needs notifications, a service worker and the Push API together", () => {
    expect(pushSupportOf(everything)).toBe("supported");
    expect(pushSupportOf({ ...everything, hasPushManager: false })).toBe("unsupported");
    expect(pushSupportOf({ ...everything, hasServiceWorker: false })).toBe("unsupported");
    expect(pushSupportOf({ ...everything, hasNotification: false })).toBe("unsupported");
  });

  it("tells an iPhone or iPad in Safari to add the admin to the Home Screen first", () => {
    const safari = { ...everything, hasPushManager: false, hasNotification: false, ios: true };
    expect(pushSupportOf(safari)).toBe("ios-home-screen");
    // Opened from the Home Screen and still without push: too old an iOS.
    expect(pushSupportOf({ ...safari, standalone: true })).toBe("unsupported");
    expect(pushSupportOf({ ...everything, ios: true, standalone: true })).toBe("supported");
  });
});

describe("pushStatusMessage", () => {
  it("says each state in words, the problems as problems", () => {
    const said = (status: PushStatus) => pushStatusMessage(status);
    expect(said({ kind: "unsupported" })).toEqual({
      text: "This browser cannot show notifications from the admin.",
      problem: true,
    });
    expect(said({ kind: "ios-home-screen" }).text).toMatch(
      /^This browser cannot show notifications from the admin\. On an iPhone or iPad, add the admin to the Home Screen first/,
    );
    expect(said({ kind: "denied" })).toEqual({
      text: "Notifications are blocked for this site in the browser's settings.",
      problem: true,
    });
    expect(said({ kind: "dismissed" }).problem).toBe(true);
    expect(said({ kind: "failed", message: "There is no such device." })).toEqual({
      text: "There is no such device.",
      problem: true,
    });
    for (const kind of ["on", "off", "turning-on", "turning-off"] as const) {
      const message = said({ kind });
      expect(message.problem, kind).toBe(false);
      expect(message.text, kind).not.toBe("");
    }
  });
});

describe("base64urlBytes", () => {
  it("reads the VAPID key's base64url, without padding", () => {
    const key = new Uint8Array(65).map((_, index) => (index * 37 + 4) % 256);
    const text = Buffer.from(key).toString("base64url");
    expect(text).not.toMatch(/[+/=]/);
    expect(base64urlBytes(text)).toEqual(key);
    expect(base64urlBytes("-_8")).toEqual(new Uint8Array([0xfb, 0xff]));
  });
});

describe("browserErrorText", () => {
  it("names the browser's error and its message", () => {
    const abort = new DOMException("Registration failed - push service not available", "AbortError");
    expect(browserErrorText(abort)).toBe("AbortError: Registration failed - push service not available");
    expect(browserErrorText(new TypeError(""))).toBe("TypeError");
    expect(browserErrorText("odd")).toBe("odd");
  });
});
