import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { generalContent, jsonResponse } from "../../../test/json-response";
import { ThemePage } from "./theme-page";
import { fetchMock, stubFetch, TestProviders } from "../../../test/harness";

describe("the theme page", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { ...generalContent, theme: { colors: { primary: "#7a1f5c" } } })),
    );
  });
  it("shows the colours and every kind of element", async () => {
    render(
      <TestProviders>
        <ThemePage />
      </TestProviders>,
    );
    expect(await screen.findByText("#7a1f5c")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("The theme of Riverside Gazette");
    for (const name of ["Colours", "Text", "Buttons and labels", "Messages", "Forms", "Table"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole("button", { name: "Disabled" })).toBeDisabled();
    expect(screen.getByRole("table", { name: "Table" })).toBeInTheDocument();
  });
});
