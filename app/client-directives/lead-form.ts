import type { ClientDirective } from "astro";

// client:lead-form, the hydration of the lead forms (issue 18 §6, §7; docs/decisions/029). A form is a
// real HTML form that posts without any script (server/routes/forms/), so its island's JavaScript (React,
// zod, the form) loads only when the visitor starts using it: the first focus, pointer, key or input in
// it. Until then this small script, inlined in the page, does two things a plain post needs:
// - when the form scrolls into view it fetches a form token (the spam guard's clock) and makes an
//   Idempotency-Key, into the form's hidden fields, so even a plain post is judged as the island's is;
// - a Send pressed before the island has taken over is held, the island is woken and sends it (through
//   its own JSON path, with the spec's toasts) once mounted; if the island cannot load, or has not taken
//   it within HELD_SUBMIT_FALLBACK_MS, the form is posted as plain HTML instead. Never ignored.
// `client:lead-form="with-forms"` (the toaster) hydrates when the first form's island starts to.

/** How long a held Send waits for the island before the form is posted as plain HTML. */
const HELD_SUBMIT_FALLBACK_MS = 8000;
const WAKE_EVENTS = ["focusin", "pointerdown", "keydown", "input", "touchstart"] as const;
const FORMS_WAKING = "lead-form:waking";

function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Notes when the visitor first had the form (in view, or touched): the island's spam timer counts from
 * then, not from its own hydration, or a visitor who filled the form before the island loaded and pressed
 * Send just after would look like a bot (app/components/forms/form-parts.tsx).
 */
function markShown(island: HTMLElement) {
  const now = String(Date.now());
  for (const form of island.querySelectorAll("form")) form.dataset.shownAt ??= now;
}

/** Fills the hidden token and key fields that are still empty (the island renews them as it needs). */
function prepareForPlainPost(island: HTMLElement) {
  const forms = [...island.querySelectorAll("form")];
  for (const form of forms) {
    const key = form.elements.namedItem("idempotencyKey");
    if (key instanceof HTMLInputElement && key.value === "") key.value = randomKey();
  }
  fetch("/api/form-token", { credentials: "same-origin", cache: "no-store" })
    .then((response) => (response.ok ? (response.json() as Promise<{ token?: unknown }>) : null))
    .then((answer) => {
      if (typeof answer?.token !== "string") return;
      for (const form of forms) {
        const field = form.elements.namedItem("formToken");
        if (field instanceof HTMLInputElement && field.value === "") field.value = answer.token;
      }
    })
    // No token is a signal for the server, never an error here: the form still posts.
    .catch(() => undefined);
}

const leadFormDirective: ClientDirective = (load, options, island) => {
  let waking: Promise<void> | undefined;
  const wake = () =>
    (waking ??= (async () => {
      // The flag for a toaster whose directive runs after this (the event is gone by then).
      document.documentElement.dataset.leadFormsWaking = "";
      document.dispatchEvent(new Event(FORMS_WAKING));
      const hydrate = await load();
      await hydrate();
    })());

  if (options.value === "with-forms") {
    if ("leadFormsWaking" in document.documentElement.dataset) void wake().catch(() => undefined);
    else document.addEventListener(FORMS_WAKING, () => void wake().catch(() => undefined), { once: true });
    return;
  }

  // With scripts running, the island's checks (the spec's toasts, the message under each field) judge a
  // Send, even one pressed before it has loaded (held below); the browser's own checks stay for a visitor
  // without JavaScript, and the server's page for a held Send the island never takes.
  for (const form of island.querySelectorAll("form")) form.noValidate = true;

  const visible = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    visible.disconnect();
    markShown(island);
    prepareForPlainPost(island);
  });
  for (const child of island.children) visible.observe(child);

  const onFirstUse = () => {
    for (const type of WAKE_EVENTS) island.removeEventListener(type, onFirstUse, true);
    markShown(island);
    void wake().catch(() => undefined);
  };
  for (const type of WAKE_EVENTS) island.addEventListener(type, onFirstUse, { capture: true, passive: true });

  island.addEventListener(
    "submit",
    (event) => {
      // Astro removes `ssr` once the island has hydrated: from then on the island handles its own submits.
      if (!island.hasAttribute("ssr") || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      const form = event.target;
      // The island sends a held submit when it mounts and marks it "sent" (app/components/forms/form-parts.tsx).
      form.dataset.heldSubmit = "held";
      const postPlain = () => {
        if (form.dataset.heldSubmit !== "held") return;
        form.dataset.heldSubmit = "posted";
        HTMLFormElement.prototype.submit.call(form);
      };
      const fallback = setTimeout(postPlain, HELD_SUBMIT_FALLBACK_MS);
      wake().catch(() => {
        clearTimeout(fallback);
        postPlain();
      });
    },
    true,
  );
};

export default leadFormDirective;
