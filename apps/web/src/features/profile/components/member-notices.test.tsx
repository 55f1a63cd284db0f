import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { Notice } from "@cohort/common/notices";
import { jsonResponse } from "../../../test/json-response";
import { MemberNotices } from "./member-notices";
import { fetchMock, stubFetch, TestProviders } from "../../../test/harness";

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

const show = (contactId: string) =>
  render(
    <TestProviders>
      <MemberNotices contactId={contactId} />
    </TestProviders>,
  );

describe("notices on the member's home page", () => {
  stubFetch();
  beforeEach(() => {
    window.localStorage.clear();
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { items: [fair, survey], total: 2, offset: 0, count: 2 })),
    );
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
