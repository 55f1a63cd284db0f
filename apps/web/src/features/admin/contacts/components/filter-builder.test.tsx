import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RuleGroup } from "@cohort/common/filters";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { FilterBuilder } from "./filter-builder";
import { fetchMock, stubFetch, TestProviders } from "../../../../test/harness";
import { sampleTags } from "../../../../test/sample-tags";

function renderBuilder(rules?: RuleGroup, serverError: string | null = null) {
  const onApply = vi.fn<(rules: RuleGroup | undefined) => void>();
  render(
    <TestProviders>
      <FilterBuilder rules={rules} serverError={serverError} onApply={onApply} onClose={vi.fn()} />
    </TestProviders>,
  );
  return onApply;
}

describe("FilterBuilder", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(requestUrl(input).includes("/contact-tags") ? jsonResponse(200, sampleTags) : jsonResponse(404)),
    );
  });

  it("builds a rule group from a tag rule and a date rule", async () => {
    const onApply = renderBuilder();
    await userEvent.click(screen.getByRole("button", { name: "Add rule" }));
    const field = screen.getByRole("combobox", { name: "Field" });
    expect(field).toHaveFocus();
    await userEvent.selectOptions(field, "Tags");
    await screen.findByRole("option", { name: "Volunteer" });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Value for Tags" }), "Volunteer");

    await userEvent.click(screen.getAllByRole("button", { name: "Add rule" })[0]!);
    await userEvent.selectOptions(screen.getAllByRole("combobox", { name: "Field" })[1]!, "Joined");
    await userEvent.selectOptions(screen.getAllByRole("combobox", { name: "Condition" })[1]!, "is on or after");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Value for Joined" }), "30 days ago");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));

    expect(onApply).toHaveBeenCalledWith({
      condition: "AND",
      rules: [
        { field: "tags", operator: "contains", value: ["0994f8be-a764-4748-881c-dd28bb281272"] },
        { field: "joined", operator: "greater_or_equal", value: ["$now(d:-30)"] },
      ],
    });
  });

  it("nests an OR group", async () => {
    const onApply = renderBuilder();
    await userEvent.click(screen.getByRole("button", { name: "Add group" }));
    const group = screen.getByRole("group", { name: "Group of rules" });
    expect(within(group).getByRole("combobox", { name: "How the rules combine" })).toHaveDisplayValue(
      "Match any of these rules",
    );
    await userEvent.selectOptions(within(group).getByRole("combobox", { name: "Field" }), "Active member");
    await userEvent.click(within(group).getByRole("button", { name: "Add rule" }));
    await userEvent.selectOptions(within(group).getAllByRole("combobox", { name: "Field" })[1]!, "Newsletter status");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onApply).toHaveBeenCalledWith({
      condition: "AND",
      rules: [
        {
          condition: "OR",
          rules: [
            { field: "activeMembership", operator: "equal", value: [true] },
            { field: "newsletterStatus", operator: "equal", value: ["subscribed"] },
          ],
        },
      ],
    });
  });

  it("refuses to apply an unfinished rule and says which one", async () => {
    const onApply = renderBuilder();
    await userEvent.click(screen.getByRole("button", { name: "Add rule" }));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Field" }), "Email");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole("group", { name: "Email" })).toHaveAccessibleDescription(
      "Complete this rule or remove it.",
    );

    await userEvent.click(screen.getByRole("button", { name: "Remove rule: Email" }));
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onApply).toHaveBeenCalledWith(undefined);
  });

  it("starts from the rules in use and shows why the server refused them", () => {
    renderBuilder(
      { condition: "OR", rules: [{ field: "email", operator: "ends_with", value: ["@example.org"] }] },
      "Invalid field: bogus",
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid field: bogus");
    expect(screen.getByRole("combobox", { name: "How the rules combine" })).toHaveDisplayValue(
      "Match any of these rules",
    );
    expect(screen.getByRole("textbox", { name: "Value for Email" })).toHaveValue("@example.org");
  });
});
