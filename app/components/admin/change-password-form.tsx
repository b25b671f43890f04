import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { passwordChange } from "../../../contract/admin-leads.ts";
import { toast } from "../../hooks/use-toast.ts";
import { apiErrorOf, changePassword } from "../../lib/api/admin-leads.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";

type Field = "currentPassword" | "newPassword" | "confirmPassword";
type Errors = Partial<Record<Field, string>>;

const MIN_LENGTH = 12;

function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  autoComplete,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoComplete: string;
  hint?: string;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        required
        minLength={autoComplete === "new-password" ? MIN_LENGTH : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="mt-1"
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** POST /api/admin/password: the current session stays, every other one ends. */
export function ChangePasswordForm() {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setValues({ currentPassword: "", newPassword: "", confirmPassword: "" });
      setErrors({});
      toast({ title: "Success!", description: "Password changed. Other sessions were signed out." });
    },
    onError: (error) => {
      const body = apiErrorOf(error);
      const fieldErrors: Errors = {
        currentPassword: body?.errors?.currentPassword,
        newPassword: body?.errors?.newPassword,
      };
      if (fieldErrors.currentPassword || fieldErrors.newPassword) {
        setErrors(fieldErrors);
      } else {
        toast({ variant: "destructive", title: "Error", description: body?.message ?? "The password could not be changed. Please try again." });
      }
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const next: Errors = {};
    const parsed = passwordChange.safeParse({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
    }
    if (values.confirmPassword !== values.newPassword) next.confirmPassword = "The new passwords do not match";
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    mutation.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
      <PasswordField
        id={`${id}-current`}
        label="Current password"
        value={values.currentPassword}
        onChange={set("currentPassword")}
        error={errors.currentPassword}
        autoComplete="current-password"
      />
      <PasswordField
        id={`${id}-new`}
        label="New password"
        value={values.newPassword}
        onChange={set("newPassword")}
        error={errors.newPassword}
        autoComplete="new-password"
        hint={`At least ${MIN_LENGTH} characters.`}
      />
      <PasswordField
        id={`${id}-confirm`}
        label="Confirm new password"
        value={values.confirmPassword}
        onChange={set("confirmPassword")}
        error={errors.confirmPassword}
        autoComplete="new-password"
      />
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? "Changing password..." : "Change password"}
      </Button>
    </form>
  );
}
