import { z } from "zod";

// Amounts of money the owner enters (a won lead's value, a month's spend, issue 38). One currency: the
// business's (US dollars: the site's prices are dollars, SPEC §offers). The API speaks whole currency units
// with at most two decimals (1234.5 is $1,234.50); the database keeps whole cents (integers), so sums never
// drift.

export const BUSINESS_CURRENCY = "USD";
/** The largest amount one value or one spend line may be: $10,000,000. */
export const MAX_AMOUNT = 10_000_000;

/** A non-negative amount with at most two decimals, at most MAX_AMOUNT; `field` as the API names it. */
export function amount(field: string) {
  return z
    .number({ error: `${field} must be a number (an amount in ${BUSINESS_CURRENCY})` })
    .refine((n) => Number.isFinite(n), { error: `${field} must be a number (an amount in ${BUSINESS_CURRENCY})` })
    .refine((n) => n >= 0, { error: `${field} must not be negative` })
    .refine((n) => n <= MAX_AMOUNT, { error: `${field} must be at most ${MAX_AMOUNT.toLocaleString("en-US")}` })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      error: `${field} has at most two decimals (cents)`,
    });
}

/** Currency units to whole cents, and back. */
export const toCents = (units: number): number => Math.round(units * 100);
export const fromCents = (cents: number): number => cents / 100;

/** "$1,234.50" (the admin's and the CSV's words for an amount). */
export const formatAmount = (units: number): string =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: BUSINESS_CURRENCY }).format(units);
