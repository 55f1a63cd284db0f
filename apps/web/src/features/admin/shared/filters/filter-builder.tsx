import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Check, X } from "lucide-react";
import type { RuleGroup } from "@cohort/common/filters";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import type { FilterCatalogue } from "./filter-catalogue";
import type { DraftGroup, DraftItem } from "./filter-draft";
import { addItem, emptyGroup, emptyRule, fromDraft, removeItem, toDraft, updateItem } from "./filter-draft";
import { FilterGroupEditor } from "./filter-group-editor";

interface FilterBuilderProps {
  catalogue: FilterCatalogue;
  /** The panel's heading, such as "Filter contacts". */
  title: string;
  /** The rules the list uses now. */
  rules: RuleGroup | undefined;
  /** The server's explanation when it refused the rules. */
  serverError: string | null;
  onApply: (rules: RuleGroup | undefined) => void;
  onClose: () => void;
  /** More controls under the rules, such as a way to offer more fields. */
  extra?: ReactNode;
}

/**
 * Builds a rule group visually: rules of a field, an operator and values,
 * in nested AND/OR groups. Nothing changes in the list until Apply.
 */
export function FilterBuilder({ catalogue, title, rules, serverError, onApply, onClose, extra }: FilterBuilderProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const appliedKey = JSON.stringify(rules ?? null);
  const [draft, setDraft] = useState<DraftGroup>(() => toDraft(rules));
  const [draftSource, setDraftSource] = useState(appliedKey);
  const [incomplete, setIncomplete] = useState<ReadonlySet<string>>(new Set());
  const [focusKey, setFocusKey] = useState<string | null>(null);

  // Rules applied elsewhere (a segment, the back button) replace the draft.
  if (draftSource !== appliedKey) {
    setDraftSource(appliedKey);
    setDraft(toDraft(rules));
    setIncomplete(new Set());
  }

  const changeItem = (key: string, change: (item: DraftItem) => DraftItem) => {
    setDraft((current) => updateItem(current, key, change));
    if (incomplete.has(key)) setIncomplete((current) => new Set([...current].filter((entry) => entry !== key)));
  };
  const addRule = (groupKey: string) => {
    const rule = emptyRule();
    setDraft((current) => addItem(current, groupKey, rule));
    setFocusKey(rule.key);
  };
  const addGroup = (groupKey: string) => {
    const group = emptyGroup(draft.condition === "AND" ? "OR" : "AND");
    const rule = emptyRule();
    setDraft((current) => addItem(current, groupKey, { ...group, items: [rule] }));
    setFocusKey(rule.key);
  };

  const handleApply = () => {
    const result = fromDraft(catalogue.definitionOf, draft);
    if (result.incomplete.length > 0) {
      setIncomplete(new Set(result.incomplete));
      return;
    }
    onApply(result.group.rules.length > 0 ? result.group : undefined);
  };

  const handleClear = () => {
    setDraft(emptyGroup());
    setIncomplete(new Set());
    onApply(undefined);
  };

  return (
    <section aria-labelledby={titleId} className="space-y-4 border-b border-black/5 bg-canvas/60 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-base font-bold">
          {title}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          aria-label={t("admin.contacts.filters.close")}
          icon={<X aria-hidden className="size-4" />}
          onClick={onClose}
        />
      </div>
      {serverError && (
        <Alert variant="error" title={t("errors.invalidRule")}>
          {serverError}
        </Alert>
      )}
      <FilterGroupEditor
        catalogue={catalogue}
        label={title}
        group={draft}
        depth={0}
        incomplete={incomplete}
        focusKey={focusKey}
        onChangeItem={changeItem}
        onRemoveItem={(key) => setDraft((current) => removeItem(current, key))}
        onAddRule={addRule}
        onAddGroup={addGroup}
      />
      {incomplete.size > 0 && (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("admin.contacts.filters.fixIncomplete")}
        </p>
      )}
      {extra}
      <div className="flex flex-wrap gap-2 border-t border-black/5 pt-4">
        <Button size="sm" icon={<Check aria-hidden className="size-4" />} onClick={handleApply}>
          {t("admin.contacts.filters.apply")}
        </Button>
        <Button variant="ghost" size="sm" onClick={handleClear} disabled={!rules && draft.items.length === 0}>
          {t("admin.contacts.filters.clear")}
        </Button>
      </div>
    </section>
  );
}
