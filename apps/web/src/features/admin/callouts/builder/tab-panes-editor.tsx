import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import type { FormComponent } from "@cohort/common/callout-form";
import { Button } from "../../../../ui/button";
import { Input } from "../../../../ui/input";
import { uniqueKey } from "./component-keys";
import { panesOf } from "./component-tree";

interface TabPanesEditorProps {
  component: FormComponent;
  onPatch: (patch: Partial<FormComponent>) => void;
}

/** The panes of a tabs component: their names, a new one, and removing an empty one. */
export function TabPanesEditor({ component, onPatch }: TabPanesEditorProps) {
  const { t } = useTranslation();
  const panes = panesOf(component);
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-bold">{t("adminCallouts.properties.panes")}</legend>
      <ol className="space-y-2">
        {panes.map((pane, index) => {
          const isEmpty = (pane.components ?? []).length === 0;
          return (
            <li key={pane.key} className="flex items-center gap-2">
              <Input
                size="sm"
                aria-label={t("adminCallouts.properties.paneName", { n: index + 1 })}
                value={pane.label}
                onChange={(event) =>
                  onPatch({
                    components: panes.map((item, at) => (at === index ? { ...item, label: event.target.value } : item)),
                  })
                }
              />
              <Button
                variant="ghost"
                size="sm"
                className="px-2"
                disabled={!isEmpty || panes.length === 1}
                title={isEmpty ? undefined : t("adminCallouts.properties.paneNotEmpty")}
                aria-label={t("adminCallouts.properties.paneRemove", { name: pane.label || index + 1 })}
                icon={<Trash2 aria-hidden className="size-4 text-danger" />}
                onClick={() => onPatch({ components: panes.filter((_, at) => at !== index) })}
              />
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        icon={<Plus aria-hidden className="size-4" />}
        onClick={() => {
          const n = panes.length + 1;
          const key = uniqueKey(`tab${n}`, new Set(panes.map((pane) => pane.key)));
          onPatch({
            components: [...panes, { key, label: t("adminCallouts.builder.tabLabel", { n }), components: [] }],
          });
        }}
      >
        {t("adminCallouts.properties.paneAdd")}
      </Button>
    </fieldset>
  );
}
