import type { ReactNode } from "react";
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Notice } from "@cohort/common/notices";
import { i18n } from "../../../app/i18n/i18n";
import { jsonResponse } from "../../../test/json-response";
import { MemberNotices } from "./member-notices";

const fetchMock = vi.fn<typeof fetch>();
const notice = (id: string, name: string): Notice => ({
  id,
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
  name,
  text: `<p>About ${name}</p><script>window.hacked = true</script>`,
  starts: "2026-01-01T10:00:00.000Z",
  expires: null,
  status: "open",
});
const fair = notice("11111111-1111-4111-8111-111111111111", "Summer fair");
const survey = {
  ...notice("22222222-2222-4222-8222-222222222222", "Reader survey"),
  buttonText: "Take part",
  url: "/callouts/survey",
};

function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

const show = (contactId: string) =>
  render(
    <Providers>
      <MemberNotices contactId={contactId} />
    </Providers>,
  );

describe("notices on the member's home page", () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { items: [fair, survey], total: 2, offset: 0, count: 2 })),
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("shows the open notices with their button, without any script", async () => {
    show("me");
    expect(await screen.findByRole("article", { name: "Summer fair" })).toHaveTextContent("About Summer fair");
    expect(screen.getByRole("link", { name: "Take part" })).toHaveAttribute("href", "/callouts/survey");
    expect(document.querySelector("script")).toBeNull();
  });

  it("remembers a dismissal for that person only", async () => {
    const user = userEvent.setup();
    const first = show("me");
    await user.click(await screen.findByRole("button", { name: "Dismiss notice: Summer fair" }));
    expect(screen.queryByRole("article", { name: "Summer fair" })).toBeNull();
    expect(screen.getByRole("article", { name: "Reader survey" })).toBeInTheDocument();
    first.unmount();

    const again = show("me");
    await screen.findByRole("article", { name: "Reader survey" });
    expect(screen.queryByRole("article", { name: "Summer fair" })).toBeNull();
    again.unmount();

    show("someone-else");
    await waitFor(() => expect(screen.getByRole("article", { name: "Summer fair" })).toBeInTheDocument());
  });
});
