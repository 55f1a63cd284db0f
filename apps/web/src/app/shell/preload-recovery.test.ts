import { afterEach, describe, expect, it, vi } from "vitest";
import { installPreloadRecovery } from "./preload-recovery";

describe("installPreloadRecovery", () => {
  let stop: () => void = () => undefined;

  afterEach(() => {
    stop();
    window.sessionStorage.clear();
  });

  it("reloads once when page code fails to load, not again right after", () => {
    const reload = vi.fn();
    let time = 1_000_000;
    stop = installPreloadRecovery({ reload, now: () => time });

    const first = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(first);
    expect(reload).toHaveBeenCalledOnce();
    expect(first.defaultPrevented).toBe(true);

    time += 5_000;
    const second = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(second);
    expect(reload).toHaveBeenCalledOnce();
    expect(second.defaultPrevented).toBe(false);

    time += 60_000;
    window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("starts in a frame whose browser withholds storage, and does not reload there", () => {
    const reload = vi.fn();
    const getter = vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    });
    stop = installPreloadRecovery({ reload });
    getter.mockRestore();

    window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
    expect(reload).not.toHaveBeenCalled();
  });
});
