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
import { fieldMessages } from "./field-messages.ts";
import { budgetLabels, serviceTypeLabels, type Budget, type ServiceType } from "./lead-options.ts";

export { budgetLabels, serviceTypeLabels, type Budget, type ServiceType };

export const serviceTypes = Object.keys(serviceTypeLabels) as [ServiceType, ...ServiceType[]];
export const budgets = Object.keys(budgetLabels) as [Budget, ...Budget[]];

/** What the service inquiry form sends to POST /api/service-inquiry. */
export const serviceInquiryInput = z.object({
  firstName: requiredText("first name", 100),
  lastName: requiredText("last name", 100),
  email: emailField,
  company: optionalText(cleanText("company name").max(200, { error: fieldMessages.tooLong("company name", 200) })),
  phone: phoneField,
  serviceType: z.enum(serviceTypes, { error: `Service type must be one of: ${serviceTypes.join(", ")}` }),
  budget: optionalText(z.enum(budgets, { error: `Budget must be empty or one of: ${budgets.join(", ")}` })),
  message: requiredText("message", 5000, { multiline: true }),
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
