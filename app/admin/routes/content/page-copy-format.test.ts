import { describe, expect, it } from "vitest";
import {
  changedTexts,
  conflictingTexts,
  fieldErrorsByName,
  fieldName,
  formValuesOf,
  groupFields,
  isLongText,
  labelInGroup,
  pageCopySchema,
  type EditedField,
} from "./page-copy-format.ts";

const field = (path: string, label: string, draft: string, extra: Partial<EditedField> = {}): EditedField => ({
  path,
  label,
  default: draft,
  max: 40,
  draft,
  published: draft,
  ...extra,
});

const fields = [
  field("hero.title", "Hero › Title", "Get Local Leads"),
  field("hero.intro", "Hero › Intro", "We bring the calls."),
  field("process.steps.0.title", "Process › Steps › 1 › Title", "Audit"),
  field("faq.0.question", "Faq › 1 › Question", "How long?"),
  field("process.note", "Process › Note", "Then we grow."),
];

describe("groupFields", () => {
  it("groups by the path's first part in the page's order, keeping each field's place", () => {
    const groups = groupFields(fields);
    expect(groups.map((group) => [group.key, group.legend])).toEqual([
      ["hero", "Hero"],
      ["process", "Process"],
      ["faq", "Faq"],
    ]);
    expect(groups[1]!.items.map((item) => [item.field.path, item.index])).toEqual([
      ["process.steps.0.title", 2],
      ["process.note", 4],
    ]);
    expect(groupFields([])).toEqual([]);
  });

  it("names a field inside its group without the group's part", () => {
    expect(labelInGroup("Hero › Intro")).toBe("Intro");
    expect(labelInGroup("Process › Steps › 1 › Title")).toBe("Steps › 1 › Title");
    expect(labelInGroup("Headline")).toBe("Headline");
  });
});

describe("changedTexts", () => {
  it("sends only the texts that left the draft, trimmed as the server keeps them", () => {
    const values = formValuesOf(fields);
    expect(changedTexts(fields, values)).toEqual({});
    values[fieldName(1)] = "  We bring the calls.  ";
    values[fieldName(3)] = "How long does it take? ";
    expect(changedTexts(fields, values)).toEqual({ "faq.0.question": "How long does it take?" });
  });

  it("sends a text set back to the files' default like any other (the server then drops the change)", () => {
    const edited = [field("hero.title", "Hero › Title", "Changed", { default: "Original" })];
    expect(changedTexts(edited, { [fieldName(0)]: "Original" })).toEqual({ "hero.title": "Original" });
  });
});

describe("pageCopySchema", () => {
  it("requires each text and keeps it within its limit, in the server's words", () => {
    const schema = pageCopySchema([{ label: "Hero › Title", max: 10 }]);
    expect(schema.safeParse({ [fieldName(0)]: " Ten chars  " }).success).toBe(true);
    const long = schema.safeParse({ [fieldName(0)]: "Eleven chars" });
    expect(long.error?.issues[0]?.message).toBe("Hero › Title must be at most 10 characters (it fits the layout).");
    expect(schema.safeParse({ [fieldName(0)]: "   " }).error?.issues[0]?.message).toBe("This text is required");
  });

  it("lets an optional text be empty, and takes an image only as an upload or https address", () => {
    const schema = pageCopySchema([
      { label: "Search and sharing › Social image", max: 2048, optional: true, kind: "image" },
      { label: "Search and sharing › Social image text", max: 140, optional: true },
    ]);
    expect(schema.safeParse({ [fieldName(0)]: "", [fieldName(1)]: "" }).success).toBe(true);
    expect(schema.safeParse({ [fieldName(0)]: "/media/abc/1600.webp", [fieldName(1)]: "A van" }).success).toBe(true);
    expect(schema.safeParse({ [fieldName(0)]: "https://cdn.example.com/a.jpg", [fieldName(1)]: "" }).success).toBe(
      true,
    );
    const unsafe = schema.safeParse({ [fieldName(0)]: "javascript:alert(1)", [fieldName(1)]: "" });
    expect(unsafe.error?.issues[0]?.message).toBe("image must be an uploaded image (/media/…) or an https:// address");
  });
});

describe("isLongText", () => {
  it("gives a textarea to texts over 80 characters, as the files or the draft have them", () => {
    expect(isLongText({ default: "x".repeat(80), draft: "x" })).toBe(false);
    expect(isLongText({ default: "x".repeat(81), draft: "x" })).toBe(true);
    expect(isLongText({ default: "x", draft: "x".repeat(81) })).toBe(true);
  });
});

describe("fieldErrorsByName", () => {
  it("places the server's field errors on the form's fields, leaving out unknown ones", () => {
    expect(
      fieldErrorsByName(fields, { "fields.hero.intro": "Too long", "fields.hero.nope": "No such text", other: "x" }),
    ).toEqual({ [fieldName(1)]: "Too long" });
    expect(fieldErrorsByName(fields, undefined)).toEqual({});
  });
});

describe("conflictingTexts", () => {
  it("lists the texts where their saved draft and the editor's differ", () => {
    const values = formValuesOf(fields);
    values[fieldName(0)] = "My title";
    const current = { fields: fields.map((f) => (f.path === "hero.intro" ? { ...f, draft: "Their intro" } : f)) };
    expect(conflictingTexts(current, fields, values)).toEqual([
      { path: "hero.title", label: "Hero › Title", theirs: "Get Local Leads", yours: "My title" },
      { path: "hero.intro", label: "Hero › Intro", theirs: "Their intro", yours: "We bring the calls." },
    ]);
  });
});
