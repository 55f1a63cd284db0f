import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n/i18n";
import { generalContent, jsonResponse } from "../../test/json-response";
import { BANNER_HEIGHT_PROPERTY, TestPaymentsBanner } from "./test-payments-banner";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderBanner() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <TestPaymentsBanner />
        <p>Page</p>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("TestPaymentsBanner", () => {
  it("says that payments are not real while the server has test payments on", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ...generalContent, testPayments: true }));
    renderBanner();
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Test mode: payments on this site are not real and no money moves.",
    );
  });

  it("tells pages as tall as the window its height, and takes it back when it goes", async () => {
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(58);
    fetchMock.mockResolvedValue(jsonResponse(200, { ...generalContent, testPayments: true }));
    const { unmount } = renderBanner();
    await screen.findByRole("status");
    expect(document.documentElement.style.getPropertyValue(BANNER_HEIGHT_PROPERTY)).toBe("58px");
    unmount();
    expect(document.documentElement.style.getPropertyValue(BANNER_HEIGHT_PROPERTY)).toBe("");
    vi.restoreAllMocks();
  });

  it("shows nothing while test payments are off", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ...generalContent, testPayments: false }));
    renderBanner();
    await screen.findByText("Page");
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
