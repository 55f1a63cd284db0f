import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../../app/i18n/i18n";
import { notifications } from "../../../app/notifications/notification-store";
import { routeTable } from "../../../app/router/route-table";
import { UiToolkitPage } from "./ui-toolkit-page";

function renderPage() {
  const router = createMemoryRouter([{ path: "/admin/ui-toolkit", Component: UiToolkitPage }], {
    initialEntries: ["/admin/ui-toolkit"],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

afterEach(() => notifications.clear());

describe("the UI toolkit page", () => {
  it("is an admin page with a translated title", () => {
    const route = routeTable.find((entry) => entry.path === "admin/ui-toolkit");
    expect(route?.meta).toMatchObject({ name: "adminUiToolkit", admin: true, pageTitle: "adminUiToolkit.pageTitle" });
    expect(route?.meta.noLogin).toBeFalsy();
  });

  it("shows every kind of component in its states", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "UI toolkit" })).toBeInTheDocument();
    for (const section of [
      "Buttons",
      "Form fields",
      "Dialogs",
      "Tables and lists",
      "Badges",
      "Alerts",
      "Tabs",
      "Notification tray",
      "Loading",
    ]) {
      expect(screen.getByRole("heading", { level: 2, name: section })).toBeInTheDocument();
    }
    const buttons = within(screen.getByRole("region", { name: "Buttons" }));
    expect(buttons.getAllByRole("button", { name: "Disabled" })).toHaveLength(4);
    for (const button of buttons.getAllByRole("button", { name: "Disabled" })) expect(button).toBeDisabled();

    const fields = within(screen.getByRole("region", { name: "Form fields" }));
    expect(fields.getByLabelText("Email address")).toHaveAccessibleDescription("This field needs a valid value.");
    expect(fields.getByLabelText("Email address")).toHaveAttribute("aria-invalid", "true");

    const alerts = within(screen.getByRole("region", { name: "Alerts" }));
    expect(alerts.getByText("Error")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Tables and lists" })).getAllByRole("row")).toHaveLength(4);
    expect(
      within(screen.getByRole("navigation", { name: "Tabs" })).getByRole("link", { name: "This page" }),
    ).toHaveAttribute("aria-current", "page");
  });

  it("opens its dialogs and sends notifications of every variant", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("button", { name: "Delete something" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this item?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Delete this item?" })).not.toBeInTheDocument();

    const region = within(screen.getByRole("region", { name: "Notification tray" }));
    for (const variant of ["Information", "Success", "Warning", "Error"]) {
      await user.click(region.getByRole("button", { name: variant }));
    }
    expect(notifications.getSnapshot().map((item) => item.variant)).toEqual(["info", "success", "warning", "error"]);
  });
});
