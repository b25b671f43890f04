import { describe, expect, it } from "vitest";
import { blockedSource, MAX_PAGE_PATH_LENGTH, parseCspReports } from "./csp-reports.ts";
import { InputValidationError } from "./request-errors.ts";

// Reading browsers' CSP reports down to what is counted: page path, directive, blocked source.

const firefox = {
  "csp-report": {
    "blocked-uri": "inline",
    "column-number": 1,
    disposition: "enforce",
    "document-uri": "https://agency.example/contact?email=dana%40example.com",
    "effective-directive": "style-src-elem",
    "original-policy": "default-src 'none'; style-src-elem 'self'; report-uri https://agency.example/api/csp-reports",
    referrer: "",
    "script-sample": "",
    "source-file": "https://agency.example/contact",
    "status-code": 200,
    "violated-directive": "style-src-elem",
  },
};

const chromium = [
  {
    age: 5,
    body: {
      blockedURL: "https://cdn.evil.example/lib.js?v=3",
      columnNumber: 3,
      disposition: "enforce",
      documentURL: "https://agency.example/admin/leads/contacts/1?status=new",
      effectiveDirective: "script-src-elem",
      lineNumber: 1,
      originalPolicy: "default-src 'none'",
      referrer: "",
      sample: "",
      sourceFile: "https://agency.example/assets/a.js",
      statusCode: 200,
    },
    type: "csp-violation",
    url: "https://agency.example/admin/leads/contacts/1?status=new",
    user_agent: "Mozilla/5.0",
  },
  {
    age: 5,
    body: { id: "x", message: "deprecated" },
    type: "deprecation",
    url: "https://agency.example/",
    user_agent: "Mozilla/5.0",
  },
];

function reason(body: unknown): Record<string, string> {
  try {
    parseCspReports(body);
  } catch (error) {
    expect(error).toBeInstanceOf(InputValidationError);
    return (error as InputValidationError).errors;
  }
  throw new Error("the body was accepted");
}

describe("parseCspReports", () => {
  it("reads a report-uri report: the path without its query, the directive, the blocked keyword", () => {
    expect(parseCspReports(firefox)).toEqual([
      { pagePath: "/contact", directive: "style-src-elem", blocked: "inline" },
    ]);
  });

  it("reads the csp-violation reports of a Reporting API batch and skips the other types", () => {
    expect(parseCspReports(chromium)).toEqual([
      { pagePath: "/admin/leads/contacts/1", directive: "script-src-elem", blocked: "https://cdn.evil.example" },
    ]);
  });

  it("falls back on violated-directive, keeping only the directive's name", () => {
    const report = {
      "csp-report": {
        "document-uri": "https://agency.example/",
        "violated-directive": "Script-Src 'self' https://x.example",
        "blocked-uri": "eval",
      },
    };
    expect(parseCspReports(report)).toEqual([{ pagePath: "/", directive: "script-src", blocked: "eval" }]);
  });

  it("bounds the page path's length", () => {
    const long = `https://agency.example/${"a".repeat(1000)}`;
    const [key] = parseCspReports({
      "csp-report": { "document-uri": long, "effective-directive": "img-src", "blocked-uri": "data" },
    });
    expect(key?.pagePath).toHaveLength(MAX_PAGE_PATH_LENGTH);
  });

  it("refuses what is no report, naming the field", () => {
    expect(reason({})).toEqual({ "csp-report": "Invalid input: expected object, received undefined" });
    expect(Object.keys(reason({ "csp-report": { "document-uri": "https://agency.example/" } }))).toEqual([
      "csp-report",
    ]);
    expect(reason({ "csp-report": { "document-uri": "/relative", "effective-directive": "img-src" } })).toEqual({
      "csp-report": "the document's URL is not a URL",
    });
    expect(
      Object.keys(
        reason({ "csp-report": { "document-uri": "https://a.example/", "effective-directive": "img_src!" } }),
      ),
    ).toEqual(["csp-report.effective-directive"]);
    expect(Object.keys(reason([{ type: "csp-violation", body: { documentURL: "https://a.example/" } }]))).toEqual([
      "0.body.effectiveDirective",
    ]);
    expect(Object.keys(reason([]))).toEqual(["body"]);
    expect(Object.keys(reason("text"))).toEqual(["body"]);
  });
});

describe("blockedSource", () => {
  it("keeps a web URL's origin only, another URL's scheme, or the browser's keyword", () => {
    expect(blockedSource("https://fonts.example:8443/a.woff2?x=1")).toBe("https://fonts.example:8443");
    expect(blockedSource("wss://live.example/socket")).toBe("wss://live.example");
    expect(blockedSource("data:image/png;base64,AAAA")).toBe("data");
    expect(blockedSource("blob:https://agency.example/0b6c")).toBe("blob");
    expect(blockedSource("chrome-extension://abcdef/inject.js")).toBe("chrome-extension");
    for (const keyword of ["inline", "eval", "wasm-eval", "trusted-types-sink"])
      expect(blockedSource(keyword)).toBe(keyword);
    // CSP 2 browsers sent nothing for inline code.
    expect(blockedSource("")).toBe("inline");
    expect(blockedSource(undefined)).toBe("inline");
  });

  it("refuses what is neither", () => {
    for (const value of ["::not a url::", "<script>", "x".repeat(41)]) expect(blockedSource(value), value).toBeNull();
  });
});
