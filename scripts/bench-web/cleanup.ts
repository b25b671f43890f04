// Clean-up: servers, the baseline worktree and temporary files go whatever way the script ends.

const cleanups: Array<() => void> = [];

export function onCleanUp(step: () => void): void {
  cleanups.push(step);
}

export function cleanUp(): void {
  while (cleanups.length > 0) {
    try {
      cleanups.pop()!();
    } catch (error) {
      console.error("clean-up failed:", error);
    }
  }
}

process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}
