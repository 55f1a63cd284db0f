import { useState } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../../app/i18n/i18n";
import { stubLayoutForEditor } from "./jsdom-layout";
import { RichTextEditor } from "./rich-text-editor";

vi.mock("../../../../api/admin-callouts", () => ({
  uploadFile: vi.fn(() => Promise.resolve("/uploads/abc/photo.jpg")),
}));

function Field({
  initial,
  mergeFields,
  placeholder,
}: {
  initial: string;
  mergeFields?: string[];
  placeholder?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <I18nextProvider i18n={i18n}>
      <RichTextEditor
        id="intro"
        label="Introduction"
        value={value}
        onChange={setValue}
        mergeFields={mergeFields}
        placeholder={placeholder}
      />
      <output data-testid="html">{value}</output>
    </I18nextProvider>
  );
}

const html = () => screen.getByTestId("html").textContent;
const selectAll = "{Control>}a{/Control}";

/*
 * Text goes in by pasting here. ProseMirror reads typed characters from the changes the browser
 * makes to the page, and Testing Library's typing, which makes those changes itself, loses some
 * of them in jsdom; the browser journeys (e2e/rich-text.spec.ts) type key by key in Chromium.
 */

async function setUp(initial = "", mergeFields?: string[], placeholder?: string) {
  const user = userEvent.setup();
  render(<Field initial={initial} mergeFields={mergeFields} placeholder={placeholder} />);
  const textbox = await screen.findByRole("textbox", { name: "Introduction" });
  return { user, textbox };
}

