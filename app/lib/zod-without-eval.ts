import { config } from "zod";

// zod compiles object schemas with `new Function` when it may, and probes for that by trying it. Our
// pages' Content-Security-Policy forbids eval (docs/decisions/019), so the probe alone is reported as a
// violation. In the browser zod runs without that compilation: import this module before any module
// that builds a schema (a schema reads the setting when it is created).
config({ jitless: true });
