import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AdminStatus } from "../../../../contract/admin.ts";
import { defaultBusinessHours, type BusinessHours } from "../../../../contract/business-hours.ts";
import { businessHoursQuery } from "../../api/business-hours.ts";
import { sessionQuery } from "../../session.ts";
import { BusinessHoursSection, formOf, hoursForm } from "./business-hours-section.tsx";

// The Settings section of the business hours (issue 33): the form's rules are the contract's, a problem
// shows under its weekday; owners edit, members read. Rendered with the API's answers in hand.

function render(role: "owner" | "member", hours: BusinessHours = defaultBusinessHours): string {
  const client = new QueryClient();
  client.setQueryData(businessHoursQuery.queryKey, hours);
  client.setQueryData<AdminStatus>(sessionQuery.queryKey, {
    authenticated: true,
    username: "sam@example.com",
    user: { id: "u-1", role, name: "Sam" },
  });
  return renderToString(
    <QueryClientProvider client={client}>
      <BusinessHoursSection />
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, "");
}

describe("the form's schema", () => {
  it("gives the contract's hours: open days in order, closed ones left out", () => {
    const form = {
      ...formOf(defaultBusinessHours),
      day6: { open: true, from: "10:00", to: "14:00" },
      day2: { open: false, from: "09:00", to: "18:00" },
    };
    expect(hoursForm.parse(form)).toEqual({
      timeZone: "America/New_York",
      week: [1, 3, 4, 5]
        .map((day) => ({ day, open: "09:00", close: "18:00" }))
        .concat({ day: 6, open: "10:00", close: "14:00" }),
      closedDates: [],
    });
  });

  it("puts a day's problem under that day, in the contract's words", () => {
    const result = hoursForm.safeParse({
      ...formOf(defaultBusinessHours),
      day3: { open: true, from: "18:00", to: "09:00" },
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["day3.to", "A day's opening time must be before its closing time"],
    ]);
  });

  it("ignores a closed day's times, and wants one open day", () => {
    const closed = { open: false, from: "18:00", to: "09:00" };
    const allClosed = Object.fromEntries(
      ["day1", "day2", "day3", "day4", "day5", "day6", "day7"].map((field) => [field, closed]),
    );
    const result = hoursForm.safeParse({ ...formOf(defaultBusinessHours), ...allClosed });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["day1", "Open at least one day of the week"],
    ]);
  });
});

describe("the section", () => {
  it("shows the spec's hours by default to an owner, each input labelled, with Save", () => {
    const html = render("owner");
    // Monday to Friday have their times (react-hook-form fills the values on mount); Saturday and Sunday read Closed.
    for (const day of ["day1", "day2", "day3", "day4", "day5"])
      expect(html).toMatch(new RegExp(`type="time"[^>]*name="${day}\\.from"`));
    for (const day of ["day6", "day7"]) expect(html).not.toContain(`name="${day}.from"`);
    expect(html.match(/>Closed</g)).toHaveLength(2);
    expect(html).toMatch(/<label for="[^"]+-day1-from"[^>]*><span class="sr-only">Monday <\/span>opens<\/label>/);
    expect(html).toMatch(/<label for="[^"]+-day5-to"[^>]*><span class="sr-only">Friday <\/span>closes<\/label>/);
    expect(html).toContain("Save business hours");
    expect(html).not.toMatch(/<fieldset disabled=""/);
    expect(html).not.toContain("Only an owner can change");
  });

  it("lets a member read them: the fields disabled, no Save, no Remove", () => {
    const html = render("member", { ...defaultBusinessHours, closedDates: ["2026-12-25"] });
    expect(html).toContain("Only an owner can change the business hours.");
    expect(html).toMatch(/<fieldset disabled=""/);
    expect(html).toContain('<time dateTime="2026-12-25">2026-12-25</time>');
    expect(html).not.toContain("Save business hours");
    expect(html).not.toContain("Remove 2026-12-25");
    expect(html).not.toContain("Add a closed date");
  });
});
