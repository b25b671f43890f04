import { COUNTDOWN_START_SECONDS, formatHms } from "../lib/countdown.ts";

/**
 * A countdown as static HTML showing 01:00:00; app/scripts/countdowns.ts makes every countdown of the
 * page tick from one shared deadline (the landing page shows two that must agree), without React.
 */
export function CountdownDisplay({ label, className }: { label?: string; className?: string }) {
  const text = formatHms(COUNTDOWN_START_SECONDS);
  return (
    <div className={className}>
      {label && <p className="text-sm font-bold uppercase tracking-wide">{label}</p>}
      {/* Read once, not every second: a live region here would talk over everything else. */}
      <p
        className="font-mono text-3xl font-extrabold tabular-nums"
        aria-label={`Time left: ${text}`}
        role="timer"
        aria-live="off"
        data-countdown=""
        data-testid="countdown"
      >
        {text}
      </p>
    </div>
  );
}
