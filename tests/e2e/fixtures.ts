import { test as base, expect } from "@playwright/test";

// Every browser test imports `test` and `expect` from here, so checks that hold on every page live in
// one place: no test passes while the page broke its Content-Security-Policy
// (docs/decisions/019-content-security-policy.md).

/** One breach of the policy, as the page's securitypolicyviolation event or the console reported it. */
export type CspViolation = { url: string; directive: string; blocked: string; sample: string };

declare global {
  interface Window {
    __reportCspViolation?: (violation: CspViolation) => Promise<void>;
    /** Reports sent to the test that it has not taken yet. */
    __cspReportsPending?: () => number;
  }
}

export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ context, javaScriptEnabled }, use) => {
      const violations: CspViolation[] = [];
      // The event is caught in every frame of every page of the test's context, from the first script on.
      await context.exposeBinding("__reportCspViolation", (_source, violation: CspViolation) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        let pending = 0;
        window.__cspReportsPending = () => pending;
        document.addEventListener(
          "securitypolicyviolation",
          (event) => {
            pending += 1;
            void Promise.resolve(
              window.__reportCspViolation?.({
                url: event.documentURI,
                directive: event.effectiveDirective,
                blocked: event.blockedURI,
                sample: event.sample,
              }),
            ).finally(() => {
              pending -= 1;
            });
          },
          true,
        );
      });
      // Chromium also logs each breach (also where no init script runs, e.g. a frame's error page), and
      // a Permissions-Policy header it cannot read.
      context.on("console", (message) => {
        if (/Content[ -]Security[ -]Policy|Error with Permissions-Policy header/i.test(message.text())) {
          violations.push({
            url: message.page()?.url() ?? "",
            directive: "(console)",
            blocked: "",
            sample: message.text(),
          });
        }
      });
      await use(violations);
      // A breach in the test's last step is reported in a task of its own: let each page run it, then wait
      // until the test has taken every report the page sent (on a loaded machine one was still on its way
      // and a test that had breached the policy passed). A page without JavaScript runs none, and would
      // never answer.
      if (javaScriptEnabled) {
        for (const page of context.pages())
          await page
            .evaluate(async () => {
              const tick = () => new Promise((resolve) => setTimeout(resolve, 50));
              await tick();
              for (let waited = 0; (window.__cspReportsPending?.() ?? 0) > 0 && waited < 10_000; waited += 50)
                await tick();
            })
            .catch(() => undefined);
      }
      expect(violations, "Content-Security-Policy violations during the test").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
