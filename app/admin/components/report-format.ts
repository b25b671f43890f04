// How the owner's numbers read (issue 24): rates as percentages, answer times in minutes, hours or days,
// and the change against the period before.

/** "12.5%", or "–" when there is nothing to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? "–" : `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)}%`;
}

/** An answer time: "12 min", "3 h 20 min", "2 d 4 h"; "–" when nothing was answered. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return "–";
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = Math.round(minutes - hours * 60);
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const days = Math.floor(hours / 24);
  const restHours = hours - days * 24;
  return restHours === 0 ? `${days} d` : `${days} d ${restHours} h`;
}

/** The change from `previous` to `current`: "+3", "−2", "no change". */
export function formatChange(current: number, previous: number): string {
  const change = current - previous;
  if (change === 0) return "no change";
  return change > 0 ? `+${change}` : `−${-change}`;
}

/** A date (YYYY-MM-DD) as the owner reads it: "Nov 2, 2026". */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
