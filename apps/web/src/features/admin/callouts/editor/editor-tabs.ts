import type { FieldErrors } from "react-hook-form";
import type { CalloutEditorValues } from "./editor-values";

export const editorTabs = ["content", "titleImage", "settings", "display", "translations", "reviewers"] as const;
export type EditorTab = (typeof editorTabs)[number];

const tabFields: Record<Exclude<EditorTab, "reviewers">, readonly string[]> = {
  content: ["slides", "intro", "endScreen", "thanksTitle", "thanksText", "thanksRedirect"],
  titleImage: ["title", "excerpt", "image", "slug", "slugMode", "isShareCustom", "shareTitle", "shareDescription"],
  settings: [
    "startMode",
    "startDate",
    "endMode",
    "endDate",
    "openTo",
    "contactInfo",
    "isVisible",
    "captcha",
    "hasNewsletter",
    "newsletter",
    "responseMode",
  ],
  display: ["showResponses", "gallery", "hasMap", "buckets", "titleProp", "imageProp", "map"],
  translations: ["translations"],
};

/** The tab that shows a field, by the first part of its path. */
export function tabOfField(path: string): EditorTab | undefined {
  const head = path.split(".")[0] ?? "";
  return (Object.keys(tabFields) as (keyof typeof tabFields)[]).find((tab) => tabFields[tab].includes(head));
}

function isLeaf(value: object): boolean {
  return "type" in value && typeof value.type === "string";
}

/** The dotted paths of every error, in the order of the form. */
export function errorPaths(errors: FieldErrors<CalloutEditorValues> | object, prefix = ""): string[] {
  return Object.entries(errors as Record<string, unknown>).flatMap(([key, value]) => {
    if (key === "ref" || typeof value !== "object" || value === null) return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return isLeaf(value) ? [path] : errorPaths(value, path);
  });
}

/** How many errors each tab holds. */
export function errorCountsByTab(errors: FieldErrors<CalloutEditorValues>): Partial<Record<EditorTab, number>> {
  const counts: Partial<Record<EditorTab, number>> = {};
  for (const path of errorPaths(errors)) {
    const tab = tabOfField(path);
    if (tab) counts[tab] = (counts[tab] ?? 0) + 1;
  }
  return counts;
}
