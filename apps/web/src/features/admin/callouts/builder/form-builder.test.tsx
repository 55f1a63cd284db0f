import type { ReactNode } from "react";
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../../app/i18n/i18n";
import { editorValuesFrom } from "../editor/editor-conversion";
import type { CalloutEditorValues } from "../editor/editor-values";
import { field } from "../../../../test/builder-fixtures";
import { FormBuilder } from "./form-builder";

function Harness({ children }: { children?: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient());
  const values = editorValuesFrom(
    null,
    {
      slideTitle: "Slide 1",
      thanksTitle: "Thanks",
    },
    "slide1",
  );
  values.slides[0]!.components = [{ ...field("a", "name"), label: "Name" }];
  const form = useForm<CalloutEditorValues>({ defaultValues: values });
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <FormProvider {...form}>
          <Slide />
          {children}
        </FormProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

function Slide() {
  const slides = useWatch<CalloutEditorValues, "slides">({ name: "slides" });
  return <FormBuilder slide={slides[0]!} slideIndex={0} slides={slides} />;
}

const rowLabels = () =>
  Array.from(document.querySelectorAll("[data-builder-row]")).map((row) => row.textContent?.split("Short text")[0]);

describe("FormBuilder", () => {
  it("adds a component, lets its key follow the label, and moves and deletes it from the keyboard", async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(screen.getByRole("button", { name: "Short text (add)" }));
    const label = screen.getByLabelText("Question");
    expect(label).toHaveFocus();
    await user.clear(label);
    await user.type(label, "Your street");
    expect(screen.getByLabelText("Key")).toHaveValue("yourStreet");
    expect(rowLabels()).toEqual(["Name", "Your street"]);

    const row = document.querySelector<HTMLElement>('[data-builder-row]:not([data-builder-row="a"])')!;
    row.focus();
    await user.keyboard("{Alt>}{ArrowUp}{/Alt}");
    expect(rowLabels()).toEqual(["Your street", "Name"]);
    expect(document.activeElement?.getAttribute("data-builder-row")).toBe(row.getAttribute("data-builder-row"));
    expect(screen.getByText("Moved “Your street” up.")).toBeInTheDocument();

    await user.keyboard("{Delete}");
    const dialog = screen.getByRole("dialog", { name: "Delete “Your street”?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(rowLabels()).toEqual(["Name"]);
  });
});
