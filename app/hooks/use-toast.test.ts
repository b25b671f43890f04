import { afterEach, describe, expect, it, vi } from "vitest";
import { currentToasts, dismissToast, toast, TOAST_REMOVE_DELAY_MS } from "./use-toast.ts";

describe("toast store (SPEC §9)", () => {
  afterEach(() => vi.useRealTimers());

  it("shows one toast at a time: a new toast replaces the one on screen", () => {
    toast({ title: "First" });
    toast({ title: "Second", variant: "destructive" });
    expect(currentToasts()).toHaveLength(1);
    expect(currentToasts()[0]).toMatchObject({ title: "Second", variant: "destructive", open: true });
  });

  it("closes a dismissed toast at once and removes it 1,000,000 ms later", () => {
    vi.useFakeTimers();
    const shown = toast({ title: "Saved" });
    dismissToast(shown.id);
    expect(currentToasts()[0]).toMatchObject({ id: shown.id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(currentToasts().map((t) => t.id)).toContain(shown.id);
    vi.advanceTimersByTime(1);
    expect(currentToasts().map((t) => t.id)).not.toContain(shown.id);
  });
});
