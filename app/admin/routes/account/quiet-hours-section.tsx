import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { quietHoursInput, type QuietHours } from "../../../../contract/quiet-hours.ts";
import { fieldA11y } from "../../../components/forms/form-parts.tsx";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { quietHoursMutation, quietHoursQuery } from "../../api/quiet-hours.ts";
import { apiErrorOf } from "../../api/request.ts";
import { selectClass } from "../../components/admin-classes.ts";
import { hourLabel } from "../../components/lead-format.ts";
import { TimeZoneSelect } from "../../components/time-zone-select.tsx";

// Account, "Quiet hours" (issue 36, point 4): the user's own hours in which pushes to their devices wait.
// Off by default; the server offers the night on the business's clock until the user saves their own.

const hours = Array.from({ length: 24 }, (_, hour) => hour);

export function QuietHoursSection() {
  const stored = useQuery(quietHoursQuery);
  const titleId = useId();
  return (
    <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby={titleId} id="quiet-hours">
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        Quiet hours
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        Notifications on your devices wait until your quiet hours end. E-mail is not held.
      </p>
      {stored.isError && (
        <p role="alert" className="mt-4 text-red-800">
          Your quiet hours could not be loaded.
        </p>
      )}
      {/* Keyed by what is stored: the form starts again from it after a save. */}
      {stored.data && <QuietHoursForm key={JSON.stringify(stored.data)} stored={stored.data} />}
    </section>
  );
}

function QuietHoursForm({ stored }: { stored: QuietHours }) {
  const id = useId();
  const save = useMutation(quietHoursMutation);
  const form = useContractForm(quietHoursInput, stored);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((quiet) => {
    if (save.isPending) return;
    setFailure(null);
    save.mutate(quiet, {
      onSuccess: (saved) =>
        toast({
          title: "Quiet hours saved",
          description: saved.enabled
            ? `Notifications wait from ${hourLabel(saved.startHour)} to ${hourLabel(saved.endHour)} (${saved.timeZone}).`
            : "Notifications reach your devices at any hour.",
        }),
      onError: (error) => {
        const body = apiErrorOf(error);
        let placed = false;
        for (const field of ["enabled", "startHour", "endHour", "timeZone"] as const) {
          const message = body?.errors?.[field];
          if (message) {
            form.setError(field, { message }, { shouldFocus: !placed });
            placed = true;
          }
        }
        setFailure(placed ? null : (body?.message ?? "Your quiet hours could not be saved. Please try again."));
      },
    });
  });

  const hourSelect = (field: "startHour" | "endHour", label: string) => {
    const selectId = `${id}-${field}`;
    const error = errors[field]?.message;
    return (
      <div className="space-y-1">
        <label htmlFor={selectId} className="block font-medium text-slate-900">
          {label}
        </label>
        <select
          {...form.register(field, { valueAsNumber: true })}
          {...fieldA11y(selectId, error)}
          className={selectClass}
        >
          {hours.map((hour) => (
            <option key={hour} value={hour}>
              {hourLabel(hour)}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${selectId}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  const zoneId = `${id}-timeZone`;
  return (
    // Not awaited: the mutation reports its own failure.
    <form className="mt-4 max-w-2xl space-y-4" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-enabled`}
          type="checkbox"
          {...form.register("enabled")}
          aria-describedby={`${id}-enabled-hint`}
          className="mt-1 h-5 w-5 accent-blue-700"
        />
        <div>
          <label htmlFor={`${id}-enabled`} className="font-medium text-slate-900">
            Hold notifications during quiet hours
          </label>
          <p id={`${id}-enabled-hint`} className="text-sm text-slate-700">
            Leads from a form that promises an answer in under 4 hours still come through.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-4">
        {hourSelect("startHour", "From")}
        {hourSelect("endHour", "Until")}
        <TimeZoneSelect
          id={zoneId}
          label="Your time zone"
          current={stored.timeZone}
          field={form.register("timeZone")}
          error={errors.timeZone?.message}
          labelClassName="block font-medium text-slate-900"
          className="max-w-xs"
        />
      </div>
      {failure && (
        <p role="alert" className="text-red-800">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save quiet hours"}
      </Button>
    </form>
  );
}
