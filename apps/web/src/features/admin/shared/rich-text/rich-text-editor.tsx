import { lazy, Suspense } from "react";
import { Skeleton } from "../../../../ui/skeleton";

export interface RichTextEditorProps {
  /** The id of the editable area; its label and hint are tied to it. */
  id: string;
  label: string;
  /** Stored HTML (plain text opens as paragraphs). */
  value: string;
  /** The HTML as it will be stored: `""` when the text is empty. */
  onChange: (html: string) => void;
  /** Merge fields the text may use (`FNAME` for `*|FNAME|*`): a menu inserts them. */
  mergeFields?: readonly string[] | undefined;
  disabled?: boolean | undefined;
  /** Shown, greyed, while the text is empty: the standard wording an empty text stands for. */
  placeholder?: string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
}

/** Tiptap and ProseMirror load with the first editor an admin page shows, never with public pages. */
const EditorCore = lazy(() => import("./editor-core"));

/** Formatted text that the admin writes: headings, bold, italics, links, lists, quotes and images. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder label={props.label} hint={props.hint} error={props.error} />}>
      <EditorCore {...props} />
    </Suspense>
  );
}

/** Stands in for the editor while it loads, with its hint and error already. */
export function EditorPlaceholder({ label, hint, error }: Pick<RichTextEditorProps, "label" | "hint" | "error">) {
  return (
    <div aria-busy="true">
      <p className="mb-1.5 text-sm font-semibold text-body">{label}</p>
      <Skeleton className="h-40 w-full rounded-lg" />
      {hint && <p className="mt-1.5 text-sm text-body/70">{hint}</p>}
      {error && <p className="mt-1.5 text-sm font-medium text-danger">{error}</p>}
    </div>
  );
}
