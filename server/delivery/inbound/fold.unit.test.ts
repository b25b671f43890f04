import { describe, expect, it } from "vitest";
import { foldReply } from "./fold.ts";

describe("foldReply", () => {
  it('keeps the new text and folds a Gmail-style "On … wrote:" quote', () => {
    const text =
      "Yes, Tuesday at 10 works.\n\nThanks,\nDana\n\nOn Mon, Jun 2, 2025 at 9:14 AM Summit Leads <replies+abc@summit.example> wrote:\n> Hi Dana,\n> When can we talk?\n";
    expect(foldReply(text)).toEqual({
      body: "Yes, Tuesday at 10 works.\n\nThanks,\nDana",
      quoted:
        "On Mon, Jun 2, 2025 at 9:14 AM Summit Leads <replies+abc@summit.example> wrote:\n> Hi Dana,\n> When can we talk?",
    });
  });

  it('folds an "On … wrote:" line that the mail program wrapped onto two lines', () => {
    const text =
      "Call me after 3.\n\nOn Mon, Jun 2, 2025 at 9:14 AM Summit Leads\n<replies+abc@summit.example> wrote:\n> Hi Dana,\n";
    expect(foldReply(text).body).toBe("Call me after 3.");
    expect(foldReply(text).quoted).toContain("> Hi Dana,");
  });

  it('folds a "-- " signature', () => {
    expect(foldReply("Sounds good.\n\n-- \nDana Whitfield\nWhitfield Plumbing\n(512) 555-0147\n")).toEqual({
      body: "Sounds good.",
      quoted: "-- \nDana Whitfield\nWhitfield Plumbing\n(512) 555-0147",
    });
  });

  it("folds Outlook's From: … Sent: block and everything under it", () => {
    const text =
      "Call me tomorrow.\r\n\r\nFrom: Summit Leads <replies@summit.example>\r\nSent: Monday, June 2, 2025 9:14 AM\r\nTo: Dana <dana@example.com>\r\nSubject: Your request\r\n\r\nHi Dana,\r\nWhen can we talk?\r\n";
    expect(foldReply(text)).toEqual({
      body: "Call me tomorrow.",
      quoted:
        "From: Summit Leads <replies@summit.example>\nSent: Monday, June 2, 2025 9:14 AM\nTo: Dana <dana@example.com>\nSubject: Your request\n\nHi Dana,\nWhen can we talk?",
    });
  });

  it("folds Outlook's underscore line before the header block", () => {
    const text =
      "Friday is fine.\n\n________________________________\nFrom: Summit Leads <replies@summit.example>\nSent: Monday, June 2, 2025 9:14 AM\n\nHi Dana,\n";
    expect(foldReply(text).body).toBe("Friday is fine.");
    expect(foldReply(text).quoted).toMatch(/^_{32}\nFrom: Summit Leads/);
  });

  it("folds bare > lines under the answer", () => {
    expect(foldReply("Yes please.\n\n> Would you like a call?\n> Summit\n")).toEqual({
      body: "Yes please.",
      quoted: "> Would you like a call?\n> Summit",
    });
  });

  it("keeps a message with nothing quoted whole, and says there is no quote", () => {
    expect(foldReply("Just the answer, nothing else.\nSecond line.")).toEqual({
      body: "Just the answer, nothing else.\nSecond line.",
      quoted: null,
    });
  });

  it("shows everything when nothing but a quote is there (rather than an empty message)", () => {
    const text = "On Mon, Jun 2, 2025 at 9:14 AM Summit <a@summit.example> wrote:\n> hi";
    expect(foldReply(text)).toEqual({ body: text, quoted: null });
  });

  it("answers an empty body for an empty message", () => {
    expect(foldReply("  \n ")).toEqual({ body: "", quoted: null });
  });
});
