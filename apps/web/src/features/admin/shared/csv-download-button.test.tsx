import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { notifications } from "../../../app/notifications/notification-store";
import { captureSavedFiles, fetchMock, renderWithProviders, stubFetch } from "../../../test/harness";
import { CsvDownloadButton } from "./csv-download-button";

const encoder = new TextEncoder();

/** A CSV answer whose body arrives when the test pushes it. */
function streamedCsv() {
  let push: (text: string | null) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => (text === null ? controller.close() : controller.enqueue(encoder.encode(text)));
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="contacts-2026.csv"' },
  });
  return { response, push: (text: string | null) => push(text) };
}

describe("CSV download button", () => {
  stubFetch();
  const saved = captureSavedFiles();
  afterEach(() => notifications.clear());

  it("shows the rows received against the rows expected, then saves the file", async () => {
    const csv = streamedCsv();
    fetchMock.mockResolvedValue(csv.response);
    renderWithProviders(
      <CsvDownloadButton
        href="/api/1.0/contact.csv"
        expectedRows={3}
        label="Export CSV"
        accessibleLabel="Export CSV of the contacts shown"
        fallbackName="contacts.csv"
      />,
    );

    await userEvent.click(screen.getByRole("button", { name: "Export CSV of the contacts shown" }));
    const bar = await screen.findByRole("progressbar", { name: "Download progress" });
    expect(bar).toHaveAttribute("aria-valuemax", "3");
    expect(bar).toHaveAttribute("aria-valuenow", "0");
    // The same button now cancels, so focus stays where it was.
    expect(screen.getByRole("button", { name: "Cancel download" })).toBeInTheDocument();

    await act(async () => csv.push('Id,Notes\n1,"two\nlines"\n2,x\n'));
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "2"));
    expect(bar).toHaveAttribute("aria-valuetext", expect.stringMatching(/^2 of 3 rows · /));

    await act(async () => csv.push("3,y\n"));
    await act(async () => csv.push(null));
    await waitFor(() => expect(saved).toEqual(["contacts-2026.csv"]));
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV of the contacts shown" })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get("X-Requested-With")).toBe("XMLHttpRequest");
  });

  it("stops reading and saves nothing when cancelled", async () => {
    const csv = streamedCsv();
    fetchMock.mockResolvedValue(csv.response);
    renderWithProviders(
      <CsvDownloadButton href="/x.csv" expectedRows={undefined} label="Export CSV" fallbackName="x.csv" />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    const bar = await screen.findByRole("progressbar", { name: "Download progress" });
    expect(bar).not.toHaveAttribute("aria-valuenow");
    await userEvent.click(screen.getByRole("button", { name: "Cancel download" }));
    await waitFor(() => expect(screen.queryByRole("progressbar")).not.toBeInTheDocument());
    expect(saved).toEqual([]);
  });
});
