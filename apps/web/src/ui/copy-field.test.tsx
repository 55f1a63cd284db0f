import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/harness";
import { CopyField } from "./copy-field";

const code = '<script src="https://news.example.org/embed.js" data-url="callouts/flooded-streets"></script>';

describe("CopyField", () => {
  it("shows the whole code, read-only, and copies it", async () => {
    const user = userEvent.setup();
    renderWithProviders(<CopyField label="Code to embed it in a web page" value={code} isCode />);
    const box = screen.getByRole("textbox", { name: "Code to embed it in a web page" });
    expect(box).toHaveValue(code);
    expect(box).toHaveAttribute("readonly");

    await user.click(screen.getByRole("button", { name: "Copy Code to embed it in a web page" }));
    expect(await navigator.clipboard.readText()).toBe(code);
    expect(screen.getByText("Copied.")).toBeInTheDocument();
  });
});
