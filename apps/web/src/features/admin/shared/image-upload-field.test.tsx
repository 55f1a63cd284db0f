import { useState } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "../../../app/i18n/i18n";
import { ImageUploadField } from "./image-upload-field";

vi.mock("../../../api/admin-callouts", () => ({
  uploadFile: vi.fn(() => Promise.resolve("/uploads/abc/logo.png")),
}));

function Logo({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nextProvider i18n={i18n}>
      <ImageUploadField
        label="Upload a logo"
        hint="Or paste an address."
        value={value}
        onChange={setValue}
        previewAlt="The current logo"
        removeLabel="Remove image"
        uploadingLabel="Uploading…"
      >
        <output data-testid="value">{value}</output>
      </ImageUploadField>
    </I18nextProvider>
  );
}

describe("ImageUploadField", () => {
  it("uploads the chosen file, previews it and can take it away", async () => {
    const user = userEvent.setup();
    render(<Logo initial="" />);
    expect(screen.queryByAltText("The current logo")).toBeNull();
    await user.upload(screen.getByLabelText("Upload a logo"), new File(["png"], "logo.png", { type: "image/png" }));
    expect(await screen.findByAltText("The current logo")).toHaveAttribute(
      "src",
      expect.stringContaining("/uploads/abc/logo.png"),
    );
    expect(screen.getByTestId("value")).toHaveTextContent("/uploads/abc/logo.png");
    await user.click(screen.getByRole("button", { name: "Remove image" }));
    expect(screen.getByTestId("value")).toBeEmptyDOMElement();
    expect(screen.queryByAltText("The current logo")).toBeNull();
  });

  it("previews an image given by its address", () => {
    render(<Logo initial="https://example.org/logo.png" />);
    expect(screen.getByAltText("The current logo")).toHaveAttribute("src", "https://example.org/logo.png");
  });
});
