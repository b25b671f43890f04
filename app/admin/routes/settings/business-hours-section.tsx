import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { z } from "zod";
import {
  businessDay,
  businessHoursInput,
  weekdayNames,
  weekInWords,
  type BusinessHours,
  type BusinessHoursInput,
} from "../../../../contract/business-hours.ts";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { BUSINESS_HOURS_PATH, businessHoursQuery, saveBusinessHours } from "../../api/business-hours.ts";
import { apiErrorOf } from "../../api/request.ts";
import { TimeZoneSelect } from "../../components/time-zone-select.tsx";
import { useIsOwner } from "../../components/owner-only.tsx";

// Settings: the business hours every reply deadline counts in (issue 33): the time zone, each weekday
// open or closed with its hours, and the closed dates. Owners edit, members read (the fields disabled, no
// Save). Saving counts the waiting leads' deadlines again. react-hook-form over the contract's own rules
// (contract/business-hours.ts): each weekday is one field of the form, so its problem shows under it.

const dayFields = ["day1", "day2", "day3", "day4", "day5", "day6", "day7"] as const;
type DayField = (typeof dayFields)[number];

/** One weekday as the form holds it: a closed day keeps its times for when it opens again. */
const dayDraft = (day: number) =>
  z.object({ open: z.boolean(), from: z.string(), to: z.string() }).superRefine((draft, ctx) => {
    if (!draft.open) return;
    // The contract's rule for an open day; its "open"/"close" are this form's "from"/"to".
    const checked = businessDay.safeParse({ day, open: draft.from, close: draft.to });
    for (const issue of checked.error?.issues ?? [])
      ctx.addIssue({ code: "custom", message: issue.message, path: [issue.path[0] === "open" ? "from" : "to"] });
  });

/** The form's schema (exported for its tests): the contract's rules, a field per weekday. */
export const hoursForm = z
  .object({
    timeZone: businessHoursInput.shape.timeZone,
    day1: dayDraft(1),
    day2: dayDraft(2),
    day3: dayDraft(3),
    day4: dayDraft(4),
    day5: dayDraft(5),
    day6: dayDraft(6),
    day7: dayDraft(7),
    closedDates: businessHoursInput.shape.closedDates,
  })
  .refine((form) => dayFields.some((field) => form[field].open), {
    error: "Open at least one day of the week",
    path: ["day1"],
  })
  .transform((form): BusinessHoursInput => ({
    timeZone: form.timeZone,
    week: dayFields.flatMap((field, index) =>
      form[field].open ? [{ day: index + 1, open: form[field].from, close: form[field].to }] : [],
    ),
    closedDates: form.closedDates,
  }));
type HoursForm = z.input<typeof hoursForm>;

export function formOf(hours: BusinessHours): HoursForm {
  const days = Object.fromEntries(
    dayFields.map((field, index) => {
      const day = hours.week.find((d) => d.day === index + 1);
      return [field, day ? { open: true, from: day.open, to: day.close } : { open: false, from: "09:00", to: "18:00" }];
    }),
  ) as Record<DayField, HoursForm[DayField]>;
  return { timeZone: hours.timeZone, ...days, closedDates: hours.closedDates };
}

export function BusinessHoursSection() {
  const hours = useQuery(businessHoursQuery);
  const titleId = useId();
  return (
    <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby={titleId} id="business-hours">
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        Business hours
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        Each form’s reply promise counts only while you are open: a 4-hour promise on a lead sent at 6:40 PM on a Friday
        is due at 1:00 PM on Monday. The dashboard’s “Now”, the follow-up shortcuts and the reports use the same hours.
      </p>
      {hours.isError && (
        <p role="alert" className="mt-4 text-red-800">
          The business hours could not be loaded.
        </p>
      )}
      {/* Keyed by what is stored: the form starts again from it after a save. */}
      {hours.data && !hours.isPlaceholderData && <HoursFormView key={JSON.stringify(hours.data)} stored={hours.data} />}
    </section>
  );
}

