import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProgressMeter } from "./progress-meter";

describe("progress meter", () => {
  it("tells assistive technology how far the work is, in numbers and in words", () => {
    render(<ProgressMeter label="Import progress" value={1500} max={10000} valueText="1,500 of 10,000 rows" />);
    const bar = screen.getByRole("progressbar", { name: "Import progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "1500");
    expect(bar).toHaveAttribute("aria-valuemax", "10000");
    expect(bar).toHaveAttribute("aria-valuetext", "1,500 of 10,000 rows");
    expect(screen.getByText("1,500 of 10,000 rows")).toBeVisible();
  });

  it("has no value while the amount of work is unknown", () => {
    render(<ProgressMeter label="Checking" valueText="Checking 10,000 rows…" />);
    const bar = screen.getByRole("progressbar", { name: "Checking" });
    expect(bar).not.toHaveAttribute("aria-valuenow");
    expect(bar).not.toHaveAttribute("aria-valuemax");
  });
});
