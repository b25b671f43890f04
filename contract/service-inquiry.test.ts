import { describe, expect, it } from "vitest";
import { budgetLabels, serviceInquiryInput, serviceTypeLabels } from "./service-inquiry.ts";

const valid = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  phone: "555-0147",
  serviceType: "seo",
  message: "We would like more organic traffic.",
};

function parse(overrides: Record<string, unknown> = {}) {
  return serviceInquiryInput.safeParse({ ...valid, ...overrides });
}

function issuePaths(result: ReturnType<typeof parse>) {
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => issue.path) ?? [];
}

describe("serviceTypeLabels", () => {
  it("has exactly the six service types with their labels", () => {
    expect(serviceTypeLabels).toEqual({
      seo: "Search Engine Optimization",
      "paid-ads": "Paid Advertising Management",
      "web-design": "Website Design & Development",
      "social-media": "Social Media Management",
      multiple: "Multiple Services",
      consultation: "General Consultation",
    });
  });
});

describe("budgetLabels", () => {
  it("has only the 'discuss' option", () => {
    expect(budgetLabels).toEqual({ discuss: "Prefer to discuss" });
  });
});

describe("serviceInquiryInput: serviceType", () => {
  it.each(["seo", "paid-ads", "web-design", "social-media", "multiple", "consultation"])(
    "accepts %s",
    (serviceType) => {
      const result = parse({ serviceType });
      expect(result.success).toBe(true);
      expect(result.data?.serviceType).toBe(serviceType);
    },
  );

  it.each(["seo-plus", "SEO", "Search Engine Optimization", ""])("rejects %j", (serviceType) => {
    expect(issuePaths(parse({ serviceType }))).toEqual([["serviceType"]]);
  });

  it("is required", () => {
    const { serviceType: _omitted, ...input } = valid;
    const result = serviceInquiryInput.safeParse(input);
    expect(issuePaths(result)).toEqual([["serviceType"]]);
  });
});

describe("serviceInquiryInput: budget", () => {
  it("accepts 'discuss'", () => {
    const result = parse({ budget: "discuss" });
    expect(result.success).toBe(true);
    expect(result.data?.budget).toBe("discuss");
  });

  it("is undefined when absent, empty or null", () => {
    expect(parse().data?.budget).toBeUndefined();
    for (const budget of ["", "  ", null]) {
      const result = parse({ budget });
      expect(result.success, `budget = ${JSON.stringify(budget)}`).toBe(true);
      expect(result.data?.budget).toBeUndefined();
    }
  });

  it.each(["5000", "Prefer to discuss", "under-1k"])("rejects %j", (budget) => {
    expect(issuePaths(parse({ budget }))).toContainEqual(["budget"]);
  });
});

describe("serviceInquiryInput: message", () => {
  it("is trimmed", () => {
    const result = parse({ message: "  Hello there  " });
    expect(result.success).toBe(true);
    expect(result.data?.message).toBe("Hello there");
  });

  it("is required and must not be blank", () => {
    const { message: _omitted, ...input } = valid;
    expect(issuePaths(serviceInquiryInput.safeParse(input))).toEqual([["message"]]);
    expect(issuePaths(parse({ message: "" }))).toEqual([["message"]]);
    expect(issuePaths(parse({ message: "   \n " }))).toEqual([["message"]]);
  });

  it("accepts 5000 characters and rejects 5001", () => {
    const ok = parse({ message: "m".repeat(5000) });
    expect(ok.success).toBe(true);
    expect(ok.data?.message).toHaveLength(5000);
    expect(issuePaths(parse({ message: "m".repeat(5001) }))).toEqual([["message"]]);
  });
});

describe("serviceInquiryInput: company", () => {
  it("is optional", () => {
    const result = parse();
    expect(result.success).toBe(true);
    expect(result.data?.company).toBeUndefined();
    expect(parse({ company: "" }).data?.company).toBeUndefined();
  });

  it("keeps a given company, trimmed", () => {
    const result = parse({ company: " Acme " });
    expect(result.success).toBe(true);
    expect(result.data?.company).toBe("Acme");
  });
});

describe("serviceInquiryInput: shared fields", () => {
  it("applies the phone rule", () => {
    expect(issuePaths(parse({ phone: "12-34-56" }))).toEqual([["phone"]]);
  });

  it("drops unknown keys", () => {
    const result = parse({ status: "won" });
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty("status");
  });
});
