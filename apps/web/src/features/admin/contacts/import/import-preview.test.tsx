import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ImportResult } from "@cohort/common/contacts";
import { TestProviders } from "../../../../test/harness";
import { ImportChangesTable, ImportCounts, ImportErrorsTable, MAX_ERRORS_SHOWN } from "./import-preview";

const result: ImportResult = {
  created: 1,
  updated: 2,
  skipped: 1,
  tagsCreated: 3,
  errors: [{ row: 2, property: "email", message: "Invalid email address" }],
  changes: [
    {
      row: 3,
      email: "c@example.org",
      fields: [
        { field: "firstname", from: "Cy", to: "Cyrus" },
        { field: "telephone", from: "", to: "+44 20 7946 0001" },
        { field: "deliveryOptIn", from: "false", to: "true" },
      ],
    },
    { row: 4, email: "d@example.org", fields: [] },
  ],
};

describe("import preview", () => {
  it("shows the four counts", () => {
    render(
      <TestProviders>
        <ImportCounts result={result} />
      </TestProviders>,
    );
    const count = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(count("New contacts")).toBe("1");
    expect(count("Updated contacts")).toBe("2");
    expect(count("Skipped rows")).toBe("1");
    expect(count("New tags")).toBe("3");
  });

  it("lists each row error with its row, email, field label and message", () => {
    render(
      <TestProviders>
        <ImportErrorsTable
          errors={[...result.errors, { row: 3, property: "membershipExpires", message: "Invalid date" }]}
          rows={[{ email: "a@example.org" }, { email: "not-an-email" }, { email: "c@example.org" }]}
        />
      </TestProviders>,
    );
    const table = screen.getByRole("table", { name: "Rows with problems" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["2", "not-an-email", "Email", "Invalid email address"]);
    expect(
      within(rows[2]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["3", "c@example.org", "Membership expires", "Invalid date"]);
    expect(screen.queryByText(/more problems/)).not.toBeInTheDocument();
  });

  it("caps a long list and counts the rest", () => {
    const errors = Array.from({ length: MAX_ERRORS_SHOWN + 7 }, (_, index) => ({
      row: index + 1,
      property: "email",
      message: "Email is required",
    }));
    render(
      <TestProviders>
        <ImportErrorsTable errors={errors} rows={[]} />
      </TestProviders>,
    );
    expect(screen.getAllByRole("row")).toHaveLength(MAX_ERRORS_SHOWN + 1);
    expect(screen.getByText("…and 7 more problems.")).toBeInTheDocument();
  });

  it("lists each updated contact with every field it changes, the value now and the new one", () => {
    render(
      <TestProviders>
        <ImportChangesTable changes={result.changes} />
      </TestProviders>,
    );
    const table = screen.getByRole("table", { name: "Changes to existing contacts" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const cells = within(rows[1]!).getAllByRole("cell");
    expect(cells.map((cell) => cell.textContent).slice(0, 2)).toEqual(["3", "c@example.org"]);
    expect(
      within(cells[2]!)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "First name: Cy →becomes Cyrus",
      "Telephone: (empty) →becomes +44 20 7946 0001",
      "Delivery opt-in: No →becomes Yes",
    ]);
    expect(within(rows[2]!).getAllByRole("cell")[2]).toHaveTextContent("Nothing changes");
  });
});
