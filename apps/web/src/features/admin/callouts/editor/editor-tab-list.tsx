import type { KeyboardEvent } from "react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../../ui/class-names";
import type { EditorTab } from "./editor-tabs";
import { editorTabs } from "./editor-tabs";

interface EditorTabListProps {
  active: EditorTab;
  errorCounts: Partial<Record<EditorTab, number>>;
  onChange: (tab: EditorTab) => void;
}

export const tabId = (tab: EditorTab) => `callout-editor-tab-${tab}`;
export const panelId = (tab: EditorTab) => `callout-editor-panel-${tab}`;

/** The editor's sections as tabs; arrow keys, Home and End move between them. */
export function EditorTabList({ active, errorCounts, onChange }: EditorTabListProps) {
  const { t } = useTranslation();
  const refs = useRef<Partial<Record<EditorTab, HTMLButtonElement | null>>>({});

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = editorTabs.indexOf(active);
    const last = editorTabs.length - 1;
    const next =
      event.key === "ArrowRight"
        ? editorTabs[index === last ? 0 : index + 1]
        : event.key === "ArrowLeft"
          ? editorTabs[index === 0 ? last : index - 1]
          : event.key === "Home"
            ? editorTabs[0]
            : event.key === "End"
              ? editorTabs[last]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t("adminCallouts.editor.sections")}
      className="-mb-px flex overflow-x-auto border-b border-black/10"
    >
      {editorTabs.map((tab) => {
        const isActive = tab === active;
        const errors = errorCounts[tab] ?? 0;
        return (
          <button
            key={tab}
            ref={(element) => {
              refs.current[tab] = element;
            }}
            id={tabId(tab)}
            type="button"
            role="tab"
            aria-selected={isActive}
            aria-controls={panelId(tab)}
            tabIndex={isActive ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={handleKeyDown}
            className={cx(
              "focus-ring -mb-px flex cursor-pointer items-center gap-2 rounded-t-lg border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap",
              isActive
                ? "border-primary text-primary"
                : "border-transparent text-body/70 hover:border-body/30 hover:text-body",
            )}
          >
            {t(`adminCallouts.editor.tabs.${tab}`)}
            {errors > 0 && (
              <span className="rounded-full bg-danger px-1.5 text-xs text-on-danger">
                {errors}
                <span className="sr-only"> {t("adminCallouts.editor.tabErrors", { count: errors })}</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
