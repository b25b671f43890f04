// The strict name rule (issue 19 point 1): whether a name as typed may be shown back to the address the
// lead gave, in the auto-reply's greeting and its To display name. Anyone can type any address into a
// form, so what we send there must not carry a stranger's words: a name passes only when it looks like a
// name (letters of any script with their combining marks, and the space, apostrophe, hyphen and period
// names use), is short, and holds nothing that reads as a link, an address or an encoded word. A name
// that fails is not refused (the lead is kept and the owner sees it as typed); it is just not echoed.
// Import-free, so the forms can use it too.

/** The longest name echoed. */
export const NAME_RULE_MAX_LENGTH = 40;
/** At most this many words ("Mary Ann", "José María de"): a sentence is not a name. */
export const NAME_RULE_MAX_WORDS = 4;

// A letter (with up to 3 combining marks), then letters, marks and the name punctuation. Digits, "@",
// "=", "?", ":", "/", "<", quotes other than the apostrophe, and every invisible or control character fail.
const NAME = /^\p{L}\p{M}{0,3}(?:[\p{L}' \u2019.-]\p{M}{0,3})*$/u;
/** "evil.example", "www.x": two letters, a period and a letter read as a host name; initials ("J.R.") and "St. John" do not. */
const DOMAIN_LIKE = /\p{L}{2}\.\p{L}/u;

/** True when `name` may be echoed to the lead's address (see above). */
export function isEchoableName(name: string): boolean {
  if (name.length === 0 || name.length > NAME_RULE_MAX_LENGTH) return false;
  if (!NAME.test(name) || DOMAIN_LIKE.test(name) || /\s{2}|[' \u2019.-]{3}/u.test(name)) return false;
  return name.split(" ").length <= NAME_RULE_MAX_WORDS;
}
