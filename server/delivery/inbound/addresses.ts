import type { AddressObject, ParsedMail } from "mailparser";

// Which lead a received message is for. First the address it was sent to: we send each lead's mail with
// Reply-To replies+<token>@domain (server/delivery/lead-replies.ts replyToAddress), so a reply comes to that
// address whatever the lead's mail program does with the headers. Then the thread: In-Reply-To and
// References naming a message we sent or stored.

/**
 * The lead's token in `address` when it is REPLY_TO_ADDRESS with a +tag: "replies+Ab_9@summit.example" for
 * "replies@summit.example" answers "Ab_9". The local part and the domain compare without case (mail systems
 * change it); the token is kept as written (it is base64url).
 */
export function replyTokenOf(address: string, replyAddress: string): string | null {
  const at = replyAddress.lastIndexOf("@");
  if (at <= 0) return null;
  const local = replyAddress.slice(0, at).toLowerCase();
  const domain = replyAddress.slice(at + 1).toLowerCase();
  const trimmed = address.trim().replace(/^<|>$/g, "");
  const addressAt = trimmed.lastIndexOf("@");
  if (addressAt <= 0 || trimmed.slice(addressAt + 1).toLowerCase() !== domain) return null;
  const addressLocal = trimmed.slice(0, addressAt);
  const prefix = `${local}+`;
  if (!addressLocal.toLowerCase().startsWith(prefix)) return null;
  const token = addressLocal.slice(prefix.length);
  return /^[A-Za-z0-9_-]{1,64}$/.test(token) ? token : null;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const out: string[] = [];
  const walk = (entries: AddressObject["value"]) => {
    for (const entry of entries) {
      if (entry.address) out.push(entry.address);
      if (entry.group) walk(entry.group);
    }
  };
  for (const object of objects) walk(object.value);
  return out;
}

/** Raw header values (Delivered-To, X-Original-To may each appear more than once). */
function headerValues(parsed: ParsedMail, name: string): string[] {
  return parsed.headerLines
    .filter((line) => line.key === name)
    .map((line) => line.line.slice(line.line.indexOf(":") + 1).trim());
}

/** Every address the message was sent to: To, Cc, Delivered-To, X-Original-To. */
export function recipientsOf(parsed: ParsedMail): string[] {
  const envelope = [...headerValues(parsed, "delivered-to"), ...headerValues(parsed, "x-original-to")].flatMap(
    (value) => value.split(","),
  );
  return [...addressesOf(parsed.to), ...addressesOf(parsed.cc), ...envelope]
    .map((address) => address.trim())
    .filter(Boolean);
}

/** The first lead token among the recipients, or null. */
export function tokenOfRecipients(recipients: string[], replyAddress: string): string | null {
  for (const address of recipients) {
    const token = replyTokenOf(address, replyAddress);
    if (token) return token;
  }
  return null;
}

/** The Message-IDs a message answers (In-Reply-To first, then References from the newest), angle brackets kept. */
export function threadIdsOf(parsed: ParsedMail): string[] {
  const references =
    parsed.references === undefined ? [] : Array.isArray(parsed.references) ? parsed.references : [parsed.references];
  const ids = [...(parsed.inReplyTo ?? "").split(/\s+/), ...references.flatMap((r) => r.split(/\s+/)).reverse()]
    .map((id) => id.trim())
    .filter((id) => /^<[^<>\s]+>$/.test(id));
  return [...new Set(ids)];
}
