import { describe, expect, it } from "vitest";
import { commentHtmlToText, textToCommentHtml } from "./comment-text";

describe("comment text", () => {
  it("turns typed text into paragraphs and line breaks, escaping any markup", () => {
    expect(textToCommentHtml("  First line\nsecond <b>line</b>\n\n\nNext & last  ")).toBe(
      "<p>First line<br>second &lt;b&gt;line&lt;/b&gt;</p><p>Next &amp; last</p>",
    );
    expect(textToCommentHtml(" \n \n")).toBe("");
  });

  it("reads a stored comment back as the text to edit", () => {
    expect(commentHtmlToText("<p>First line<br>second</p><p>Next &amp; <strong>last</strong></p>")).toBe(
      "First line\nsecond\n\nNext & last",
    );
    expect(commentHtmlToText("plain")).toBe("plain");
  });
});
