import { describe, expect, it } from "vitest";
import { hasH1, previewHtml } from "./markdown-preview.ts";

describe("previewHtml", () => {
  it("renders headings, lists and emphasis", () => {
    const html = previewHtml("## Why\n\nSome **bold** text.\n\n- one\n- two");
    expect(html).toContain("<h2>Why</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<li>one</li>");
  });

  it("shows raw HTML as text, never as markup", () => {
    const html = previewHtml('<script>alert(1)</script>\n\nA <img src=x onerror="alert(1)"> b');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("drops unsafe link and image addresses", () => {
    expect(previewHtml("[x](javascript:alert(1))")).not.toContain("href");
    expect(previewHtml("[x](/contact)")).toContain('<a href="/contact">x</a>');
    expect(previewHtml("![pic](data:image/png;base64,AA)")).not.toContain("<img");
    expect(previewHtml("![A roof](/media/roof.webp)")).toContain('<img src="/media/roof.webp" alt="A roof">');
    expect(previewHtml("![A roof](https://cdn.example.com/roof.webp)")).toContain("[Image: A roof]");
  });
});

describe("hasH1", () => {
  it("finds a top-level heading", () => {
    expect(hasH1("# Title\n\ntext")).toBe(true);
    expect(hasH1("## Section")).toBe(false);
  });
});
