import { spawn, type SpawnOptions } from "node:child_process";

// A command run to its end as an operator runs it: its exit code and everything it printed (stdout and
// stderr, in the order they came). Asynchronous, so a test may keep a load going while it runs.

export type ProcessResult = { code: number | null; out: string };

export function runProcess(
  command: string,
  args: string[],
  options: Omit<SpawnOptions, "stdio"> = {},
): Promise<ProcessResult> {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, out }));
  });
}
