const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/** Typed text as the HTML a comment stores: paragraphs at blank lines, line breaks kept, nothing else. */
export function textToCommentHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** A comment's HTML as text to edit: paragraphs become blank lines, line breaks new lines. */
export function commentHtmlToText(html: string): string {
  const document = new DOMParser().parseFromString(html, "text/html");
  for (const br of Array.from(document.body.querySelectorAll("br"))) br.replaceWith("\n");
  const blocks = Array.from(document.body.children);
  const parts = blocks.length > 0 ? blocks.map((block) => block.textContent ?? "") : [document.body.textContent ?? ""];
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join("\n\n");
}
