/** Every error answer of the API: a message a person can act on, and per-field reasons for bad input. */
export type ApiError = {
  message: string;
  errors?: Record<string, string>;
};