function HoursFormView({ stored }: { stored: BusinessHours }) {
  const client = useQueryClient();
  const id = useId();
  const canEdit = useIsOwner();
  const form = useContractForm(hoursForm, formOf(stored));
  const { errors } = form.formState;
  const [newDate, setNewDate] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const closedDates = form.watch("closedDates");
  const days = form.watch(dayFields);

  const save = useMutation({
    mutationFn: saveBusinessHours,
    onSuccess: (saved) => {
      client.setQueryData([BUSINESS_HOURS_PATH], saved);
      // Deadlines moved: the day's lists follow.
      void client.invalidateQueries({ queryKey: ["/api/admin/today"] });
      toast({
        title: "Business hours saved",
        description: `${weekInWords(saved)} (${saved.timeZone}). Waiting leads’ reply times follow them.`,
      });
    },
    onError: (error, sent) => {
      // The server's reasons (the same rules) under their fields: "week.2.close" is the third open day's.
      const body = apiErrorOf(error);
      let placed = false;
      for (const [path, message] of Object.entries(body?.errors ?? {})) {
        const [head, index] = path.split(".");
        const weekday = head === "week" ? sent.week[Number(index)]?.day : undefined;
        const field =
          head === "timeZone" || head === "closedDates" ? head : weekday ? dayFields[weekday - 1] : undefined;
        if (field) {
          form.setError(field, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      setFailure(placed ? null : (body?.message ?? "The business hours could not be saved. Please try again."));
    },
  });

  const onSubmit = form.handleSubmit((hours) => {
    if (save.isPending) return;
    setFailure(null);
    save.mutate(hours);
  });

  const addDate = () => {
    if (!newDate) return;
    if (!closedDates.includes(newDate))
      form.setValue("closedDates", [...closedDates, newDate].sort(), {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    setNewDate("");
  };

  const zoneId = `${id}-zone`;
  const datesError = errors.closedDates?.message;
  return (
    // Not awaited: the mutation reports its own failure.
    <form className="mt-4 max-w-2xl" noValidate onSubmit={(event) => void onSubmit(event)}>
      {!canEdit && <p className="mb-3 text-sm text-slate-700">Only an owner can change the business hours.</p>}
      <fieldset disabled={!canEdit || save.isPending} className="space-y-5">
        <TimeZoneSelect
          id={zoneId}
          label="Time zone"
          current={stored.timeZone}
          field={form.register("timeZone")}
          error={errors.timeZone?.message}
        />

        <fieldset>
          <legend className="font-semibold text-slate-900">Opening hours</legend>
          <ul className="mt-2 space-y-3">
            {dayFields.map((field, index) => {
              const name = weekdayNames[index]!;
              const rowId = `${id}-${field}`;
              const error = errors[field]?.message;
              const open = days[index]?.open ?? false;
              const dayA11y = (inputId: string) => ({
                id: inputId,
                "aria-invalid": error ? true : undefined,
                "aria-describedby": error ? `${rowId}-error` : undefined,
              });
              return (
                <li key={field}>
                  <div className="flex flex-wrap items-center gap-3">
                    <label className="flex w-36 items-center gap-2 text-slate-900">
                      <input
                        type="checkbox"
                        className="h-5 w-5"
                        {...form.register(`${field}.open`)}
                        {...dayA11y(`${rowId}-open`)}
                      />
                      {name}
                    </label>
                    {open ? (
                      <>
                        <label htmlFor={`${rowId}-from`} className="text-sm text-slate-800">
                          <span className="sr-only">{name} </span>opens
                        </label>
                        <Input
                          type="time"
                          className="w-32"
                          {...form.register(`${field}.from`)}
                          {...dayA11y(`${rowId}-from`)}
                        />
                        <label htmlFor={`${rowId}-to`} className="text-sm text-slate-800">
                          <span className="sr-only">{name} </span>closes
                        </label>
                        <Input
                          type="time"
                          className="w-32"
                          {...form.register(`${field}.to`)}
                          {...dayA11y(`${rowId}-to`)}
                        />
                      </>
                    ) : (
                      <span className="text-sm text-slate-700">Closed</span>
                    )}
                  </div>
                  {/* One message for the day; each of its inputs points to it. */}
                  {error && (
                    <p id={`${rowId}-error`} className="mt-1 text-sm text-red-700">
                      {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>

        <fieldset>
          <legend className="font-semibold text-slate-900">Closed dates (holidays)</legend>
          {closedDates.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">None.</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Closed dates">
              {closedDates.map((date) => (
                <li
                  key={date}
                  className="flex items-center gap-2 rounded-full border border-slate-300 py-1 pl-3 pr-1 text-sm text-slate-900"
                >
                  <time dateTime={date}>{date}</time>
                  {canEdit && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() =>
                        form.setValue(
                          "closedDates",
                          closedDates.filter((d) => d !== date),
                          { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
                        )
                      }
                      aria-label={`Remove ${date}`}
                    >
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {canEdit && (
            <div className="mt-2 flex flex-wrap items-end gap-2">
              <div className="space-y-1">
                <label htmlFor={`${id}-new-date`} className="block text-sm text-slate-800">
                  Add a closed date
                </label>
                <Input
                  id={`${id}-new-date`}
                  type="date"
                  className="w-44"
                  value={newDate}
                  onChange={(event) => setNewDate(event.target.value)}
                  onKeyDown={(event) => {
                    // Enter adds the date rather than saving the whole form.
                    if (event.key === "Enter") {
                      event.preventDefault();
                      addDate();
                    }
                  }}
                />
              </div>
              <Button type="button" variant="outline" disabled={!newDate} onClick={addDate}>
                Add date
              </Button>
            </div>
          )}
          {/* No input holds the list: the message is announced when it appears. */}
          {datesError && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {datesError}
            </p>
          )}
        </fieldset>

        {failure && (
          <p role="alert" className="text-red-800">
            {failure}
          </p>
        )}
        {canEdit && (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save business hours"}
          </Button>
        )}
      </fieldset>
    </form>
  );
}
