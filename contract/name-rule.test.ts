import { describe, expect, it } from "vitest";
import { NAME_RULE_MAX_LENGTH, isEchoableName } from "./name-rule.ts";

describe("the strict name rule", () => {
  it.each([
    "Ada",
    "José",
    "O'Brien-Núñez",
    "O\u2019Neil",
    "Mary Ann",
    "J.R.",
    "St. John",
    "Zoë",
    "Łukasz",
    "مريم",
    "דוד",
    "Đặng Thị",
    "ณัฐ", // Thai: vowel and tone marks are combining marks
    "李小龍",
    "Ιωάννης",
    "e\u0301mile", // a letter with a combining acute accent
    "A".repeat(NAME_RULE_MAX_LENGTH),
  ])("passes %j", (name) => {
    expect(isEchoableName(name)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["too long", "A".repeat(NAME_RULE_MAX_LENGTH + 1)],
    ["too many words", "Buy our cheap pills today"],
    ["digits", "Agent 007"],
    ["an address", "eve@evil.example"],
    ["a domain", "Visit evil.example"],
    ["a www host", "www.x"],
    ["a link", "http://evil"],
    ["an encoded word", "=?UTF-8?B?RXZl?="],
    ["angle brackets", "Eve <x>"],
    ["a comma", "Eve, Bob"],
    ["a quote", 'Eve "boss"'],
    ["a line break", "Eve\nBcc"],
    ["a right-to-left override", "\u202Eevil"],
    ["a zero-width space", "E\u200Bve"],
    ["leading punctuation", "-Eve"],
    ["a run of punctuation", "Eve---Bob"],
    ["two spaces", "Eve  Bob"],
    ["a pile of combining marks", "Z\u0301\u0302\u0303\u0304algo"],
    ["an emoji", "Eve 😀"],
    ["a dollar amount", "WIN $500"],
  ])("fails %s", (_why, name) => {
    expect(isEchoableName(name)).toBe(false);
  });
});
