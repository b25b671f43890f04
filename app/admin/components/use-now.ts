import { useEffect, useState } from "react";

/**
 * The time, moved on every `tickMs`: one clock for the admin's countdowns and "overdue by" lines. With
 * `server` (an instant the server answered with, and when that answer arrived), it is the server's clock
 * moved on with the browser's, so a browser whose clock is wrong still counts against the server's.
 */
export function useNow(tickMs: number, server?: { now: string | undefined; receivedAt: number }): number {
  const [clientNow, setClientNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setClientNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  const serverNow = server?.now ? Date.parse(server.now) : Number.NaN;
  return Number.isNaN(serverNow) ? clientNow : serverNow + Math.max(0, clientNow - server!.receivedAt);
}
