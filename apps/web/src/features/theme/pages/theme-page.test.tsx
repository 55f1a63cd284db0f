import type { ReactNode } from "react";
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../app/i18n/i18n";
import { generalContent, jsonResponse } from "../../../test/json-response";
import { ThemePage } from "./theme-page";

const fetchMock = vi.fn<typeof fetch>();

function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

describe("the theme page", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { ...generalContent, theme: { colors: { primary: "#7a1f5c" } } })),
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("shows the colours and every kind of element", async () => {
    render(
      <Providers>
        <ThemePage />
      </Providers>,
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
