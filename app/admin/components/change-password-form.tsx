import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { type UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { passwordChange } from "../../../contract/admin.ts";
import { Field, fieldA11y } from "../../components/forms/form-parts.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { changePasswordMutation } from "../api/password.ts";
import { apiErrorOf } from "../api/request.ts";
import { useContractForm } from "../../components/forms/use-contract-form.ts";

/** The contract's password change plus the confirmation, which only the form has. */
const passwordChangeForm = passwordChange
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, {
    error: "The new passwords do not match",
    path: ["confirmPassword"],
  });
type PasswordChangeForm = z.input<typeof passwordChangeForm>;

/** The length rule is the contract's; the hint and the browser's own check read it from there. */
const minLength = passwordChange.shape.newPassword.minLength ?? undefined;

const emptyForm: PasswordChangeForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

function PasswordField({
  id,
  label,
  error,
  hint,
  registration,
  autoComplete,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  registration: UseFormRegisterReturn;
  autoComplete: "current-password" | "new-password";
}) {
  const a11y = fieldA11y(id, error);
  const describedBy = [hint ? `${id}-hint` : null, a11y["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <Field id={id} label={label} error={error}>
      <Input
        {...a11y}
        {...registration}
        aria-describedby={describedBy}
        type="password"
        autoComplete={autoComplete}
        required
        minLength={autoComplete === "new-password" ? minLength : undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
    </Field>
  );
}

/** POST /api/admin/password: the current session stays, every other one ends. */
export function ChangePasswordForm() {
  const id = useId();
  const change = useMutation(changePasswordMutation);
  const form = useContractForm(passwordChangeForm, emptyForm);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    if (change.isPending) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(emptyForm);
          toast({ title: "Success!", description: "Password changed. Other sessions were signed out." });
        },
        onError: (error) => {
          // The server's reasons go under their fields; anything else is a toast.
          const body = apiErrorOf(error);
          const fields = (["currentPassword", "newPassword"] as const).filter((field) => body?.errors?.[field]);
          for (const field of fields)
            form.setError(field, { message: body?.errors?.[field] }, { shouldFocus: field === fields[0] });
          if (fields.length === 0) {
            toast({
              variant: "destructive",
              title: "Error",
              description: body?.message ?? "The password could not be changed. Please try again.",
            });
          }
        },
      },
    );
  });

  return (
    // Not awaited: the mutation reports its own failure.
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-md space-y-4">
      <PasswordField
        id={`${id}-current`}
        label="Current password"
        error={errors.currentPassword?.message}
        registration={form.register("currentPassword")}
        autoComplete="current-password"
      />
      <PasswordField
        id={`${id}-new`}
        label="New password"
        error={errors.newPassword?.message}
        registration={form.register("newPassword")}
        autoComplete="new-password"
        hint={minLength ? `At least ${minLength} characters.` : undefined}
      />
      <PasswordField
        id={`${id}-confirm`}
        label="Confirm new password"
        error={errors.confirmPassword?.message}
        registration={form.register("confirmPassword")}
        autoComplete="new-password"
      />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? "Changing password..." : "Change password"}
      </Button>
    </form>
  );
}
