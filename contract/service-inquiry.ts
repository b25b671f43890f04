import { z } from "zod";
import {
  cleanText,
  emailField,
  leadSourceFields,
  spamSignalFields,
  optionalText,
  phoneField,
  requiredText,
  type LeadSource,
  type LeadStatus,
} from "./fields.ts";
import { budgetLabels, serviceTypeLabels, type Budget, type ServiceType } from "./lead-options.ts";

export { budgetLabels, serviceTypeLabels, type Budget, type ServiceType };

export const serviceTypes = Object.keys(serviceTypeLabels) as [ServiceType, ...ServiceType[]];
export const budgets = Object.keys(budgetLabels) as [Budget, ...Budget[]];

/** What the service inquiry form sends to POST /api/service-inquiry. */
export const serviceInquiryInput = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  email: emailField,
  company: optionalText(cleanText("Company").max(200, { error: "Company must be at most 200 characters" })),
  phone: phoneField,
  serviceType: z.enum(serviceTypes, { error: `Service type must be one of: ${serviceTypes.join(", ")}` }),
  budget: optionalText(z.enum(budgets, { error: `Budget must be empty or one of: ${budgets.join(", ")}` })),
  message: requiredText("Message", 5000, { multiline: true }),
  ...leadSourceFields,
  ...spamSignalFields,
});

export type ServiceInquiryInput = z.input<typeof serviceInquiryInput>;
export type ServiceInquiryData = z.output<typeof serviceInquiryInput>;

/** A stored service inquiry as the API returns it. */
export type ServiceInquiry = LeadSource & {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  phone: string;
  serviceType: ServiceType;
  budget: Budget | null;
  message: string;
  status: LeadStatus;
  /** Why the lead was stored as spam, or null. */
  spamReason: string | null;
  createdAt: string;
};
