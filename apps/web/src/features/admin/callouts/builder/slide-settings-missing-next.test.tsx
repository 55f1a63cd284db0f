import { render, screen } from "@testing-library/react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../../app/i18n/i18n";
import { editorValuesFrom } from "../editor/editor-conversion";
import type { CalloutEditorValues } from "../editor/editor-values";
import { SlideSettings } from "./slide-settings";

const texts = {
  slideTitle: "Slide",
  thanksTitle: "Thanks",
};

function Harness({ next }: { next: string | null }) {
  const values = editorValuesFrom(null, texts, "first");
  const first = values.slides[0]!;
  values.slides = [
    { ...first, title: "First", navigation: { ...first.navigation, nextSlideId: next } },
    { ...first, id: "second", title: "Second", navigation: { ...first.navigation, nextSlideId: null } },
  ];
  const form = useForm<CalloutEditorValues>({ defaultValues: values });
  return (
    <I18nextProvider i18n={i18n}>
      <FormProvider {...form}>
        <First />
      </FormProvider>
    </I18nextProvider>
  );
}

function First() {
  const slides = useWatch<CalloutEditorValues, "slides">({ name: "slides" });
  return <SlideSettings slide={slides[0]!} index={0} slides={slides} />;
}

describe("a slide whose next slide does not exist", () => {
  it("shows the missing slide as chosen and warns that the form ends there", () => {
    render(<Harness next="gone" />);
    expect(screen.getByLabelText("After this slide")).toHaveDisplayValue("A slide that does not exist (gone)");
    expect(screen.getByText(/leads to a slide that does not exist \(gone\)/)).toBeInTheDocument();
  });

  it("shows no warning for a slide that exists", () => {
    render(<Harness next="second" />);
    expect(screen.getByLabelText("After this slide")).toHaveDisplayValue("Second");
    expect(screen.queryByText(/does not exist/)).not.toBeInTheDocument();
  });
});
