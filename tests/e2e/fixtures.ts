// Every browser test imports `test` and `expect` from here, so checks that hold on every page (such as
// "no Content-Security-Policy violation") live in one fixture.
export { expect, test } from "@playwright/test";
