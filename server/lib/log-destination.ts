import pino from "pino";

// Where the server's log lines go: stdout, written asynchronously (pino's default), and an exit that a
// stuck reader cannot hold. pino flushes its buffer synchronously on process exit and, while the pipe is
// full, retries forever: an instance whose log reader had stopped reading (the container's log
// collector, a pager) logged "database closed" on SIGTERM and never exited until it was killed. The stop
// (server.ts) gives the lines a bounded time to be written instead, then lets go of them.

export type LogDestination = ReturnType<typeof pino.destination>;

/** How long a stopping server waits for its last log lines to be taken by stdout's reader. */
const LOG_FLUSH_TIMEOUT_MS = 2_000;

export function createLogDestination(fd = 1): LogDestination {
  return pino.destination({ dest: fd, sync: false });
}

/**
 * Ends the destination: resolves true once every line is written, or false after `withinMs` when the
 * reader is not taking them; then the lines left are dropped, so that pino's exit flush has nothing to
 * wait on. Nothing may be logged to it afterwards.
 */
export async function closeLogDestination(
  destination: LogDestination,
  withinMs = LOG_FLUSH_TIMEOUT_MS,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const closed = new Promise<boolean>((resolve) => {
    destination.once("close", () => resolve(true));
    timer = setTimeout(() => resolve(false), withinMs);
  });
  destination.end();
  const written = await closed;
  clearTimeout(timer);
  // Once closed this does nothing; otherwise it drops the lines left (and pino's exit flush skips it).
  destination.destroy();
  return written;
}
