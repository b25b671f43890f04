import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { ownNameInput, type OwnNameInput } from "../../../contract/team.ts";
import { Field, fieldA11y } from "../../components/forms/form-parts.tsx";
import { useContractForm } from "../../components/forms/use-contract-form.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { ownNameMutation } from "../api/own-name.ts";
import { apiErrorOf } from "../api/request.ts";

/** The signed-in user's name (issue 33): asked at the first sign-in (name-banner.tsx), changed on Account. */
export function NameForm({ current, submitLabel = "Save name" }: { current: string | null; submitLabel?: string }) {
  const id = useId();
  const save = useMutation(ownNameMutation);
  const form = useContractForm(ownNameInput, { name: current ?? "" } satisfies OwnNameInput);
  const error = form.formState.errors.name?.message;

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(values, {
      onSuccess: ({ name }) => {
        form.reset({ name });
        toast({ title: "Success!", description: `The team now sees you as ${name}.` });
      },
      onError: (failure) => {
        const body = apiErrorOf(failure);
        if (body?.errors?.name) form.setError("name", { message: body.errors.name }, { shouldFocus: true });
        else
          toast({
            variant: "destructive",
            title: "Error",
            description: body?.message ?? "The name could not be saved. Please try again.",
          });
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex max-w-md flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1">
        <Field id={`${id}-name`} label="Your name" error={error}>
          <Input
            {...fieldA11y(`${id}-name`, error)}
            {...form.register("name")}
            autoComplete="name"
            required
            maxLength={100}
          />
        </Field>
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving..." : submitLabel}
      </Button>
    </form>
  );
}
