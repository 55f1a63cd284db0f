import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import { i18n } from "../../../app/i18n/i18n";
import { CalloutFormRenderer } from ".";
import { branchingForm, nestedForm } from "../../../test/callout-forms";

function renderForm(
  form: CalloutForm,
  props: { preview?: boolean; readOnly?: boolean; answers?: CalloutAnswers } = {},
) {
  const onSubmit = vi.fn<(answers: CalloutAnswers) => void>();
  render(
    <I18nextProvider i18n={i18n}>
      <CalloutFormRenderer form={form} onSubmit={onSubmit} {...props} />
    </I18nextProvider>,
  );
  return onSubmit;
}

describe("CalloutFormRenderer", () => {
  it("shows a required field's error only after Next, and focuses the field", async () => {
    renderForm(branchingForm);
    const name = screen.getByLabelText(/Your name/);
    expect(screen.queryByText("This field is required")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("This field is required")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    await vi.waitFor(() => expect(name).toHaveFocus());
    expect(screen.getByText("Step 1 of 3")).toBeInTheDocument();
  });

  it("keeps a hidden field filled from the link out of sight and sends its answer", async () => {
    const form: CalloutForm = {
      slides: [
        {
          id: "s",
          title: "s",
          navigation: {},
          components: [
            { id: "n", key: "name", type: "textfield", label: "Name", input: true },
            {
              id: "src",
              key: "source",
              type: "textfield",
              label: "Source",
              input: true,
              hidden: true,
              fillFromLink: true,
              validate: { required: true },
            },
          ],
        },
      ],
    };
    const onSubmit = renderForm(form, { answers: { s: { source: "poster" } } });
    expect(screen.queryByLabelText(/Source/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledWith({ s: { source: "poster" } });
  });

  it("shows a hidden required field once the person tries to go on without its answer", async () => {
    const form: CalloutForm = {
      slides: [
        {
          id: "s",
          title: "s",
          navigation: {},
          components: [
            {
              id: "src",
              key: "source",
              type: "textfield",
              label: "Source",
              input: true,
              hidden: true,
              validate: { required: true },
            },
          ],
        },
      ],
    };
    const onSubmit = renderForm(form);
    expect(screen.queryByLabelText(/Source/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByLabelText(/Source/)).toBeInTheDocument();
    expect(screen.getByText("This field is required")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows an error as the person types once the field was touched", async () => {
    const form: CalloutForm = {
      slides: [
        {
          id: "s",
          title: "s",
          navigation: {},
          components: [{ id: "e", key: "email", type: "email", label: "Email", input: true }],
        },
      ],
    };
    renderForm(form);
    const email = screen.getByLabelText("Email");
    await userEvent.type(email, "sam@");
    expect(screen.queryByText("Invalid email address")).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText("Invalid email address")).toBeInTheDocument();
    await userEvent.type(email, "example.org");
    expect(screen.queryByText("Invalid email address")).not.toBeInTheDocument();
  });

  it("follows the chosen option to another slide and sends only the slides on the path", async () => {
    const onSubmit = renderForm(branchingForm);
    await userEvent.type(screen.getByLabelText(/Your name/), "Sam");
    await userEvent.click(screen.getByLabelText("No"));
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByLabelText("Anything else?")).toBeInTheDocument();
    expect(screen.getByText("Step 3 of 3")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Anything else?"), "Thanks");
    await userEvent.click(screen.getByRole("button", { name: "Send my answer" }));

    expect(onSubmit).toHaveBeenCalledWith({
      about: { name: "Sam", sawIt: "no" },
      end: { comment: "Thanks" },
    });
  });

  it("goes back along the path with the answers kept", async () => {
    renderForm(branchingForm);
    await userEvent.type(screen.getByLabelText(/Your name/), "Sam");
    await userEvent.click(screen.getByLabelText("Yes"));
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByLabelText("Where were you?")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText(/Your name/)).toHaveValue("Sam");
    expect(screen.getByLabelText("Yes")).toBeChecked();
  });

  it("shows a conditional field once its condition holds, and drops its answer when hidden again", async () => {
    const onSubmit = renderForm(branchingForm, { answers: { about: { name: "Sam", sawIt: "yes" } } });
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    const where = await screen.findByLabelText("Where were you?");
    expect(screen.queryByLabelText("How many people were there?")).not.toBeInTheDocument();

    await userEvent.selectOptions(where, "onSite");
    await userEvent.type(screen.getByLabelText("How many people were there?"), "1,5");
    await userEvent.selectOptions(where, "online");
    expect(screen.queryByLabelText("How many people were there?")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.click(await screen.findByRole("button", { name: "Send my answer" }));
    expect(onSubmit).toHaveBeenCalledWith({
      about: { name: "Sam", sawIt: "yes" },
      details: { where: "online" },
      end: {},
    });
  });

  it("reads a typed number with a decimal comma", async () => {
    const onSubmit = renderForm(branchingForm, { answers: { about: { name: "Sam", sawIt: "yes" } } });
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await userEvent.selectOptions(await screen.findByLabelText("Where were you?"), "onSite");
    await userEvent.type(screen.getByLabelText("How many people were there?"), "1,5");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.click(await screen.findByRole("button", { name: "Send my answer" }));
    expect(onSubmit.mock.calls[0]?.[0].details).toEqual({ where: "onSite", crowd: 1.5 });
  });

  it("cannot submit in preview", async () => {
    const onSubmit = renderForm(branchingForm, { preview: true, answers: { about: { name: "Sam", sawIt: "no" } } });
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(/This is a preview/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send my answer" })).toBeDisabled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("translates form texts with the callout's dictionary", () => {
    renderForm({ ...branchingForm, componentText: { "Your name": "Ihr Name", Yes: "Ja" } });
    expect(screen.getByLabelText(/Ihr Name/)).toBeInTheDocument();
    expect(screen.getByLabelText("Ja")).toBeInTheDocument();
  });

  it("shows a response read-only, with the answered slides only", () => {
    renderForm(branchingForm, {
      readOnly: true,
      answers: { about: { name: "Sam", sawIt: "no" }, end: { comment: "Hi" } },
    });
    expect(screen.getByLabelText(/Your name/)).toHaveValue("Sam");
    expect(screen.getByLabelText(/Your name/)).toHaveAttribute("readonly");
    // A response being read asks for nothing: no required marks, and answers do not look like empty boxes.
    expect(screen.getByLabelText("Your name")).not.toHaveAttribute("aria-required");
    expect(screen.queryByTitle("Required")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Your name")).not.toHaveClass("bg-white");
    expect(screen.getByLabelText("No")).toBeChecked();
    // ARIA lets the radio group, not its buttons, say it is read-only.
    expect(screen.getByLabelText("No")).not.toHaveAttribute("aria-readonly");
    expect(screen.getByRole("radiogroup")).toHaveAttribute("aria-readonly", "true");
    expect(screen.getByLabelText("Anything else?")).toHaveValue("Hi");
    expect(screen.queryByLabelText("Where were you?")).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("renders panels, wells and tabs, and opens the tab that holds the first error", async () => {
    const onSubmit = renderForm(nestedForm);
    expect(screen.getByRole("region", { name: "About the place" })).toContainElement(screen.getByLabelText("Town"));
    expect(screen.getByText("Take your time.")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "First" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText(/I agree/, { selector: "input" })).not.toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("tab", { name: "Second" })).toHaveAttribute("aria-selected", "true");
    const agree = screen.getByLabelText(/I agree/, { selector: "input" });
    expect(agree).toBeVisible();
    await vi.waitFor(() => expect(agree).toHaveFocus());
    expect(screen.getByText("This field is required")).toBeInTheDocument();

    await userEvent.click(agree);
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledWith({ nested: { agree: true } });
  });
});
