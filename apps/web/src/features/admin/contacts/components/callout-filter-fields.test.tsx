import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RuleGroup } from "@cohort/common/filters";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { callout, calloutId } from "../../../../test/inbox-fixtures";
import { FilterBuilder } from "./filter-builder";
import { fetchMock, stubFetch, TestProviders } from "../../../../test/harness";
import { sampleTags } from "../../../../test/sample-tags";

function renderBuilder(rules?: RuleGroup) {
  const onApply = vi.fn<(rules: RuleGroup | undefined) => void>();
  render(
    <TestProviders>
      <FilterBuilder rules={rules} serverError={null} onApply={onApply} onClose={vi.fn()} />
    </TestProviders>,
  );
  return onApply;
}

/** Adds the callout "Flooding" with the picker, then a rule, once its fields are offered. */
async function addRuleOnFlooding() {
  await userEvent.selectOptions(
    await screen.findByRole("combobox", { name: "Filter by a callout’s answers:" }),
    "Flooding",
  );
  await userEvent.click(screen.getByRole("button", { name: "Add rule" }));
  await screen.findByRole("group", { name: "Callout: Flooding" });
}

describe("contact filters on callout answers", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((input) => {
      const url = new URL(requestUrl(input), "http://localhost");
      if (url.pathname.endsWith("/contact-tags")) return Promise.resolve(jsonResponse(200, sampleTags));
      if (url.pathname.endsWith(`/callout/${calloutId}`)) return Promise.resolve(jsonResponse(200, callout));
      if (url.pathname.endsWith("/callout")) {
        return Promise.resolve(jsonResponse(200, { items: [callout], total: 1, offset: 0, count: 1 }));
      }
      return Promise.resolve(jsonResponse(404));
    });
  });

  it("adds a callout's answers as fields, typed by its form, and builds their rules", async () => {
    const onApply = renderBuilder();
    await addRuleOnFlooding();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Field" }), "District");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Value for District" }), "South side");

    await userEvent.click(screen.getAllByRole("button", { name: "Add rule" })[0]!);
    await userEvent.selectOptions(screen.getAllByRole("combobox", { name: "Field" })[1]!, "Age");
    await userEvent.selectOptions(screen.getAllByRole("combobox", { name: "Condition" })[1]!, "is more than");
    await userEvent.type(screen.getByRole("spinbutton", { name: "Value for Age" }), "40");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));

    expect(onApply).toHaveBeenCalledWith({
      condition: "AND",
      rules: [
        { field: `callouts.${calloutId}.responses.answers.s1.district`, operator: "equal", value: ["south"] },
        { field: `callouts.${calloutId}.responses.answers.s1.age`, operator: "greater", value: [40] },
      ],
    });
  });

  it("offers the campaign fields each answer came with", async () => {
    const onApply = renderBuilder();
    await addRuleOnFlooding();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Field" }), "Source (utm_source)");
    await userEvent.type(screen.getByRole("textbox", { name: "Value for Source (utm_source)" }), "newsletter");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));

    expect(onApply).toHaveBeenCalledWith({
      condition: "AND",
      rules: [{ field: `callouts.${calloutId}.responses.utmSource`, operator: "equal", value: ["newsletter"] }],
    });
  });

  it("shows rules in use on a callout's answers with the answer's name", async () => {
    renderBuilder({
      condition: "AND",
      rules: [{ field: `callouts.${calloutId}.hasAnswered`, operator: "equal", value: [true] }],
    });
    const field = screen.getByRole("combobox", { name: "Field" });
    expect(await screen.findByRole("option", { name: "Has answered", selected: true })).toBeInTheDocument();
    expect(field).toHaveDisplayValue("Has answered");
  });
});
