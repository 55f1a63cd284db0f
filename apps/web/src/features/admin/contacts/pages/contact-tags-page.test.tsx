import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { sampleTags } from "../../../../test/sample-tags";
import { ContactTagsPage } from "./contact-tags-page";

let stored = sampleTags;
let refuseDelete = false;

/** The changes sent, as method, address and body. */
function changes() {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== "GET")
    .map(([input, init]) => [init?.method, new URL(requestUrl(input), "http://x").pathname, init?.body ?? null]);
}

describe("the contact tags page", () => {
  stubFetch();
  beforeEach(() => {
    stored = sampleTags;
    refuseDelete = false;
    fetchMock.mockImplementation((input, init) => {
      const id = new URL(requestUrl(input), "http://x").pathname.split("/").pop();
      if (init?.method === "PATCH") {
        const { name } = JSON.parse(typeof init.body === "string" ? init.body : "{}") as { name: string };
        stored = stored.map((tag) => (tag.id === id ? { ...tag, name } : tag));
        return Promise.resolve(jsonResponse(200, { id, name }));
      }
      if (init?.method === "DELETE") {
        if (refuseDelete) return Promise.resolve(jsonResponse(403, { code: "forbidden", message: "No" }));
        stored = stored.filter((tag) => tag.id !== id);
        return Promise.resolve(jsonResponse(204));
      }
      return Promise.resolve(jsonResponse(200, stored));
    });
  });

  const openPage = () =>
    renderRoutes([{ path: "/admin/contacts/tags", Component: ContactTagsPage }], "/admin/contacts/tags");

  it("renames a tag in its row, its buttons hidden while it is edited", async () => {
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole("button", { name: "Rename Volunteer" }));
    const input = screen.getByRole("textbox", { name: "New name for Volunteer" });
    expect(input).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Delete Volunteer" })).toBeNull();
    await user.clear(input);
    await user.type(input, "Helpers{Enter}");
    expect(await screen.findByRole("rowheader", { name: "Helpers" })).toBeVisible();
    expect(changes()).toEqual([["PATCH", `/api/1.0/contact-tags/${sampleTags[1]!.id}`, '{"name":"Helpers"}']]);
    expect(screen.getByRole("button", { name: "Delete Helpers" })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Rename Helpers" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("textbox", { name: "New name for Helpers" })).toBeNull();
  });

  it("asks before deleting a tag, says why a delete failed, and deletes it once allowed", async () => {
    const user = userEvent.setup();
    refuseDelete = true;
    openPage();
    await user.click(await screen.findByRole("button", { name: "Delete Event attendee" }));
    const dialog = screen.getByRole("dialog", { name: "Delete the tag “Event attendee”?" });
    expect(dialog).toHaveTextContent("contacts now: 6");
    await user.click(within(dialog).getByRole("button", { name: "Delete tag" }));
    expect(await within(dialog).findByRole("alert")).toBeVisible();

    refuseDelete = false;
    await user.click(within(dialog).getByRole("button", { name: "Delete tag" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.queryByRole("rowheader", { name: "Event attendee" })).toBeNull());
    expect(changes().filter(([method]) => method === "DELETE")).toHaveLength(2);
  });
});
