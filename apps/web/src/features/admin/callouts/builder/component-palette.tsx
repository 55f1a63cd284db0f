import { useTranslation } from "react-i18next";
import type { ComponentType } from "@cohort/common/callout-form";
import { Select } from "../../../../ui/select";
import type { ContainerRef } from "./component-tree";
import { paletteGroups } from "./component-factory";
import { ComponentTypeIcon } from "./component-type-icon";

export interface ContainerChoice {
  ref: ContainerRef;
  label: string;
}

interface ComponentPaletteProps {
  containers: readonly ContainerChoice[];
  target: ContainerRef;
  onTargetChange: (target: ContainerRef) => void;
  onAdd: (type: ComponentType) => void;
}

const refValue = (ref: ContainerRef) => `${ref.parentId ?? ""}:${ref.pane ?? 0}`;

/** Buttons that add each kind of component, grouped, and where they go. */
export function ComponentPalette({ containers, target, onTargetChange, onAdd }: ComponentPaletteProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="palette-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="palette-title" className="font-bold">
          {t("adminCallouts.builder.paletteTitle")}
        </h3>
        {containers.length > 1 && (
          <label className="flex items-center gap-2 text-sm">
            <span className="text-body/75">{t("adminCallouts.builder.addTo")}</span>
            <Select
              size="sm"
              value={refValue(target)}
              onChange={(event) => {
                const choice = containers.find((container) => refValue(container.ref) === event.target.value);
                if (choice) onTargetChange(choice.ref);
              }}
              className="w-48"
            >
              {containers.map((container) => (
                <option key={refValue(container.ref)} value={refValue(container.ref)}>
                  {container.label}
                </option>
              ))}
            </Select>
          </label>
        )}
      </div>
      {paletteGroups.map((group) => (
        <div key={group.name} role="group" aria-labelledby={`palette-${group.name}`} className="space-y-2">
          <h4 id={`palette-${group.name}`} className="text-xs font-semibold tracking-wide text-body/70 uppercase">
            {t(`adminCallouts.builder.groups.${group.name}`)}
          </h4>
          {/* As many columns as fit buttons wide enough for the longest one-word labels ("Mehrfachauswahl");
              labels of several words may still wrap. */}
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(10.5rem,100%),1fr))] gap-1.5">
            {group.types.map((type) => (
              <li key={type}>
                <button
                  type="button"
                  aria-label={`${t(`adminCallouts.types.${type}`)} ${t("adminCallouts.builder.addSuffix")}`}
                  onClick={() => onAdd(type)}
                  className="focus-ring flex w-full cursor-pointer items-center gap-2 rounded-lg bg-white px-2.5 py-2 text-left text-sm font-semibold ring-1 ring-body/15 ring-inset hover:bg-primary/5 hover:ring-primary/30"
                >
                  <ComponentTypeIcon type={type} className="size-4 shrink-0 text-primary" />
                  <span className="min-w-0 break-words">{t(`adminCallouts.types.${type}`)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
