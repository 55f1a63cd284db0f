import { useState } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Dialog } from "./dialog";

function Example() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title="Rename" closeLabel="Close">
        <label>
          Name <input />
        </label>
        <button type="button">Save</button>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("takes focus, keeps it inside, closes on Escape and gives focus back", async () => {
    render(<Example />);
    const opener = screen.getByRole("button", { name: "Open" });
    await userEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Rename" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus();
    expect(opener.closest("[inert]")).not.toBeNull();

    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Save" })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();

    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(opener.closest("[inert]")).toBeNull();
  });
});
