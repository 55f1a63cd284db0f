import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NotificationTray } from "./notification-tray";

describe("NotificationTray", () => {
  it("lists messages in a labelled region with the right roles", () => {
    render(
      <NotificationTray
        label="Notifications"
        dismissLabel="Dismiss"
        onDismiss={vi.fn()}
        items={[
          { id: 1, title: "Saved", description: "All good", variant: "success", removeable: true },
          { id: 2, title: "Failed", variant: "error", removeable: false, progress: 0.25 },
        ]}
      />,
    );
    const region = screen.getByRole("region", { name: "Notifications" });
    expect(region.tagName).toBe("SECTION");
    expect(screen.getByRole("status")).toHaveTextContent("SavedAll good");
    expect(screen.getByRole("alert")).toHaveTextContent("Failed");
    expect(screen.getAllByRole("button", { name: "Dismiss" })).toHaveLength(1);
  });

  it("can be dismissed from the keyboard", async () => {
    const onDismiss = vi.fn();
    render(
      <NotificationTray
        label="Notifications"
        dismissLabel="Dismiss"
        onDismiss={onDismiss}
        items={[{ id: 7, title: "Hello", variant: "info", removeable: true }]}
      />,
    );
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Dismiss" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(onDismiss).toHaveBeenCalledWith(7);
  });
});
