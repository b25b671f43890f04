import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { businessHoursInput, weekdayNames, weekInWords, type BusinessHours } from "../../../../contract/business-hours.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { BUSINESS_HOURS_PATH, businessHoursQuery, saveBusinessHours } from "../../api/business-hours.ts";
import { apiErrorOf } from "../../api/request.ts";
import { selectClass } from "../../components/admin-classes.ts";

// Settings (owners): the business hours every reply deadline counts in (issue 33): the time zone, each
// weekday open or closed with its hours, and the closed dates. Saving counts the waiting leads' deadlines
// again. Checked by the contract's schema before it is sent; the server's reasons show the same way.

type DayDraft = { open: boolean; from: string; to: string };
type Draft = { timeZone: string; days: DayDraft[]; closedDates: string[] };

function draftOf(hours: BusinessHours): Draft {
  return {
    timeZone: hours.timeZone,
    days: weekdayNames.map((_, index) => {
      const day = hours.week.find((d) => d.day === index + 1);
      return day ? { open: true, from: day.open, to: day.close } : { open: false, from: "09:00", to: "18:00" };
    }),
    closedDates: hours.closedDates,
  };
}

function hoursOf(draft: Draft) {
  return {
    timeZone: draft.timeZone,
    week: draft.days.flatMap((day, index) => (day.open ? [{ day: index + 1, open: day.from, close: day.to }] : [])),
    closedDates: draft.closedDates,
  };
}

/** Every zone the browser knows, the current one first if it is missing (an older browser). */
function zoneChoices(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
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
        Each form’s reply promise counts only while you are open: a 4-hour promise on a lead sent at 6:40 PM on a Friday is due at 1:00 PM on Monday.
        The dashboard’s “Now”, the follow-up shortcuts and the reports use the same hours.
      </p>
      {hours.isError && (
        <p role="alert" className="mt-4 text-red-800">
          The business hours could not be loaded.
        </p>
      )}
      {/* Keyed by what is stored: the form starts again from it after a save. */}
      {hours.data && !hours.isPlaceholderData && <HoursForm key={JSON.stringify(hours.data)} stored={hours.data} />}
    </section>
  );
}

function HoursForm({ stored }: { stored: BusinessHours }) {
  const client = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(stored));
  const [newDate, setNewDate] = useState("");
  const [problems, setProblems] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: saveBusinessHours,
    onSuccess: (saved) => {
      client.setQueryData([BUSINESS_HOURS_PATH], saved);
      // Deadlines moved: the day's lists and the inbox follow.
      void client.invalidateQueries({ queryKey: ["/api/admin/today"] });
      toast({ title: "Business hours saved", description: `${weekInWords(saved)} (${saved.timeZone}). Waiting leads’ reply times follow them.` });
    },
    onError: (error) => {
      const body = apiErrorOf(error);
      setProblems(body?.errors ? Object.values(body.errors) : [body?.message ?? "The business hours could not be saved. Please try again."]);
    },
  });

  const setDay = (index: number, change: Partial<DayDraft>) => setDraft((was) => ({ ...was, days: was.days.map((day, i) => (i === index ? { ...day, ...change } : day)) }));

  const submit = () => {
    const checked = businessHoursInput.safeParse(hoursOf(draft));
    if (!checked.success) {
      setProblems([...new Set(checked.error.issues.map((issue) => issue.message))]);
      return;
    }
    setProblems([]);
    save.mutate(checked.data);
  };

  return (
    <form
      className="mt-4 max-w-2xl space-y-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div>
        <label htmlFor={`${id}-zone`} className="block font-semibold text-slate-900">
          Time zone
        </label>
        <select id={`${id}-zone`} className={`${selectClass} mt-1 w-full max-w-sm`} value={draft.timeZone} onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}>
          {zoneChoices(draft.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>

      <fieldset>
        <legend className="font-semibold text-slate-900">Opening hours</legend>
        <ul className="mt-2 space-y-2">
          {weekdayNames.map((name, index) => {
            const day = draft.days[index]!;
            return (
              <li key={name} className="flex flex-wrap items-center gap-3">
                <label className="flex w-36 items-center gap-2 text-slate-900">
                  <input type="checkbox" className="h-5 w-5" checked={day.open} onChange={(event) => setDay(index, { open: event.target.checked })} />
                  {name}
                </label>
                {day.open ? (
                  <>
                    <label className="flex items-center gap-2 text-sm text-slate-800">
                      Opens
                      <Input type="time" className="w-32" value={day.from} onChange={(event) => setDay(index, { from: event.target.value })} aria-label={`${name} opens`} />
                    </label>
                    <label className="flex items-center gap-2 text-sm text-slate-800">
                      Closes
                      <Input type="time" className="w-32" value={day.to} onChange={(event) => setDay(index, { to: event.target.value })} aria-label={`${name} closes`} />
                    </label>
                  </>
                ) : (
                  <span className="text-sm text-slate-700">Closed</span>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset>
        <legend className="font-semibold text-slate-900">Closed dates (holidays)</legend>
        {draft.closedDates.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">None.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Closed dates">
            {draft.closedDates.map((date) => (
              <li key={date} className="flex items-center gap-2 rounded-full border border-slate-300 py-1 pl-3 pr-1 text-sm text-slate-900">
                <time dateTime={date}>{date}</time>
                <Button type="button" variant="outline" size="sm" onClick={() => setDraft({ ...draft, closedDates: draft.closedDates.filter((d) => d !== date) })} aria-label={`Remove ${date}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <label className="text-sm text-slate-800">
            Add a closed date
            <Input type="date" className="mt-1 w-44" value={newDate} onChange={(event) => setNewDate(event.target.value)} />
          </label>
          <Button
            type="button"
            variant="outline"
            disabled={!newDate}
            onClick={() => {
              if (!draft.closedDates.includes(newDate)) setDraft({ ...draft, closedDates: [...draft.closedDates, newDate].sort() });
              setNewDate("");
            }}
          >
            Add date
          </Button>
        </div>
      </fieldset>

      {problems.length > 0 && (
        <ul role="alert" className="list-disc space-y-1 pl-5 text-red-800">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save business hours"}
      </Button>
    </form>
  );
}
