import type { ReactNode } from "react";
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import type { FormComponent } from "@cohort/common/callout-form";
import { i18n } from "../../../../app/i18n/i18n";
import { field } from "../../../../test/builder-fixtures";
import { FormBuilder } from "../builder/form-builder";
import { editorValuesFrom } from "./editor-conversion";
import type { CalloutEditorValues } from "./editor-values";
import { ResponseDisplayTab } from "./response-display-tab";

const components: FormComponent[] = [
  { ...field("a", "name"), label: "Your name" },
  { ...field("b", "email", "email"), label: "Email" },
  { ...field("c", "phone", "phoneNumber"), label: "Phone", showPublicly: true },
  { ...field("d", "story", "textarea"), label: "What happened?" },
];

/** The builder, the response display tab, and the slides' components as JSON to look at. */
function Harness({ children }: { children?: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient());
  const values = editorValuesFrom(null, { slideTitle: "Slide 1", thanksTitle: "Thanks" }, "slide1");
  values.slides[0]!.components = components;
  values.showResponses = true;
  const form = useForm<CalloutEditorValues>({ defaultValues: values });
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <FormProvider {...form}>{children}</FormProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

function Builder() {
  const slides = useWatch<CalloutEditorValues, "slides">({ name: "slides" });
  return (
    <>
      <FormBuilder slide={slides[0]!} slideIndex={0} slides={slides} />
      <output data-testid="components">{JSON.stringify(slides[0]!.components)}</output>
    </>
  );
}

const stored = () => JSON.parse(screen.getByTestId("components").textContent ?? "[]") as FormComponent[];
const selectRow = async (user: ReturnType<typeof userEvent.setup>, id: string) =>
  user.click(document.querySelector<HTMLElement>(`[data-builder-row="${id}"]`)!);

describe("the builder's public display toggles", () => {
  it("shows answers that identify a person only when ticked, and lets the admin mark others personal", async () => {
    const user = userEvent.setup();
    render(
      <Harness>
        <Builder />
      </Harness>,
    );

    await selectRow(user, "b");
    expect(screen.queryByLabelText("Keep this answer private")).not.toBeInTheDocument();
    const show = screen.getByRole("checkbox", { name: "Show this answer publicly" });
    expect(show).not.toBeChecked();
    await user.click(show);
    expect(stored().find((component) => component.id === "b")).toMatchObject({ showPublicly: true });

    await selectRow(user, "d");
    expect(screen.getByLabelText("Keep this answer private")).not.toBeChecked();
    await user.click(screen.getByRole("checkbox", { name: "This answer identifies a person" }));
    expect(stored().find((component) => component.id === "d")).toMatchObject({ personal: true });
    expect(screen.getByRole("checkbox", { name: "Show this answer publicly" })).not.toBeChecked();
    expect(screen.queryByLabelText("Keep this answer private")).not.toBeInTheDocument();
  });
});

function Display() {
  const [gallery, hasMap] = useWatch<CalloutEditorValues, ["gallery", "hasMap"]>({ name: ["gallery", "hasMap"] });
  return (
    <>
      <ResponseDisplayTab />
      <output data-testid="switches">{JSON.stringify({ gallery, hasMap })}</output>
    </>
  );
}

describe("switching the public map or gallery on", () => {
  it("names the public answers, marks those that identify a person, and lists those kept private", async () => {
    const user = userEvent.setup();
    render(
      <Harness>
        <Display />
      </Harness>,
    );
    const switches = () => JSON.parse(screen.getByTestId("switches").textContent ?? "{}") as Record<string, boolean>;

    await user.click(screen.getByRole("checkbox", { name: "Map of responses" }));
    const dialog = screen.getByRole("dialog", { name: "Show answers to the public?" });
    const shown = within(within(dialog).getByTestId("public-answers"));
    expect(shown.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "PhoneIdentifies a person",
      "What happened?",
    ]);
    expect(within(dialog).getByRole("note")).toHaveTextContent("Identifies a person");
    const kept = within(within(dialog).getByTestId("private-answers"));
    expect(kept.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Your name", "Email"]);

    await user.click(within(dialog).getByRole("button", { name: "Keep it off" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(switches()).toEqual({ gallery: false, hasMap: false });

    await user.click(screen.getByRole("checkbox", { name: "Gallery of photos" }));
    await user.click(screen.getByRole("button", { name: "Show publicly" }));
    expect(switches()).toEqual({ gallery: true, hasMap: false });
    expect(screen.getByRole("checkbox", { name: "Gallery of photos" })).toBeChecked();

    // Switching off asks nothing.
    await user.click(screen.getByRole("checkbox", { name: "Gallery of photos" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(switches()).toEqual({ gallery: false, hasMap: false });
  });
});
