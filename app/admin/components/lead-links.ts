/** A link to a lead's page with this hash opens its Reply panel with the page ("Reply" on the dashboard's Now, issue 33). */
export const REPLY_HASH = "#reply";
