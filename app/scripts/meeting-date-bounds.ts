import { meetingDateBounds } from "../lib/contact-form-values.ts";

// The full contact form's meeting date input gets its bounds (the visitor's today to a year ahead, as the
// contract checks) as soon as the page is parsed, before the form's island loads: the prerendered HTML
// cannot know the visitor's today, and a date picker opened before hydration must not offer past days.
// The island sets the same values once it runs (contact-form.tsx).
const { min, max } = meetingDateBounds();
for (const input of document.querySelectorAll<HTMLInputElement>("input[type=date][data-meeting-date]")) {
  input.min = min;
  input.max = max;
}
