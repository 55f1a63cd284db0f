import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RuleValue } from "@cohort/common/filters";
import { contactFilterFields } from "@cohort/common/filters";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { FilterValueInput } from "./filter-value-input";
import { fetchMock, stubFetch, TestProviders } from "../../../../test/harness";
import { sampleTags } from "../../../../test/sample-tags";

function renderInput(field: keyof typeof contactFilterFields, value: RuleValue | null = null) {
  const onChange = vi.fn<(value: RuleValue | null) => void>();
  render(
    <TestProviders>
      <FilterValueInput
        field={field}
        definition={contactFilterFields[field]}
        value={value}
        onChange={onChange}
        label="Value"
      />
    </TestProviders>,
  );
  return onChange;
}

describe("FilterValueInput", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(requestUrl(input).includes("/contact-tags") ? jsonResponse(200, sampleTags) : jsonResponse(404)),
    );
  });

  it("edits text as text", async () => {
    const onChange = renderInput("firstname");
    await userEvent.type(screen.getByRole("textbox", { name: "Value" }), "A");
    expect(onChange).toHaveBeenLastCalledWith("A");
  });

  it("edits numbers as numbers, and an empty box as no value", async () => {
    const onChange = renderInput("contributionMonthlyAmount", 5);
    const input = screen.getByRole("spinbutton", { name: "Value" });
    expect(input).toHaveValue(5);
    await userEvent.type(input, "0");
    expect(onChange).toHaveBeenLastCalledWith(50);
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("offers yes and no for flags", async () => {
    const onChange = renderInput("activeMembership", true);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Value" }), "No");
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it("lists the options of a list field with translated labels", async () => {
    const onChange = renderInput("contributionType", "Automatic");
    const select = screen.getByRole("combobox", { name: "Value" });
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Automatic",
      "Manual",
      "Gift",
      "None",
    ]);
    await userEvent.selectOptions(select, "Gift");
    expect(onChange).toHaveBeenLastCalledWith("Gift");
  });

  it("takes a day from the calendar or a relative date", async () => {
    const onChange = renderInput("joined");
    const kind = screen.getByRole("combobox", { name: "Value" });
    await userEvent.type(screen.getByLabelText("Value (date)"), "2026-03-05");
    expect(onChange).toHaveBeenLastCalledWith("2026-03-05");
    await userEvent.selectOptions(kind, "7 days ago");
    expect(onChange).toHaveBeenLastCalledWith("$now(d:-7)");
  });

  it("shows a relative date without a calendar", () => {
    renderInput("lastSeen", "$now(M:-3)");
    expect(screen.getByRole("combobox", { name: "Value" })).toHaveDisplayValue("3 months ago");
    expect(screen.queryByLabelText("Value (date)")).not.toBeInTheDocument();
  });

  it("picks a tag by name and answers with its id", async () => {
    const onChange = renderInput("tags");
    const select = screen.getByRole("combobox", { name: "Value" });
    await screen.findByRole("option", { name: "Volunteer" });
    await userEvent.selectOptions(select, "Volunteer");
    expect(onChange).toHaveBeenLastCalledWith("0994f8be-a764-4748-881c-dd28bb281272");
  });
});
