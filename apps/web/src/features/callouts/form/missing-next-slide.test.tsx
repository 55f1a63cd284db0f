import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import { i18n } from "../../../app/i18n/i18n";
import { CalloutFormRenderer } from ".";

const form: CalloutForm = {
  slides: [
    {
      id: "first",
      title: "First",
      navigation: { nextSlideId: "gone", nextText: "Onwards", submitText: "Send it" },
      components: [{ id: "c1", key: "name", type: "textfield", label: "Your name", input: true }],
    },
    {
      id: "second",
      title: "Second",
      navigation: {},
      components: [{ id: "c2", key: "more", type: "textfield", label: "More", input: true }],
    },
  ],
};

describe("a slide leading to a slide that does not exist", () => {
  it("is the last slide: it shows Submit and sends its answers", async () => {
    const onSubmit = vi.fn<(answers: CalloutAnswers) => void>();
    render(
      <I18nextProvider i18n={i18n}>
        <CalloutFormRenderer form={form} onSubmit={onSubmit} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole("button", { name: "Onwards" })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Your name"), "Sam");
    await userEvent.click(screen.getByRole("button", { name: "Send it" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ first: { name: "Sam" } }));
  });
});
