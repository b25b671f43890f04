// client:lead-form (astro.config.ts, app/client-directives/lead-form.ts); "with-forms" wakes with the first form.
import "astro";

declare module "astro" {
  interface AstroClientDirectives {
    "client:lead-form"?: boolean | "with-forms";
  }
}
