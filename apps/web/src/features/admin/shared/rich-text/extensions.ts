import type { AnyExtension, Attributes } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import Link from "@tiptap/extension-link";
import StarterKit from "@tiptap/starter-kit";
import { isAllowedUrl } from "@cohort/common/http";
import { RICH_TEXT_LINK_REL } from "@cohort/common/rich-text";

/**
 * Images as the sanitiser keeps them: an address, a text alternative and a size, and no title
 * (which it would drop, changing the text on every save).
 */
const StoredImage = Image.extend({
  addAttributes() {
    const { title: _title, ...kept } = (this.parent?.() ?? {}) as Attributes;
    return kept;
  },
});

/**
 * Links as the sanitiser writes them: the address first, a `target` only when the text had one,
 * and always `rel="noopener noreferrer"`. Stored links to a path of the site open as they are;
 * the link form takes only http(s) and mailto addresses for new ones.
 */
const StoredLink = Link.extend({
  renderHTML({ HTMLAttributes }) {
    const { href, target } = HTMLAttributes as { href?: string | null; target?: string | null };
    return [
      "a",
      {
        ...(href && isAllowedUrl(href, "link") ? { href } : {}),
        ...(target ? { target } : {}),
        rel: RICH_TEXT_LINK_REL,
      },
      0,
    ];
  },
});

/**
 * What the editor can write: exactly the tags of `RICH_TEXT_TAGS` in common, so that saving
 * (the server's sanitiser) changes nothing. Code, code blocks and level-1 headings are left out;
 * links are written with the `rel` the sanitiser gives them and no `target`.
 */
export function editorExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      heading: { levels: [2, 3, 4] },
      link: false,
      // An empty paragraph after a closing list or quote would be saved with every such text.
      trailingNode: false,
    }),
    StoredLink.configure({
      openOnClick: false,
      autolink: false,
      linkOnPaste: true,
      isAllowedUri: (url) => isAllowedUrl(url, "link"),
      HTMLAttributes: { target: null, rel: RICH_TEXT_LINK_REL, class: null },
    }),
    StoredImage.configure({ inline: false, allowBase64: false }),
  ];
}

/**
 * The Markdown-like shortcuts the editor keeps: `## ` for a heading, `- ` and `1. ` for lists,
 * `> ` for a quote, `---` for a rule. Those of bold and italics are off, because `*|FNAME|*`, a
 * merge field, would turn into italics as it is typed or pasted.
 */
export const editorInputRules = ["heading", "bulletList", "orderedList", "blockquote", "horizontalRule"];
