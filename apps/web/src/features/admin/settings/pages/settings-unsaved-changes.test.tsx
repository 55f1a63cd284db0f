import type { ReactNode } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { generalContent, jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { GeneralSettingsPage, ThemeSettingsPage } from "./settings-tabs";

function renderTab(Component: () => ReactNode) {
  return renderRoutes(
    [
      { path: "/admin/settings", Component },
      { path: "/admin/dashboard", Component: () => <p>Dashboard</p> },
    ],
    "/admin/settings",
  );
}

stubFetch();
beforeEach(() => {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (url.includes("/content/general")) {
      return Promise.resolve(jsonResponse(200, { ...generalContent, ...body }));
    }
    if (url.includes("/setup/sample-data")) return Promise.resolve(jsonResponse(200, { loaded: false }));
    return Promise.resolve(jsonResponse(404, { code: "not-found" }));
  });
});

describe("settings with unsaved changes", () => {
  it("ask before the General tab is left, and let a saved form go", async () => {
    const user = userEvent.setup();
    const router = renderTab(GeneralSettingsPage);
    await user.type(await screen.findByLabelText("Organisation name"), " Weekly");

    void router.navigate("/admin/dashboard");
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(dialog).toHaveTextContent("You have unsaved changes.");
    await user.click(within(dialog).getByRole("button", { name: "Stay here" }));
    expect(screen.getByLabelText("Organisation name")).toHaveValue("Riverside Gazette Weekly");

    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByText("You have unsaved changes.")).toBeNull());
    void router.navigate("/admin/dashboard");
    expect(await screen.findByText("Dashboard")).toBeInTheDocument();
  });

  it("ask before the Theme tab is left, and leave when told to", async () => {
    const user = userEvent.setup();
    const router = renderTab(ThemeSettingsPage);
    const primary = await screen.findByLabelText("Primary");
    await user.clear(primary);
    await user.type(primary, "#123456");

    void router.navigate("/admin/dashboard");
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    await user.click(within(dialog).getByRole("button", { name: "Leave and lose changes" }));
    expect(await screen.findByText("Dashboard")).toBeInTheDocument();
  });
});
