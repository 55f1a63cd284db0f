import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createNotificationStore, PROGRESS_STEP, TOAST_TIMEOUT_MS } from "./notification-store";

describe("notification store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives toasts incrementing ids and stacks them in order", () => {
    const store = createNotificationStore();
    const first = store.addToast({ title: "One" });
    const second = store.addToast({ title: "Two", variant: "success" });
    expect(second).toBe(first + 1);
    expect(store.getSnapshot().map((item) => [item.id, item.title, item.variant])).toEqual([
      [first, "One", "info"],
      [second, "Two", "success"],
    ]);
  });

  it("removes a toast after the default timeout", () => {
    const store = createNotificationStore();
    store.addToast({ title: "Saved" });
    vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("honours a custom timeout and keeps toasts with a timeout of 0", () => {
    const store = createNotificationStore();
    store.addToast({ title: "Quick", timeout: 1000 });
    store.addToast({ title: "Sticky", timeout: 0 });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot().map((item) => item.title)).toEqual(["Sticky"]);
  });

  it("fills a notification's progress by an eighth each second and removes it after eight seconds", () => {
    const store = createNotificationStore();
    store.addNotification({ title: "Heads up", variant: "warning" });
    expect(store.getSnapshot()[0]?.progress).toBe(0);

    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()[0]?.progress).toBe(PROGRESS_STEP);
    vi.advanceTimersByTime(6000);
    expect(store.getSnapshot()[0]?.progress).toBe(7 * PROGRESS_STEP);
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("removes an entry on dismiss and stops its timer", () => {
    const store = createNotificationStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.addNotification({ title: "Bye" });
    store.remove(id);
    expect(store.getSnapshot()).toEqual([]);
    listener.mockClear();
    vi.advanceTimersByTime(10_000);
    expect(listener).not.toHaveBeenCalled();
  });

  it("holds the countdown while paused", () => {
    const store = createNotificationStore();
    const toast = store.addToast({ title: "Toast", timeout: 2000 });
    const note = store.addNotification({ title: "Note" });
    vi.advanceTimersByTime(1000);
    store.pause(toast);
    store.pause(note);
    vi.advanceTimersByTime(20_000);
    expect(store.getSnapshot().map((item) => item.title)).toEqual(["Toast", "Note"]);

    store.resume(toast);
    store.resume(note);
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot().map((item) => item.title)).toEqual(["Note"]);
    vi.advanceTimersByTime(6000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("keeps the snapshot stable between changes", () => {
    const store = createNotificationStore();
    store.addToast({ title: "Same" });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });
});
