import type { RefObject } from "react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Extension } from "@tiptap/core";
import { Placeholder } from "@tiptap/extensions/placeholder";
import { EditorContent, useEditor } from "@tiptap/react";
import { FieldMessage } from "../../../../ui/field-message";
import { richTextClasses } from "../../../../ui/rich-text";
import { cx } from "../../../../ui/class-names";
import { editorExtensions, editorInputRules } from "./extensions";
import { fromEditorHtml, toEditorHtml } from "./html";
import { ImageForm } from "./image-form";
import { LinkForm } from "./link-form";
import type { RichTextEditorProps } from "./rich-text-editor";
import { EditorPlaceholder } from "./rich-text-editor";
import { Toolbar } from "./toolbar";

type Panel = "link" | "image" | null;

/** How many of its latest texts the editor remembers handing out (see `handedOut`). */
const RECENT = 50;

/** The placeholder, greyed, before the empty text's first paragraph; it takes no room and no clicks. */
const placeholderClasses = cx(
  "[&_.is-editor-empty:first-child]:before:pointer-events-none [&_.is-editor-empty:first-child]:before:float-left",
  "[&_.is-editor-empty:first-child]:before:h-0 [&_.is-editor-empty:first-child]:before:text-body/40",
  "[&_.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]",
);

/**
 * The editor's extensions, made once. Tiptap compares its options after every render and, when one
 * differs, redraws the text from its state, which drops keys typed but not yet read: every option
 * stays the same object.
 */
function useEditorExtensions(openLinkRef: RefObject<() => void>) {
  const [extensions] = useState(() => [
    ...editorExtensions(),
    // Ctrl/Cmd+K asks for a link's address, as in most editors.
    Extension.create({
      name: "cohortLinkShortcut",
      addKeyboardShortcuts: () => ({
        "Mod-k": () => {
          openLinkRef.current();
          return true;
        },
      }),
    }),
    // An empty text's first paragraph shows the placeholder (a `::before` of `data-placeholder`),
    // read from the editable area, whose attributes follow the `placeholder` prop.
    Placeholder.configure({
      placeholder: ({ editor: shown }) => shown.view.dom.getAttribute("aria-placeholder") ?? "",
    }),
  ]);
  return extensions;
}

interface EditableAttributes {
  id: string;
  labelId: string;
  describedBy: string;
  error: string | undefined;
  placeholder: string | undefined;
}

/** The editable area's attributes, the same object while they do not change. */
function useEditorProps({ id, labelId, describedBy, error, placeholder }: EditableAttributes) {
  return useMemo(
    () => ({
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(error ? { "aria-invalid": "true" } : {}),
        ...(placeholder ? { "aria-placeholder": placeholder } : {}),
        class: cx(
          "relative min-h-40 px-3.5 py-2.5 whitespace-break-spaces focus:outline-none",
          placeholderClasses,
          "[&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-link",
          richTextClasses,
        ),
      },
    }),
    [id, labelId, describedBy, error, placeholder],
  );
}

/** The editor itself, loaded lazily by `RichTextEditor`. */
export default function EditorCore({
  id,
  label,
  value,
  onChange,
  mergeFields,
  disabled,
  placeholder,
  hint,
  error,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<Panel>(null);
  /**
   * The HTML this editor handed out lately. The form hands each back as `value`, possibly a few
   * keys behind the text (renders come after a frame, keys faster): one of these is no change
   * from outside, and loading it again would drop the keys typed since.
   */
  const handedOut = useRef<string[]>([value]);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const openLinkRef = useRef(() => setPanel("link"));

  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ");

  // Every option stays the same object (see `useEditorExtensions`).
  const extensions = useEditorExtensions(openLinkRef);
  const [initialContent] = useState(() => toEditorHtml(value));
  const [initiallyEditable] = useState(() => !disabled);
  const editorProps = useEditorProps({ id, labelId, describedBy, error, placeholder });

  const editor = useEditor({
    extensions,
    // Tiptap's own stylesheet would be an inline <style>, which the Content-Security-Policy refuses;
    // the few rules it holds are the classes above.
    injectCSS: false,
    enableInputRules: editorInputRules,
    enablePasteRules: false,
    content: initialContent,
    editable: initiallyEditable,
    // Created once the component is on the page: created while rendering, Tiptap would destroy and
    // recreate it when Preact runs effects a frame later than its timer expects.
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: changed }) => {
      const html = fromEditorHtml(changed.getHTML(), changed.isEmpty);
      handedOut.current = [...handedOut.current.slice(-(RECENT - 1)), html];
      onChangeRef.current(html);
    },
  });

  // A value from outside (a form reset, a loaded record) replaces the text.
  useEffect(() => {
    if (!editor || handedOut.current.includes(value)) return;
    handedOut.current = [value];
    editor.commands.setContent(toEditorHtml(value), { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  const isEditable = !disabled;

  if (!editor) return <EditorPlaceholder label={label} hint={hint} error={error} />;

  const closePanel = () => {
    setPanel(null);
    editor.commands.focus();
  };

  return (
    <div>
      <p id={labelId} className="mb-1.5 text-sm font-semibold text-body">
        {label}
      </p>
      <div
        className={cx(
          "rounded-lg border bg-white text-base text-body shadow-xs transition-colors",
          "focus-within:ring-3",
          error
            ? "border-danger focus-within:ring-danger/25"
            : "border-body/25 focus-within:border-link focus-within:ring-link/25",
          !isEditable && "bg-body/5 opacity-70",
        )}
      >
        <Toolbar
          editor={editor}
          label={t("adminRichText.toolbar", { field: label })}
          mergeFields={mergeFields}
          disabled={!isEditable}
          activePanel={panel}
          onLink={() => setPanel(panel === "link" ? null : "link")}
          onImage={() => setPanel(panel === "image" ? null : "image")}
        />
        {panel === "link" && <LinkForm editor={editor} onClose={closePanel} />}
        {panel === "image" && <ImageForm editor={editor} onClose={closePanel} />}
        <EditorContent editor={editor} />
      </div>
      <FieldMessage id={errorId} hintId={hintId} {...(hint ? { hint } : {})} {...(error ? { error } : {})} />
    </div>
  );
}
