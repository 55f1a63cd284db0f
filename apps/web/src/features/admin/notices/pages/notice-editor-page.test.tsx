import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Notice } from "@cohort/common/notices";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { stubLayoutForEditor } from "../../shared/rich-text/jsdom-layout";
import { NoticeEditorPage } from "./notice-editor-page";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";

const stored: Notice = {
  id: "2b7c1f4e-0c1d-4a8e-9b7f-3d2e1c0b9a88",
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
  name: "Summer fair",
  text: "<p>Come along</p>",
  starts: "2026-06-01T08:00:00.000Z",
  expires: null,
  status: "scheduled",
  buttonText: "Read more",
  url: "https://example.org/fair",
};

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: "/admin/notices/add", Component: NoticeEditorPage },
      { path: "/admin/notices/edit/:id", Component: NoticeEditorPage },
      { path: "/admin/notices/view/:id", Component: () => <p>Viewing</p> },
    ],
    path,
  );
}

/** Method and body of every write. */
function writes() {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== "GET")
    .map(([input, init]) => ({
      method: init?.method,
      url: requestUrl(input),
      body: JSON.parse(typeof init?.body === "string" ? init.body : "{}") as Record<string, unknown>,
    }));
}

beforeAll(stubLayoutForEditor);

describe("the notice form", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((_input, init) => {
      if (init?.method === "POST" || init?.method === "PATCH") {
        const body = JSON.parse(typeof init.body === "string" ? init.body : "{}") as Partial<Notice>;
        return Promise.resolve(jsonResponse(200, { ...stored, ...body, buttonText: undefined, url: undefined }));
      }
      return Promise.resolve(jsonResponse(200, stored));
    });
  });

  it("checks the fields before sending anything", async () => {
    const user = userEvent.setup();
    renderAt("/admin/notices/add");
    await user.click(await screen.findByRole("button", { name: "Create notice" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("This field is required")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Name"), "Fair");
    await user.click(await screen.findByRole("textbox", { name: "Text" }));
    await user.paste("Hello");
    await user.type(screen.getByLabelText("Button text"), "Go");
    await user.click(screen.getByRole("button", { name: "Create notice" }));
    expect(await screen.findByText("URL is required")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Button link"), "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Create notice" }));
    expect(await screen.findByText("Invalid URL")).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("refuses an end before the start", async () => {
    const user = userEvent.setup();
    renderAt("/admin/notices/add");
    await user.type(await screen.findByLabelText("Name"), "Fair");
    await user.click(await screen.findByRole("textbox", { name: "Text" }));
    await user.paste("Hello");
    await user.type(screen.getByLabelText("Starts"), "2026-06-02T10:00");
    await user.type(screen.getByLabelText("Ends"), "2026-06-01T10:00");
    await user.click(screen.getByRole("button", { name: "Create notice" }));
    expect(await screen.findByText("The expiry date must be after the start date.")).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("creates a draft without a button, then opens it", async () => {
    const user = userEvent.setup();
    const router = renderAt("/admin/notices/add");
    await user.type(await screen.findByLabelText("Name"), "Fair");
    await user.click(await screen.findByRole("textbox", { name: "Text" }));
    await user.paste("Hello");
    await user.click(screen.getByRole("button", { name: "Create notice" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/notices/view/${stored.id}`));
    expect(writes()).toEqual([
      {
        method: "POST",
        url: expect.stringContaining("/notice") as string,
        body: { name: "Fair", text: "<p>Hello</p>", buttonText: null, url: null, starts: null, expires: null },
      },
    ]);
  });

  it("edits a stored notice and sends its dates as ISO times", async () => {
    const user = userEvent.setup();
    renderAt(`/admin/notices/edit/${stored.id}`);
    const name = await screen.findByLabelText("Name");
    expect(name).toHaveValue("Summer fair");
    expect(screen.getByLabelText("Button link")).toHaveValue(stored.url);
    await user.clear(name);
    await user.type(name, "Autumn fair");
    await user.type(screen.getByLabelText("Ends"), "2026-06-30T18:00");
    await user.click(screen.getByRole("button", { name: "Save notice" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "PATCH",
      url: expect.stringContaining(`/notice/${stored.id}`) as string,
      body: {
        name: "Autumn fair",
        starts: stored.starts,
        expires: new Date("2026-06-30T18:00").toISOString(),
        buttonText: "Read more",
        url: stored.url,
      },
    });
  });
});
