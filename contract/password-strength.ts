import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

// How guessable a new password is (issue 32, finding 9), by zxcvbn-ts: the maintained port of Dropbox's
// zxcvbn, which knows about 40,000 common passwords and the patterns crackers try first (keyboard rows,
// sequences, repeats, dates, l33t). Its dictionaries weigh about 460 KB, so contract/admin.ts imports this
// module only when a new password is checked: the admin's bundle loads it on the first check, not with the page.

/** zxcvbn's score 3: at least 10^8 guesses. Every passphrase of a few words and any random 12 characters pass. */
export const MIN_PASSWORD_SCORE = 3;

/** Warnings that mean the password is (close to) one on the common lists rather than merely a pattern. */
const COMMON_WARNINGS = new Set(["topTen", "topHundred", "common", "similarToCommon"]);

let zxcvbn: ZxcvbnFactory | undefined;

/** "common": on (or next to) a list of common passwords; "guessable": weak for another reason; null: strong enough. */
export function passwordWeakness(password: string): "common" | "guessable" | null {
  // Built on first use: the dictionaries are ranked when the factory is made.
  zxcvbn ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const result = zxcvbn.check(password);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  return result.feedback.warning !== null && COMMON_WARNINGS.has(result.feedback.warning) ? "common" : "guessable";
}
