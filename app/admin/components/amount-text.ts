import { z } from "zod";
import { amount } from "../../../contract/money.ts";

// An amount of money as the owner types it into a box (issue 38: a won lead's value, a month's spend):
// "2,500", "$2500.50" or nothing. Empty is no amount (null); otherwise the contract's rules for an amount
// (not negative, two decimals at most, a ceiling) decide, in `field`'s words.

export function amountText(field: string) {
  return z
    .string()
    .trim()
    .transform((typed, context) => {
      const text = typed.replace(/^\$\s*/, "").replace(/,/g, "");
      if (text === "") return null;
      if (/^\d+(\.\d{1,2})?$/.test(text)) return Number(text);
      context.addIssue({
        code: "custom",
        message: `${field}: enter an amount such as 1500 or 1500.50, or leave it empty.`,
      });
      return z.NEVER;
    })
    .pipe(amount(field).nullable());
}

/** An amount back in its box: "1500.5" shows as "1500.50"; null as empty. */
export function amountInputValue(value: number | null): string {
  return value === null ? "" : Number.isInteger(value) ? String(value) : value.toFixed(2);
}
