import { Editor } from "@tiptap/core";
import fc from "fast-check";
import sanitizeHtml from "sanitize-html";
import { afterAll, describe, expect, it } from "vitest";
import { richTextSanitizeOptions } from "@cohort/common/rich-text";
import { editorExtensions } from "./extensions";
import { fromEditorHtml, toEditorHtml } from "./html";

/** The server's sanitiser (apps/server/src/lib/html.ts hands sanitize-html the same options). */
const sanitise = (html: string) => sanitizeHtml(html, richTextSanitizeOptions);

const editor = new Editor({ extensions: editorExtensions() });
afterAll(() => editor.destroy());

/** What the editor saves for a stored text that it opens and that nobody changes. */
function editorOutput(stored: string): string {
  editor.commands.setContent(toEditorHtml(stored), { emitUpdate: false });
  return fromEditorHtml(editor.getHTML(), editor.isEmpty);
}

/** Texts as callouts, notices and emails store them (written by the sanitiser, by hand or by this editor). */
const storedTexts = [
  "<p>Tell us what you saw.</p>",
  "<h2>What we ask</h2><p>Your <strong>story</strong> and <em>photos</em>.</p>",
  "<h3>Small</h3><h4>Smaller</h4><p>a<br />b</p>",
  '<p>Write to <a href="mailto:desk@example.org" rel="noopener noreferrer">the desk</a>.</p>',
  '<p><a href="https://example.org/a?b=c&amp;d=e" rel="noopener noreferrer">Read more</a></p>',
  '<p><a href="/join" rel="noopener noreferrer">Join</a></p>',
  '<p><a href="https://example.org" target="_blank" rel="noopener noreferrer">New tab</a></p>',
  "<ul><li><p>one</p></li><li><p>two</p></li></ul>",
  "<ol><li><p>first</p><ul><li><p>nested</p></li></ul></li></ol>",
  "<blockquote><p>Quoted words</p></blockquote>",
  '<img src="/uploads/abc/photo.jpg" alt="The newsroom" />',
  '<img src="https://example.org/a.png" alt="" width="640" height="480" />',
  "<p><u>under</u> <s>struck</s> Tom &amp; Jerry &lt;3 *|FNAME|*</p>",
  "<p>Dear *|FNAME|*,</p><p>Reset your password: *|RPLINK|*</p>",
  "<hr /><p>After a rule</p>",
  "<p>non\u00a0breaking</p>",
];

/** Stored texts the editor writes a little differently, with the same meaning. */
const equivalentTexts: [string, string][] = [
  ["<p>Plain <b>bold</b> and <i>italic</i></p>", "<p>Plain <strong>bold</strong> and <em>italic</em></p>"],
  ["<ul><li>bare item</li></ul>", "<ul><li><p>bare item</p></li></ul>"],
  [
    '<a href="https://example.org">Loose link</a>',
    '<p><a href="https://example.org" rel="noopener noreferrer">Loose link</a></p>',
  ],
  ["Plain text\n\nwith two paragraphs\nand a break", "<p>Plain text</p><p>with two paragraphs<br />and a break</p>"],
  ["", ""],
];

describe("the editor's HTML and the server's sanitiser", () => {
  it("opens stored rich text and saves it back unchanged, and the sanitiser keeps it", () => {
    for (const stored of storedTexts) {
      const saved = editorOutput(stored);
      expect(saved).toBe(sanitise(stored));
      expect(sanitise(saved)).toBe(saved);
    }
  });

  it("saves other stored forms as their equivalent, which the sanitiser keeps", () => {
    for (const [stored, saved] of equivalentTexts) {
      expect(editorOutput(stored)).toBe(saved);
      expect(sanitise(saved)).toBe(saved);
    }
  });

  it("writes nothing the sanitiser would change, whatever the text", () => {
    const text = fc.stringMatching(/^[a-zA-Z0-9 &<>"'*|.,\u00a0]{1,12}$/);
    const href = fc.constantFrom(
      "https://example.org/x?a=1&b=2",
      "http://example.org",
      "mailto:a@example.org",
      "/join",
    );
    const inline: fc.Arbitrary<string> = fc.oneof(
      text.map((value) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")),
      fc
        .tuple(fc.constantFrom("strong", "em", "u", "s", "b", "i"), text)
        .map(([tag, value]) => `<${tag}>${encodeText(value)}</${tag}>`),
      fc.tuple(href, text).map(([url, value]) => `<a href="${url.replace(/&/g, "&amp;")}">${encodeText(value)}</a>`),
      fc.constant("<br>"),
    );
    const line = fc.array(inline, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(""));
    const block = fc.oneof(
      fc
        .tuple(fc.constantFrom("p", "h2", "h3", "h4", "blockquote"), line)
        .map(([tag, value]) => `<${tag}>${value}</${tag}>`),
      fc
        .tuple(fc.constantFrom("ul", "ol"), fc.array(line, { minLength: 1, maxLength: 3 }))
        .map(([tag, items]) => `<${tag}>${items.map((item) => `<li>${item}</li>`).join("")}</${tag}>`),
      fc.constant('<img src="/uploads/a/b.png" alt="x">'),
      fc.constant("<hr>"),
    );
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 5 }), (blocks) => {
        const saved = editorOutput(blocks.join(""));
        expect(sanitise(saved)).toBe(saved);
        expect(editorOutput(saved)).toBe(saved);
      }),
      { numRuns: 100 },
    );
    // A second or two alone; more on a machine busy with a build.
  }, 60_000);
});

function encodeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
