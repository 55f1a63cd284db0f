import { describe, expect, it } from "vitest";
import type { CalloutForm } from "@cohort/common/callout-form";
import { publicForm } from "./public-form";

describe("publicForm", () => {
  it("drops private answers at every depth, tabs included", () => {
    const form = {
      slides: [
        {
          id: "s1",
          title: "One",
          components: [
            { key: "title", type: "textfield", label: "Title" },
            { key: "phone", type: "phoneNumber", label: "Phone" },
            { key: "shownEmail", type: "email", label: "Email", showPublicly: true },
            { key: "notes", type: "textarea", label: "Notes", adminOnly: true },
            {
              key: "panel",
              type: "panel",
              components: [
                { key: "kept", type: "textfield" },
                { key: "secret", type: "textfield", adminOnly: true },
              ],
            },
            {
              key: "tabs",
              type: "tabs",
              components: [
                { key: "tab1", label: "Tab", components: [{ key: "hidden", type: "email", adminOnly: true }] },
              ],
            },
          ],
        },
      ],
    } as unknown as CalloutForm;
    const kept = JSON.stringify(publicForm(form));
    expect(kept).toContain('"title"');
    expect(kept).toContain('"kept"');
    expect(kept).toContain('"shownEmail"');
    expect(kept).not.toContain('"phone"');
    expect(kept).toContain('"tab1"');
    expect(kept).not.toContain("notes");
    expect(kept).not.toContain("secret");
    expect(kept).not.toContain("hidden");
  });
});
