import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Editor } from "@tiptap/core";
import { isEditorLink } from "@cohort/common/rich-text";
import { Button } from "../../../../ui/button";
import { TextField } from "../../../../ui/text-field";
import { ToolbarFormRow } from "./toolbar-form-row";

interface LinkFormProps {
  editor: Editor;
  onClose: () => void;
}

/**
 * The address of a link: on the selected text, or, with nothing selected, on the address itself.
 * Only http(s) and mailto addresses are taken.
 */
export function LinkForm({ editor, onClose }: LinkFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const existing = (editor.getAttributes("link").href as string | undefined) ?? "";
  const [address, setAddress] = useState(existing);
  const [error, setError] = useState<string | undefined>();

  const apply = () => {
    const href = address.trim();
    if (!isEditorLink(href)) {
      setError(t("adminRichText.linkRefused"));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    onClose();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  };

  return (
    <ToolbarFormRow
      onClose={onClose}
      onEnter={(event) => {
        // Enter here sets the link.
        event.preventDefault();
        apply();
      }}
    >
      <TextField
        id={`${id}-address`}
        className="min-w-48 flex-1"
        label={t("adminRichText.linkAddress")}
        type="url"
        inputMode="url"
        placeholder="https://"
        autoComplete="off"
        // The panel opens on the editor's shortcut or button: typing goes on here.
        autoFocus
        value={address}
        {...(error ? { error } : {})}
        onChange={(event) => {
          setAddress(event.target.value);
          setError(undefined);
        }}
      />
      <div className="flex gap-2 pb-0.5">
        <Button size="sm" onClick={apply}>
          {t("adminRichText.linkApply")}
        </Button>
        {existing && (
          <Button size="sm" variant="secondary" onClick={remove}>
            {t("adminRichText.linkRemove")}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t("common.cancel")}
        </Button>
      </div>
    </ToolbarFormRow>
  );
}
