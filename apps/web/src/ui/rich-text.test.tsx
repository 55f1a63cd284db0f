import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StoredText } from "./rich-text";

describe("StoredText", () => {
  it("shows plain text as it was written: paragraphs at blank lines, its line breaks kept, nothing read as markup", () => {
    const { container } = render(
      <StoredText text={"Tom & Jerry\nsay hello.\n\nUnder 18s < welcome, 3 > 2"} fallback="Standard wording" />,
    );
    const paragraphs = Array.from(container.querySelectorAll("p"));
    expect(paragraphs.map((paragraph) => paragraph.innerHTML)).toEqual([
      "Tom &amp; Jerry<br>say hello.",
      "Under 18s &lt; welcome, 3 &gt; 2",
    ]);
    expect(paragraphs.map((paragraph) => paragraph.textContent)).toEqual([
      "Tom & Jerrysay hello.",
      "Under 18s < welcome, 3 > 2",
    ]);
  });

  it("shows rich text formatted, without anything that runs", () => {
    const { container } = render(
      <StoredText
        text={'<p>Join <strong>us</strong><script>alert(1)</script> <a href="javascript:alert(1)">now</a></p>'}
        fallback="Standard wording"
      />,
    );
    expect(container.querySelector("strong")).toHaveTextContent("us");
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("a")).not.toHaveAttribute("href");
  });

  it("shows the standard wording, with its line breaks, when the text is empty", () => {
    const { container } = render(<StoredText text="  " fallback={"Standard\nwording"} className="text-sm" />);
    const paragraph = container.querySelector("p");
    expect(paragraph).toHaveClass("whitespace-pre-line", "text-sm");
    expect(paragraph?.textContent).toBe("Standard\nwording");
  });
});
