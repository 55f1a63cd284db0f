import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import * as React from "react";
import compat from "preact/compat";
import { describe, expect, it, vi } from "vitest";

function Editor({ onRef }: { onRef?: (element: HTMLInputElement | null) => void }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <button type="button" onClick={() => setCount(count + 1)}>
        Again {count}
      </button>
      <input aria-label="Name" autoFocus ref={onRef} />
    </div>
  );
}

describe("React's API on Preact", () => {
  it("is what `react` resolves to", () => {
    expect((React as unknown as { default: unknown }).default).toBe(compat);
  });

  it("focuses an element with autoFocus once, when it is added, and still hands it to its ref", async () => {
    const onRef = vi.fn();
    render(<Editor onRef={onRef} />);
    const input = screen.getByRole("textbox", { name: "Name" });
    expect(input).toHaveFocus();
    expect(onRef).toHaveBeenCalledWith(input);

    await userEvent.click(screen.getByRole("button", { name: "Again 0" }));
    expect(screen.getByRole("button", { name: "Again 1" })).toHaveFocus();
    expect(input).not.toHaveFocus();
  });

  it("adds no text node for an empty string", () => {
    const { rerender } = render(<span data-testid="value">{""}</span>);
    expect(screen.getByTestId("value")).toBeEmptyDOMElement();
    rerender(<span data-testid="value">{"x"}</span>);
    expect(screen.getByTestId("value")).toHaveTextContent("x");
    act(() => rerender(<span data-testid="value">{""}</span>));
    expect(screen.getByTestId("value")).toBeEmptyDOMElement();
  });
});
