import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { htmlErrorsOf, htmlFilesIn } from "./check-html.ts";

// How the valid-HTML check reads vnu's JSON report (messages as vnu 26.9 printed them for this site's
// pages) and finds the pages to check. Running vnu itself needs Java: `npm test` does that.

const clientDir = "/site/build-e2e/client";
const report = (messages: object[]) => JSON.stringify({ messages });
const cssMessage = {
  type: "error",
  url: `file:${clientDir}/index.html`,
  lastLine: 21,
  firstColumn: 77,
  message: "CSS: “margin-trim”: Property “margin-trim” doesn't exist.",
};
const strayScript = {
  type: "error",
  url: `file:${clientDir}/index.html`,
  lastLine: 23,
  firstColumn: 3680,
  message: "Stray start tag “script”.",
};
const badTime = {
  type: "error",
  url: `file:${clientDir}/privacy-policy/index.html`,
  lastLine: 22,
  firstColumn: 10362,
  message:
    "The text content of element “time” was not in the required format: The literal did not satisfy the time-datetime format.",
};

describe("htmlErrorsOf", () => {
  it("reports HTML errors with the page, line and column, and leaves CSS messages out", () => {
    expect(htmlErrorsOf(report([cssMessage, strayScript, badTime]), clientDir)).toEqual([
      { file: "index.html", line: 23, column: 3680, message: "Stray start tag “script”." },
      { file: join("privacy-policy", "index.html"), line: 22, column: 10362, message: badTime.message },
    ]);
  });

  it("counts a page vnu could not read and a fatal error, not info messages", () => {
    const unreadable = {
      type: "non-document-error",
      subType: "io",
      url: `file:${clientDir}/gone.html`,
      message: "File not found.",
    };
    const fatal = {
      ...strayScript,
      subType: "fatal",
      message: "Cannot recover after last error. Any further errors will be ignored.",
    };
    const info = {
      type: "info",
      url: `file:${clientDir}/index.html`,
      message: "Trailing slash on void elements has no effect.",
    };
    expect(
      htmlErrorsOf(report([unreadable, fatal, info]), clientDir).map((error) => [error.file, error.message]),
    ).toEqual([
      ["gone.html", "File not found."],
      ["index.html", fatal.message],
    ]);
  });

  it("finds nothing in a report of CSS messages only", () => {
    expect(
      htmlErrorsOf(
        report([cssMessage, { ...cssMessage, message: "CSS: Unrecognized at-rule “@property”" }]),
        clientDir,
      ),
    ).toEqual([]);
  });
});

describe("htmlFilesIn", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("lists every .html file under the folder, nested ones too, and nothing else", () => {
    dir = mkdtempSync(join(tmpdir(), "check-html-"));
    mkdirSync(join(dir, "admin"));
    mkdirSync(join(dir, "assets"));
    for (const file of [
      "index.html",
      "404.html",
      join("admin", "index.html"),
      join("assets", "site.css"),
      "index.html.br",
    ])
      writeFileSync(join(dir, file), "");
    expect(htmlFilesIn(dir)).toEqual(["404.html", join("admin", "index.html"), "index.html"]);
  });
});
