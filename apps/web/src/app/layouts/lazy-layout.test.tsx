import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import type { LayoutProps } from "./layout-props";
import { lazyLayout } from "./lazy-layout";

function Frame({ children }: LayoutProps) {
  return <div data-testid="frame">{children}</div>;
}

describe("lazyLayout", () => {
  it("renders at once once prepared, loading its code only once", async () => {
    const load = vi.fn(() => Promise.resolve(Frame));
    const { Layout, prepare } = lazyLayout(load);
    await prepare();
    render(<Layout>page</Layout>);
    expect(screen.getByTestId("frame")).toHaveTextContent("page");
    await prepare();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("waits for its code when a page opens before it was prepared", async () => {
    const { Layout } = lazyLayout(() => Promise.resolve(Frame));
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <Layout>page</Layout>
        </Suspense>,
      );
    });
    expect(await screen.findByTestId("frame")).toHaveTextContent("page");
  });

  it("tries again after a failed download", async () => {
    const load = vi.fn<() => Promise<typeof Frame>>().mockRejectedValueOnce(new Error("offline"));
    load.mockResolvedValue(Frame);
    const { prepare } = lazyLayout(load);
    await expect(prepare()).rejects.toThrow("offline");
    await expect(prepare()).resolves.toBe(Frame);
  });
});
