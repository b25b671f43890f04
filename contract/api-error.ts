/** Every error answer of the API: a message a person can act on, and per-field reasons for bad input. */
export type ApiError = {
  message: string;
  errors?: Record<string, string>;
  /** On some 429s: when the next try is allowed (ISO time), for a page to show in the reader's own time. */
  retryAt?: string;
};