describe("RichTextEditor", () => {
  beforeAll(async () => {
    stubLayoutForEditor();
    // The editor is a lazy chunk; its first load (Tiptap through Vite) can outlast findBy's wait.
    await import("./editor-core");
  }, 60_000);

  it("makes headings and quotes, and toggles marks with the keyboard", async () => {
    const { user, textbox } = await setUp();
    await user.click(textbox);
    await user.paste("Title");
    await user.click(screen.getByRole("button", { name: "Heading" }));
    expect(html()).toBe("<h2>Title</h2>");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Heading" })).toHaveAttribute("aria-pressed", "true"),
    );
    await user.click(screen.getByRole("button", { name: "Subheading" }));
    expect(html()).toBe("<h3>Title</h3>");
    await user.click(screen.getByRole("button", { name: "Quote" }));
    expect(html()).toBe("<blockquote><h3>Title</h3></blockquote>");
    await user.click(screen.getByRole("button", { name: "Quote" }));
    await user.keyboard(selectAll);
    await user.keyboard("{Control>}i{/Control}");
    expect(html()).toBe("<h3><em>Title</em></h3>");
    await waitFor(() => expect(screen.getByRole("button", { name: "Italic" })).toHaveAttribute("aria-pressed", "true"));
  });

  it("shows its placeholder while the text is empty, and keeps it out of the text", async () => {
    const { user, textbox } = await setUp("", undefined, "Join us today.");
    expect(textbox).toHaveAttribute("aria-placeholder", "Join us today.");
    const empty = () => textbox.querySelector("p.is-editor-empty");
    await waitFor(() => expect(empty()).toHaveAttribute("data-placeholder", "Join us today."));
    await user.click(textbox);
    await user.paste("Hello");
    expect(html()).toBe("<p>Hello</p>");
    await waitFor(() => expect(empty()).toBeNull());
    await user.keyboard(selectAll);
    await user.keyboard("{Backspace}");
    expect(html()).toBe("");
    await waitFor(() => expect(empty()).toHaveAttribute("data-placeholder", "Join us today."));
  });

  it("makes selected text bold and a list from the toolbar, with each button's state", async () => {
    const { user, textbox } = await setUp();
    await user.click(textbox);
    await user.paste("Hello");
    expect(html()).toBe("<p>Hello</p>");
    await user.keyboard(selectAll);
    const bold = screen.getByRole("button", { name: "Bold" });
    expect(bold).toHaveAttribute("aria-pressed", "false");
    expect(bold).toHaveAttribute("aria-keyshortcuts", expect.stringMatching(/(Control|Meta)\+B/));
    await user.click(bold);
    await waitFor(() => expect(bold).toHaveAttribute("aria-pressed", "true"));
    expect(html()).toBe("<p><strong>Hello</strong></p>");

    const numbered = screen.getByRole("button", { name: "Numbered list" });
    await user.click(numbered);
    await waitFor(() => expect(numbered).toHaveAttribute("aria-pressed", "true"));
    expect(html()).toBe("<ol><li><p><strong>Hello</strong></p></li></ol>");
    await user.click(screen.getByRole("button", { name: "Bulleted list" }));
    await waitFor(() => expect(numbered).toHaveAttribute("aria-pressed", "false"));
    expect(html()).toBe("<ul><li><p><strong>Hello</strong></p></li></ul>");
  });

  it("undoes and redoes", async () => {
    const { user, textbox } = await setUp();
    const undo = screen.getByRole("button", { name: "Undo" });
    expect(undo).toBeDisabled();
    await user.click(textbox);
    await user.paste("Kept");
    await waitFor(() => expect(undo).toBeEnabled());
    await user.click(undo);
    expect(html()).toBe("");
    await user.click(screen.getByRole("button", { name: "Redo" }));
    expect(html()).toBe("<p>Kept</p>");
    await user.keyboard("{Control>}z{/Control}");
    expect(html()).toBe("");
  });

  it("links the selected text to an http(s) or mailto address and refuses any other", async () => {
    const { user, textbox } = await setUp("<p>Write to us</p>");
    await user.click(textbox);
    await user.keyboard(selectAll);
    await user.click(screen.getByRole("button", { name: "Link" }));
    const address = screen.getByLabelText("Link address");
    await user.type(address, "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(screen.getByText(/Only web and email addresses can be linked/)).toBeVisible();
    expect(address).toHaveAttribute("aria-invalid", "true");
    expect(html()).toBe("<p>Write to us</p>");

    await user.clear(address);
    await user.type(address, "mailto:desk@example.org");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(html()).toBe('<p><a href="mailto:desk@example.org" rel="noopener noreferrer">Write to us</a></p>');
    expect(screen.queryByLabelText("Link address")).toBeNull();
  });

  it("opens the link form with Ctrl+K and inserts the address itself when nothing is selected", async () => {
    const { user, textbox } = await setUp();
    await user.click(textbox);
    await user.keyboard("{Control>}k{/Control}");
    const address = await screen.findByLabelText("Link address");
    expect(address).toHaveFocus();
    await user.type(address, "https://example.org/a{Enter}");
    expect(html()).toBe('<p><a href="https://example.org/a" rel="noopener noreferrer">https://example.org/a</a></p>');
  });

  it("inserts a merge field from the menu of the template's fields", async () => {
    const { user, textbox } = await setUp("", ["FNAME", "RPLINK"]);
    await user.click(textbox);
    await user.paste("Dear ");
    await user.selectOptions(screen.getByRole("combobox", { name: "Insert a merge field" }), "FNAME");
    expect(html()).toBe("<p>Dear *|FNAME|*</p>");
    expect(screen.getByRole("option", { name: "*|RPLINK|*" })).toBeInTheDocument();
  });

  it("keeps merge fields and asterisks as written, never as italics or bold", async () => {
    const { user, textbox } = await setUp();
    await user.click(textbox);
    await user.paste("Hi *|FNAME|* and **not bold**");
    expect(html()).toBe("<p>Hi *|FNAME|* and **not bold**</p>");
  });

  it("keeps keys typed since a value the form hands back late, and loads a value from outside", async () => {
    const user = userEvent.setup();
    const handed: string[] = [];
    const editorWith = (value: string) => (
      <I18nextProvider i18n={i18n}>
        <RichTextEditor id="late" label="Late" value={value} onChange={(html) => handed.push(html)} />
      </I18nextProvider>
    );
    const { rerender } = render(editorWith(""));
    const textbox = await screen.findByRole("textbox", { name: "Late" });
    await user.click(textbox);
    await user.paste("a");
    await user.paste("b");
    expect(handed).toEqual(["<p>a</p>", "<p>ab</p>"]);
    // The form renders with the first text after the second was written.
    rerender(editorWith("<p>a</p>"));
    expect(textbox).toHaveTextContent("ab");
    rerender(editorWith("<p>Loaded</p>"));
    await waitFor(() => expect(textbox).toHaveTextContent("Loaded"));
  });

  it("has no merge field menu where the text has none", async () => {
    await setUp("<p>x</p>");
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("uploads an image through the upload route and inserts it with its description", async () => {
    const { user, textbox } = await setUp("<p>Before</p>");
    await user.click(textbox);
    await user.click(screen.getByRole("button", { name: "Image" }));
    await user.type(screen.getByLabelText("Image description"), "The newsroom");
    await user.upload(screen.getByLabelText("Upload an image"), new File(["jpg"], "photo.jpg", { type: "image/jpeg" }));
    await waitFor(() => expect(html()).toContain('<img src="/uploads/abc/photo.jpg" alt="The newsroom" />'));
  });

  it("opens plain text as paragraphs and an empty document saves as an empty text", async () => {
    const { user, textbox } = await setUp("Dear *|FNAME|*,\n\nThanks & welcome.\nSee you");
    expect(textbox.querySelectorAll("p")).toHaveLength(2);
    await user.click(textbox);
    await user.keyboard(`${selectAll}{Backspace}`);
    expect(html()).toBe("");
  });
});
