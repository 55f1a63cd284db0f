import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import type { FormComponent } from "@cohort/common/callout-form";
import { formComponentSchema } from "@cohort/common/callouts";
import { i18n } from "../../../../app/i18n/i18n";
import { editorValuesFrom } from "../editor/editor-conversion";
import type { CalloutEditorValues } from "../editor/editor-values";
import { field } from "../../../../test/builder-fixtures";
import { FormBuilder } from "./form-builder";

/** The components as the editor holds them now, read from the harness's output. */
const latest = (): FormComponent[] =>
  JSON.parse(screen.getByTestId("components").textContent ?? "[]") as FormComponent[];

function Harness() {
  const [queryClient] = useState(() => new QueryClient());
  const values = editorValuesFrom(null, { slideTitle: "Slide 1", thanksTitle: "Thanks" }, "slide1");
  values.slides[0]!.components = [{ ...field("a", "source"), label: "Where from" }];
  const form = useForm<CalloutEditorValues>({ defaultValues: values });
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <FormProvider {...form}>
          <Slide />
        </FormProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

function Slide() {
  const slides = useWatch<CalloutEditorValues, "slides">({ name: "slides" });
  return (
    <>
      <FormBuilder slide={slides[0]!} slideIndex={0} slides={slides} />
      <output data-testid="components">{JSON.stringify(slides[0]!.components)}</output>
    </>
  );
}

describe("filled from the link", () => {
  it("marks a field, shows the parameter to use, and lets it be hidden; unmarking shows it again", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(document.querySelector<HTMLElement>('[data-builder-row="a"]')!);

    const mark = screen.getByRole("checkbox", { name: "Fill this field from the callout's link" });
    expect(screen.queryByLabelText("Parameter for the link")).not.toBeInTheDocument();
    await user.click(mark);
    expect(screen.getByLabelText("Parameter for the link")).toHaveValue("?source=");
    await user.click(screen.getByRole("checkbox", { name: "Hide it on the form" }));
    expect(latest()[0]).toMatchObject({ key: "source", fillFromLink: true, hidden: true });
    // The flag is part of the checked form JSON: kept as a property, refused when it is not a boolean.
    expect(formComponentSchema.parse(latest()[0])).toMatchObject({ fillFromLink: true, hidden: true });
    expect(formComponentSchema.safeParse({ ...latest()[0], fillFromLink: "yes" }).success).toBe(false);

    await user.click(mark);
    expect(latest()[0]?.fillFromLink).toBeUndefined();
    expect(latest()[0]?.hidden).toBeUndefined();
    expect(screen.queryByRole("checkbox", { name: "Hide it on the form" })).not.toBeInTheDocument();
  });
});
