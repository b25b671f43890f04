import * as Dialog from "@radix-ui/react-dialog";
import { useId } from "react";
import { z } from "zod";
import { BUSINESS_CURRENCY, formatAmount } from "../../../contract/money.ts";
import { Field, fieldA11y } from "../../components/forms/form-parts.tsx";
import { useContractForm } from "../../components/forms/use-contract-form.ts";
import { Input } from "../../components/ui/input.tsx";
import { amountInputValue, amountText } from "./amount-text.ts";
import { DialogFormFooter } from "./dialog-form-footer.tsx";

// What a won lead is worth (issue 38): asked whenever a lead is marked Won (its status menu on the list, the
// lead's page and the phone's bar) and from "Change value" on a won lead's page. Optional: an empty box
// marks it won without a value, which can be added later. The amount is in the business currency.

const valueForm = z.object({ value: amountText("The value") });

export function WonValueDialog({
  open,
  title,
  initial,
  submitLabel,
  pending,
  failure,
  onSubmit,
  onOpenChange,
}: {
  open: boolean;
  title: string;
  initial: number | null;
  submitLabel: string;
  pending: boolean;
  failure: string | null;
  onSubmit: (value: number | null) => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl">
          <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-800">
            What is this client worth? Optional: the reports add it up as won value per channel and campaign.
          </Dialog.Description>
          {open && (
            <ValueForm
              initial={initial}
              submitLabel={submitLabel}
              pending={pending}
              failure={failure}
              onSubmit={onSubmit}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ValueForm({
  initial,
  submitLabel,
  pending,
  failure,
  onSubmit,
}: {
  initial: number | null;
  submitLabel: string;
  pending: boolean;
  failure: string | null;
  onSubmit: (value: number | null) => void;
}) {
  const id = useId();
  const form = useContractForm(valueForm, { value: amountInputValue(initial) });
  const error = form.formState.errors.value?.message;
  const submit = form.handleSubmit(({ value }) => onSubmit(value));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
      <Field id={id} label={`Value in ${BUSINESS_CURRENCY} (optional)`} error={error}>
        <Input
          {...fieldA11y(id, error)}
          {...form.register("value")}
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 2,500"
          autoFocus
        />
      </Field>
      <DialogFormFooter failure={failure} pending={pending} label={submitLabel} pendingLabel="Saving…" />
    </form>
  );
}

/** A won lead's value as the admin shows it: "$2,500.00", or null for none. */
export function wonValueText(value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : formatAmount(value);
}
