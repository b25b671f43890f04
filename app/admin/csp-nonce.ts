import { setNonce } from "get-nonce";

// The admin's Content-Security-Policy allows no inline style but the style elements that carry this
// answer's nonce (docs/decisions/033-csp-reports.md). The server puts it in
// `<meta property="csp-nonce" nonce="…">`; the browser hides the attribute and keeps the value in the
// element's `nonce` property. Radix Dialog's scroll lock (react-remove-scroll, through
// react-style-singleton) reads it from get-nonce.

const nonce =
  typeof document === "undefined"
    ? undefined
    : document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) setNonce(nonce);
