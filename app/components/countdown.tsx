import { useEffect, useState } from "react";

// SPEC §4, §9: starts at 3,600 seconds, drops by one each second, stops at 0, shown as HH:MM:SS.

export const COUNTDOWN_START_SECONDS = 3600;
export const COUNTDOWN_TICK_MS = 1000;

/** 3600 -> "01:00:00"; every part zero-padded to two digits. */
export function formatHms(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/**
 * Seconds left, ticking down once a second from `start` until 0. Counted against a deadline rather
 * than by decrements, so a throttled background tab still shows the right time when it returns.
 */
export function useCountdown(start: number = COUNTDOWN_START_SECONDS): number {
  const [left, setLeft] = useState(start);
  useEffect(() => {
    const endsAt = Date.now() + start * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.round((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [start]);
  return left;
}

/** Shows seconds as HH:MM:SS. `seconds` comes from the parent (the landing page shares one countdown). */
export function CountdownDisplay({ seconds, label, className }: { seconds: number; label?: string; className?: string }) {
  const text = formatHms(seconds);
  return (
    <div className={className}>
      {label && <p className="text-sm font-bold uppercase tracking-wide">{label}</p>}
      {/* Read once, not every second: a live region here would talk over everything else. */}
      <p className="font-mono text-3xl font-extrabold tabular-nums" aria-label={`Time left: ${text}`} role="timer" aria-live="off" data-testid="countdown">
        {text}
      </p>
    </div>
  );
}

/** A self-contained countdown (the offer page banner). */
export function Countdown({ label, className }: { label?: string; className?: string }) {
  const seconds = useCountdown();
  return <CountdownDisplay seconds={seconds} label={label} className={className} />;
}
