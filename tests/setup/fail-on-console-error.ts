import { afterEach, vi } from "vitest";

// A test that makes the code under test log console.error fails: such a log is a bug we would
// otherwise only see as noise.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const logged = errors;
  errors = [];
  if (logged.length > 0) {
    vi.restoreAllMocks();
    throw new Error(
      `console.error was called ${logged.length} time(s): ${logged.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
