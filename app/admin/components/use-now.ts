import { useEffect, useState, useSyncExternalStore } from "react";
import { serverClockOffset, subscribeServerClock } from "../api/server-clock.ts";

/**
 * The time on the server's clock (api/server-clock.ts: the browser's moved by the offset the API's answers
 * give), moved on every `tickMs`: the one clock of the admin's countdowns, "5 min ago" and "overdue by"
 * lines, so a browser whose clock is wrong still counts against the server's. A change of the offset
 * shows at once, not at the next tick.
 */
export function useNow(tickMs: number): number {
  const [clientNow, setClientNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setClientNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return clientNow + useSyncExternalStore(subscribeServerClock, serverClockOffset, serverClockOffset);
}
