// How a refused field is worded, wherever a person reads it: under a public or admin form's field and in
// the API's error answer (errors[field]). One voice (issue 14 §4): a full sentence, ending with a
// period, that says what to do: "Enter a valid email address." Fields are named as they read inside a
// sentence ("first name", "email address"). The spec's own toasts ("Please fill in all required
// fields.") are quoted strings and keep their wording; they live with the forms.

export const fieldMessages = {
  /** The field is empty (or not text at all). */
  required: (field: string) => `Enter your ${field}.`,
  /** Longer than the contract stores. */
  tooLong: (field: string, max: number) => `Shorten your ${field} to ${max} characters or fewer.`,
  /** A new password below the minimum length. */
  tooShort: (field: string, min: number) => `Choose a ${field} of at least ${min} characters.`,
  /** Control characters or lone surrogates (docs/decisions/014-clean-text.md): nothing a person can see. */
  notAllowed: (field: string) => `Remove the unsupported characters from your ${field}.`,
  invalidEmail: "Enter a valid email address.",
  /** Fewer than 7 digits, or fewer than 7 characters (which is fewer than 7 digits too). */
  phoneTooShort: "Enter a phone number with at least 7 digits.",
  /** More than 20 digits: no dialling plan has that many (E.164 allows 15, plus an extension). */
  phoneTooLong: "Enter a phone number with at most 20 digits.",
  /** Anything but digits, spaces, + - ( ) . and an extension ("ext. 12", "x12", "#12"). */
  phoneCharacters: "Enter a phone number using only digits, spaces and + - ( ) .",
  /** SPEC §5: "The meeting date cannot be earlier than today." (today in the lead's own time zone). */
  meetingDatePast: "Choose a meeting date of today or later.",
  /** More than a year ahead (contract/contact-submission.ts MEETING_HORIZON_YEARS). */
  meetingDateTooFar: "Choose a meeting date within the next year.",
  /** A meeting time only means something on a date. */
} as const;
