import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../../app/i18n/i18n";
import { calloutPayload, editorValuesFrom } from "../editor/editor-conversion";
import type { CalloutEditorValues } from "../editor/editor-values";
import { SlideSettings } from "./slide-settings";
import { SlidesList } from "./slides-list";

/** The form's values as the harness last reported them. */
const latest: { values: CalloutEditorValues | null } = { values: null };

function Harness() {
  const form = useForm<CalloutEditorValues>({
    defaultValues: editorValuesFrom(null, { slideTitle: "Slide 1", thanksTitle: "Thanks" }, "first"),
  });
  return (
    <I18nextProvider i18n={i18n}>
      <FormProvider {...form}>
        <Slides />
      </FormProvider>
    </I18nextProvider>
  );
}

function Slides() {
  const slides = useWatch<CalloutEditorValues, "slides">({ name: "slides" });
  const values = useWatch<CalloutEditorValues>();
  useEffect(() => {
    latest.values = values as CalloutEditorValues;
  }, [values]);
  const [selectedId, setSelectedId] = useState("first");
  const index = slides.findIndex((slide) => slide.id === selectedId);
  return (
    <>
      <SlidesList slides={slides} selectedId={selectedId} onSelect={setSelectedId} />
      <SlideSettings slide={slides[index]!} index={index} slides={slides} />
    </>
  );
}

describe("slide button texts", () => {
  it("start empty, with the default wording as a placeholder, and are saved empty unless typed", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByLabelText("Send button text")).toHaveValue("");
    expect(screen.getByLabelText("Send button text")).toHaveAttribute("placeholder", "Send");

    await user.click(screen.getByRole("button", { name: "Add slide" }));
    expect(screen.getByLabelText("Back button text")).toHaveValue("");
    expect(screen.getByLabelText("Back button text")).toHaveAttribute("placeholder", "Back");
    await user.type(screen.getByLabelText("Send button text"), "Send my story");

    const navigation = calloutPayload(latest.values!).variants.default!.slideNavigation;
    expect(Object.values(navigation)).toEqual([
      { prevText: "", nextText: "", submitText: "" },
      { prevText: "", nextText: "", submitText: "Send my story" },
    ]);
  });
});
