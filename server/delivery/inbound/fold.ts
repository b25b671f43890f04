import EmailReplyParser from "email-reply-parser";

// A reply's new text apart from what it carries along: the quoted history ("On … wrote:" and the ">" lines
// under it, Outlook's "From: … Sent:" block, other languages' forms) and the signature ("-- ", "Sent from my
// phone"). email-reply-parser (crisp-oss, a port of GitHub's EmailReplyParser) finds the fragments; the
// timeline shows `body` and folds `quoted` away.

export type FoldedReply = { body: string; quoted: string | null };

/** Line endings as one, trailing spaces kept ("-- " is a signature's mark only with its space). */
const normalise = (text: string) => text.replace(/\r\n?/g, "\n");

export function foldReply(text: string): FoldedReply {
  const whole = normalise(text).trim();
  if (whole === "") return { body: "", quoted: null };
  const fragments = new EmailReplyParser().read(normalise(text)).getFragments();
  const body = fragments
    .filter((f) => !f.isHidden())
    .map((f) => f.getContent())
    .join("\n")
    .trim();
  const quoted = fragments
    .filter((f) => f.isHidden())
    .map((f) => f.getContent())
    .join("\n")
    .trim();
  // Everything quoted (a forward with no word of its own, or a quote the parser could not tell apart from
  // the text): show it all rather than an empty message.
  if (body === "") return { body: whole, quoted: null };
  return { body, quoted: quoted === "" ? null : quoted };
}
