import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import { i18n } from "../../../app/i18n/i18n";
import { CalloutFormRenderer } from ".";

const signatureForm: CalloutForm = {
  slides: [
    {
      id: "consent",
      title: "Consent",
      navigation: {},
      components: [
        {
          id: "s1",
          key: "signed",
          type: "signature",
          label: "Your signature",
          input: true,
          validate: { required: true },
        },
      ],
    },
  ],
};

function renderSignatureForm() {
  const onSubmit = vi.fn<(answers: CalloutAnswers) => void>();
  render(
    <I18nextProvider i18n={i18n}>
      <CalloutFormRenderer form={signatureForm} onSubmit={onSubmit} />
    </I18nextProvider>,
  );
  return onSubmit;
}

const PNG = "data:image/png;base64,c2lnbmVk";

describe("signature component", () => {
  const fillText = vi.fn();

  beforeEach(() => {
    // The test DOM has no canvas drawing: a stand-in context records what is written.
    const context = { scale: vi.fn(), clearRect: vi.fn(), fillText, beginPath: vi.fn() };
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(context as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue(PNG);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    fillText.mockReset();
  });

  it("signs with a typed name, using the keyboard only, as a PNG image", async () => {
    const onSubmit = renderSignatureForm();

    const typed = await screen.findByLabelText("Or type your name to sign");
    await userEvent.tab();
    while (document.activeElement !== typed) await userEvent.tab();
    await userEvent.keyboard("Sam Walker");
    expect(fillText).toHaveBeenLastCalledWith("Sam Walker", expect.any(Number), expect.any(Number), expect.any(Number));

    screen.getByRole("button", { name: "Send" }).focus();
    await userEvent.keyboard("{Enter}");
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ consent: { signed: PNG } }));
  });

  it("leaves the answer empty when the typed name is wiped", async () => {
    const onSubmit = renderSignatureForm();
    const typed = await screen.findByLabelText("Or type your name to sign");
    await userEvent.type(typed, "Sam");
    await userEvent.clear(typed);
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("This field is required")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    // The field's first control takes the focus: the keyboard's way to sign.
    expect(typed).toHaveFocus();
    expect(screen.getByRole("group", { name: /Your signature/ })).toContainElement(typed);
  });
});
