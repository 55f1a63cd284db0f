import { useTranslation } from "react-i18next";
import { ListPlus, Plus, Trash2 } from "lucide-react";
import { Button } from "../../../../ui/button";
import { cx } from "../../../../ui/class-names";
import { Select } from "../../../../ui/select";
import type { FilterCatalogue } from "./filter-catalogue";
import type { DraftGroup, DraftItem } from "./filter-draft";
import { MAX_GROUP_DEPTH } from "./filter-draft";
import { FilterRuleEditor } from "./filter-rule-editor";

interface FilterGroupEditorProps {
  catalogue: FilterCatalogue;
  /** The accessible name of the top group (the builder's title). */
  label: string;
  group: DraftGroup;
  depth: number;
  incomplete: ReadonlySet<string>;
  /** The item that should take focus when it appears. */
  focusKey: string | null;
  onChangeItem: (key: string, change: (item: DraftItem) => DraftItem) => void;
  onRemoveItem: (key: string) => void;
  onAddRule: (groupKey: string) => void;
  onAddGroup: (groupKey: string) => void;
}

/** A group of rules joined by AND or OR; groups nest a few levels deep. */
export function FilterGroupEditor({
  catalogue,
  label,
  group,
  depth,
  incomplete,
  focusKey,
  onChangeItem,
  onRemoveItem,
  onAddRule,
  onAddGroup,
}: FilterGroupEditorProps) {
  const { t } = useTranslation();
  const isNested = depth > 0;

  return (
    <div
      role="group"
      aria-label={isNested ? t("admin.contacts.filters.nestedGroup") : label}
      className={cx("space-y-2", isNested && "rounded-xl border-l-4 border-link/40 bg-link/5 p-3")}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Select
          size="sm"
          autoFocus={focusKey === group.key}
          aria-label={t("admin.contacts.filters.condition")}
          value={group.condition}
          onChange={(event) =>
            onChangeItem(group.key, (item) =>
              item.kind === "group" ? { ...item, condition: event.target.value === "OR" ? "OR" : "AND" } : item,
            )
          }
          className="w-full sm:w-auto"
        >
          <option value="AND">{t("admin.contacts.filters.matchAll")}</option>
          <option value="OR">{t("admin.contacts.filters.matchAny")}</option>
        </Select>
        {isNested && (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            icon={<Trash2 aria-hidden className="size-4" />}
            onClick={() => onRemoveItem(group.key)}
          >
            {t("admin.contacts.filters.removeGroup")}
          </Button>
        )}
      </div>
      {group.items.length === 0 && (
        <p className="px-1 text-sm text-body/70">{t("admin.contacts.filters.emptyGroup")}</p>
      )}
      {group.items.map((item) =>
        item.kind === "rule" ? (
          <FilterRuleEditor
            key={item.key}
            catalogue={catalogue}
            rule={item}
            isIncomplete={incomplete.has(item.key)}
            shouldFocus={focusKey === item.key}
            onChange={(next) => onChangeItem(item.key, () => next)}
            onRemove={() => onRemoveItem(item.key)}
          />
        ) : (
          <FilterGroupEditor
            key={item.key}
            catalogue={catalogue}
            label={label}
            group={item}
            depth={depth + 1}
            incomplete={incomplete}
            focusKey={focusKey}
            onChangeItem={onChangeItem}
            onRemoveItem={onRemoveItem}
            onAddRule={onAddRule}
            onAddGroup={onAddGroup}
          />
        ),
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          icon={<Plus aria-hidden className="size-4" />}
          onClick={() => onAddRule(group.key)}
        >
          {t("admin.contacts.filters.addRule")}
        </Button>
        {depth < MAX_GROUP_DEPTH && (
          <Button
            variant="ghost"
            size="sm"
            icon={<ListPlus aria-hidden className="size-4" />}
            onClick={() => onAddGroup(group.key)}
          >
            {t("admin.contacts.filters.addGroup")}
          </Button>
        )}
      </div>
    </div>
  );
}
