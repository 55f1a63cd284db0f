import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Notice } from "@cohort/common/notices";
import { noticeStatus } from "@cohort/common/notices";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { NoticeViewPage } from "./notice-view-page";

const NOW = new Date("2026-03-01T12:00:00.000Z");

const draft: Notice = {
  id: "2b7c1f4e-0c1d-4a8e-9b7f-3d2e1c0b9a88",
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
  name: "Summer fair",
  text: "<p>Come along</p>",
  starts: null,
  expires: "2026-02-01T00:00:00.000Z",
  status: "draft",
};

let stored: Notice = draft;

function patches() {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === "PATCH")
    .map(([input, init]) => ({
      url: requestUrl(input),
      body: JSON.parse(typeof init?.body === "string" ? init.body : "{}") as Record<string, unknown>,
    }));
}

describe("a notice's page", () => {
  stubFetch();
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    stored = draft;
    fetchMock.mockImplementation((_input, init) => {
      if (init?.method === "PATCH") {
        const body = JSON.parse(typeof init.body === "string" ? init.body : "{}") as Partial<Notice>;
        const next = { ...stored, ...body };
        const dates = [next.starts, next.expires].map((value) => (value ? new Date(value) : null));
        stored = { ...next, status: noticeStatus(dates[0]!, dates[1]!, NOW) };
      }
      return Promise.resolve(jsonResponse(200, stored));
    });
  });
  afterEach(() => vi.useRealTimers());

  it("publishes a draft now, dropping an end that has passed", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: "/admin/notices/view/:id", Component: NoticeViewPage }], `/admin/notices/view/${draft.id}`);
    await user.click(await screen.findByRole("button", { name: "Publish now" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      url: expect.stringContaining(`/notice/${draft.id}`) as string,
      body: { starts: NOW.toISOString(), expires: null },
    });
    expect(await screen.findByText("Open")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Publish now" })).toBeNull();
  });

  it("keeps an end that is still ahead, and offers no publishing for an open notice", async () => {
    const user = userEvent.setup();
    stored = { ...draft, expires: "2026-04-01T00:00:00.000Z" };
    renderRoutes([{ path: "/admin/notices/view/:id", Component: NoticeViewPage }], `/admin/notices/view/${draft.id}`);
    await user.click(await screen.findByRole("button", { name: "Publish now" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]?.body).toEqual({ starts: NOW.toISOString(), expires: "2026-04-01T00:00:00.000Z" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Publish now" })).toBeNull());
    expect(screen.getByRole("link", { name: "Edit" })).toBeInTheDocument();
  });
});
