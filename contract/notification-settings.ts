import { z } from "zod";
import { emailField } from "./fields.ts";

// How new leads reach the owner, as the owner sets it in the admin (issue 20). The server's environment
// holds the SMTP credentials (SMTP_URL, MAIL_FROM) and the defaults (NOTIFY_EMAIL, AUTO_REPLY); what the
// owner sets here is stored in the database (every instance reads it) and wins over the defaults.
//
//   GET  /api/admin/settings/notifications                 -> NotificationSettings (with the links' origin)
//   PUT  /api/admin/settings/notifications                 NotificationSettingsUpdate -> NotificationSettings
//   POST /api/admin/settings/notifications/resend          { address } -> NotificationSettings (a new link)
//   POST /api/admin/settings/notifications/test            -> TestEmailResult (to the addresses in use)
//   GET  /api/admin/deliveries/health                      -> DeliveryHealth (reachesOwner)
//   GET  /notifications/confirm?token=…                    a page with a Confirm button (no sign-in needed:
//   POST /notifications/confirm  (form: token)             the address's owner may not be the admin)
//
// Without mail on the server, PUT answers 409 for what needs it (a new address, autoReply true, the morning
// e-mail on); removing and switching off always work. A link the mail server refuses answers 502 (the
// address is kept, waiting: resend it). Resend: 404 for an address not in the list, 409 for a confirmed one.
//
// An address the owner adds gets an e-mail with a confirmation link (single-use, valid
// CONFIRMATION_LINK_HOURS); new leads go to it only once it is confirmed. While the owner has confirmed
// addresses, they replace NOTIFY_EMAIL; with none, NOTIFY_EMAIL (if set) is used.

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_HOURS = 48;
/** The most addresses that receive new leads. */
export const NOTIFY_ADDRESSES_MAX = 5;

export type NotifyAddressState = "confirmed" | "waiting" | "expired";
export type NotifyAddress = {
  address: string;
  /** confirmed: receives new leads; waiting: the link was sent and still works; expired: send a new link. */
  state: NotifyAddressState;
  addedAt: string;
  confirmedAt: string | null;
};

export type NotificationSettings = {
  /** The server can send e-mail (SMTP_URL or MAIL_TRANSPORT=files, and MAIL_FROM). Without it, no address can be confirmed. */
  mailConfigured: boolean;
  /** The addresses the owner set in the admin. */
  addresses: NotifyAddress[];
  /** NOTIFY_EMAIL: the default while no address set here is confirmed. */
  environmentAddresses: string[];
  /** Where the next lead's e-mail goes (confirmed addresses, else NOTIFY_EMAIL); empty: nobody is e-mailed. */
  addressesInUse: string[];
  /** The auto-reply to the lead; `setHere` false means it follows AUTO_REPLY. Needs mail. */
  autoReply: { enabled: boolean; setHere: boolean };
  /** The morning e-mail of the day's follow-ups and overdue leads (off by default); hour 0-23 in ownerTimeZone. */
  morningEmail: { enabled: boolean; hour: number };
  ownerTimeZone: string;
  /** Where the links in e-mails point (these confirmation links, invitations, password resets). */
  links: LinkOrigin;
};

/**
 * SITE_ORIGIN, or while it is unset (`siteOriginSet` false) http://localhost:PORT: links are never built
 * from the request's Host, so without SITE_ORIGIN they only work on the server's own machine.
 */
export type LinkOrigin = { origin: string; siteOriginSet: boolean };

const address = emailField.transform((value) => value.toLowerCase());

/** Any subset; `addresses` is the whole new list (new ones are sent a link, missing ones are removed). */
export const notificationSettingsUpdate = z
  .object({
    addresses: z
      .array(address, { error: "addresses must be a list of e-mail addresses" })
      .max(NOTIFY_ADDRESSES_MAX, { error: `at most ${NOTIFY_ADDRESSES_MAX} addresses` })
      .transform((list) => [...new Set(list)])
      .optional(),
    autoReply: z.boolean({ error: "autoReply must be true or false" }).optional(),
    morningEmail: z
      .object({
        enabled: z.boolean({ error: "morningEmail.enabled must be true or false" }),
        hour: z
          .number({ error: "morningEmail.hour must be a number" })
          .int({ error: "morningEmail.hour must be a whole hour" })
          .min(0, { error: "morningEmail.hour must be 0 to 23" })
          .max(23, { error: "morningEmail.hour must be 0 to 23" }),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((u) => u.addresses !== undefined || u.autoReply !== undefined || u.morningEmail !== undefined, {
    error: "send addresses, autoReply or morningEmail",
    path: ["addresses"],
  });
export type NotificationSettingsUpdate = z.input<typeof notificationSettingsUpdate>;

export const resendConfirmation = z.object({ address }).strict();

/** The token of a confirmation link, checked before it reaches a query. */
export const confirmationToken = z
  .string({ error: "This confirmation link is not valid." })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "This confirmation link is not valid." });
