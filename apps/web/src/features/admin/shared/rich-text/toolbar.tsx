import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Underline,
  Undo2,
} from "lucide-react";
import { cx } from "../../../../ui/class-names";

interface ToolbarProps {
  editor: Editor;
  label: string;
  mergeFields: readonly string[] | undefined;
  disabled: boolean;
  activePanel: "link" | "image" | null;
  onLink: () => void;
  onImage: () => void;
}

/** `Mod` as the keyboard of this computer calls it. */
const isApple = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const keys = (shortcut: string) => shortcut.replace(/Mod/g, isApple ? "Meta" : "Control");
const shown = (shortcut: string) =>
  shortcut.replace(/Mod/g, isApple ? "⌘" : "Ctrl").replace(/Shift/g, isApple ? "⇧" : "Shift");

interface ToolProps {
  label: string;
  shortcut?: string;
  isPressed?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}

function Tool({ label, shortcut, isPressed, disabled, onClick, children }: ToolProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shown(shortcut)})` : label}
      aria-keyshortcuts={shortcut ? keys(shortcut) : undefined}
      aria-pressed={isPressed}
      disabled={disabled}
      // Keeps the text's selection while the button is clicked.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cx(
        "grid size-9 shrink-0 cursor-pointer place-items-center rounded-md text-body transition-colors hover:bg-body/8",
        "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-link",
        "disabled:cursor-not-allowed disabled:opacity-50",
        isPressed && "bg-link/12 text-link-text",
      )}
    >
      {children}
    </button>
  );
}

const Separator = () => <span aria-hidden className="mx-1 h-6 w-px shrink-0 bg-body/15" />;

/** Formatting buttons, each with its state (`aria-pressed`) and keyboard shortcut. */
/** Which marks and blocks the selection has, and whether there is something to undo or redo. */
function useToolState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      underline: current.isActive("underline"),
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      blockquote: current.isActive("blockquote"),
      link: current.isActive("link"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
}

const icon = "size-4.5";

/** Formatting buttons, each with its state (`aria-pressed`) and keyboard shortcut. */
export function Toolbar({ editor, label, mergeFields, disabled, activePanel, onLink, onImage }: ToolbarProps) {
  const { t } = useTranslation();
  const state = useToolState(editor);
  const chain = () => editor.chain().focus();

  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap items-center gap-0.5 border-b border-body/15 px-1.5 py-1"
    >
      <Tool
        label={t("adminRichText.bold")}
        shortcut="Mod+B"
        isPressed={state.bold}
        disabled={disabled}
        onClick={() => chain().toggleBold().run()}
      >
        <Bold aria-hidden className={icon} />
      </Tool>
      <Tool
        label={t("adminRichText.italic")}
        shortcut="Mod+I"
        isPressed={state.italic}
        disabled={disabled}
        onClick={() => chain().toggleItalic().run()}
      >
        <Italic aria-hidden className={icon} />
      </Tool>
      <Tool
        label={t("adminRichText.underline")}
        shortcut="Mod+U"
        isPressed={state.underline}
        disabled={disabled}
        onClick={() => chain().toggleUnderline().run()}
      >
        <Underline aria-hidden className={icon} />
      </Tool>
      <Separator />
      <BlockTools editor={editor} state={state} disabled={disabled} />
      <Separator />
      <Tool
        label={t("adminRichText.link")}
        shortcut="Mod+K"
        isPressed={state.link || activePanel === "link"}
        disabled={disabled}
        onClick={onLink}
      >
        <Link2 aria-hidden className={icon} />
      </Tool>
      <Tool label={t("adminRichText.image")} isPressed={activePanel === "image"} disabled={disabled} onClick={onImage}>
        <ImagePlus aria-hidden className={icon} />
      </Tool>
      <Separator />
      <Tool
        label={t("adminRichText.undo")}
        shortcut="Mod+Z"
        disabled={disabled || !state.canUndo}
        onClick={() => chain().undo().run()}
      >
        <Undo2 aria-hidden className={icon} />
      </Tool>
      <Tool
        label={t("adminRichText.redo")}
        shortcut="Mod+Shift+Z"
        disabled={disabled || !state.canRedo}
        onClick={() => chain().redo().run()}
      >
        <Redo2 aria-hidden className={icon} />
      </Tool>
      {mergeFields && mergeFields.length > 0 && (
        <MergeFieldSelect editor={editor} mergeFields={mergeFields} disabled={disabled} />
      )}
    </div>
  );
}

interface BlockToolsProps {
  editor: Editor;
  state: ReturnType<typeof useToolState>;
  disabled: boolean;
}

/** Headings, lists and quotes. */
function BlockTools({ editor, state, disabled }: BlockToolsProps) {
  const { t } = useTranslation();
  const chain = () => editor.chain().focus();
  return (
    <>
      <Tool
        label={t("adminRichText.heading")}
        shortcut="Mod+Alt+2"
        isPressed={state.h2}
        disabled={disabled}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        <Heading2 aria-hidden className={icon} />
      </Tool>
      <Tool
        label={t("adminRichText.subheading")}
        shortcut="Mod+Alt+3"
        isPressed={state.h3}
        disabled={disabled}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        <Heading3 aria-hidden className={icon} />
      </Tool>
      <Tool
        label={t("adminRichText.bulletList")}
        shortcut="Mod+Shift+8"
        isPressed={state.bulletList}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      >
        <List aria-hidden className={icon} />
      </Tool>
      <Tool
        label={t("adminRichText.numberedList")}
        shortcut="Mod+Shift+7"
        isPressed={state.orderedList}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered aria-hidden className={icon} />
      </Tool>
      <Tool
        label={t("adminRichText.quote")}
        shortcut="Mod+Shift+B"
        isPressed={state.blockquote}
        disabled={disabled}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <Quote aria-hidden className={icon} />
      </Tool>
    </>
  );
}

/** Inserts a merge field where the cursor is. */
function MergeFieldSelect({
  editor,
  mergeFields,
  disabled,
}: {
  editor: Editor;
  mergeFields: readonly string[];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const chain = () => editor.chain().focus();
  return (
    <select
      aria-label={t("adminRichText.mergeField")}
      value=""
      disabled={disabled}
      onChange={(event) => {
        const name = event.target.value;
        if (name) chain().insertContent(`*|${name}|*`).run();
        event.target.value = "";
      }}
      className={cx(
        "ml-auto h-9 max-w-full rounded-md border border-body/25 bg-white px-2 text-sm",
        "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-link",
      )}
    >
      <option value="">{t("adminRichText.mergeField")}</option>
      {mergeFields.map((name) => (
        <option key={name} value={name}>
          {`*|${name}|*`}
        </option>
      ))}
    </select>
  );
}
