import type { KeyboardEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ArrowDown, ArrowUp, CircleAlert, Eye, IndentDecrease, IndentIncrease, Lock, Trash2 } from "lucide-react";
import type { FormComponent } from "@cohort/common/callout-form";
import { isInputComponent, isPublicAnswer } from "@cohort/common/callout-form";
import { cx } from "../../../../ui/class-names";
import { useHasErrorsUnder } from "../editor/editor-context";
import { availableMoves } from "./builder-reducer";
import { handleRowNavigation } from "./row-navigation";
import { ComponentTypeIcon } from "./component-type-icon";

export type RowAction = "up" | "down" | "nest" | "unnest" | "delete";

interface ComponentListItemProps {
  component: FormComponent;
  path: string;
  slideComponents: FormComponent[];
  isSelected: boolean;
  onSelect: () => void;
  onAction: (action: RowAction) => void;
}

const shortcuts: Record<string, RowAction> = {
  "Alt+ArrowUp": "up",
  "Alt+ArrowDown": "down",
  "Alt+ArrowRight": "nest",
  "Alt+ArrowLeft": "unnest",
  Delete: "delete",
};

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="focus-ring cursor-pointer rounded-md p-1.5 text-body/70 hover:bg-body/8 hover:text-body"
    >
      {children}
    </button>
  );
}

/** One row of the outline. The selected row shows its move and delete buttons. */
export function ComponentListItem({
  component,
  path,
  slideComponents,
  isSelected,
  onSelect,
  onAction,
}: ComponentListItemProps) {
  const { t } = useTranslation();
  const hasErrors = useHasErrorsUnder(path);
  const moves = availableMoves(slideComponents, component.id);
  const typeName = t(`adminCallouts.types.${component.type}`);
  const label = component.label?.trim() || t("adminCallouts.builder.noLabel");

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (handleRowNavigation(event)) return;
    const name = `${event.altKey ? "Alt+" : ""}${event.key}`;
    const action = shortcuts[name];
    if (!action || (action !== "delete" && !moves[action])) return;
    event.preventDefault();
    onAction(action);
  };

  return (
    <div
      className={cx(
        "flex items-center gap-1 rounded-lg pr-1 ring-1 ring-inset",
        isSelected ? "bg-primary/8 ring-primary/40" : "bg-white ring-body/15 hover:bg-body/3",
        hasErrors && !isSelected && "ring-danger/50",
      )}
    >
      <button
        type="button"
        data-builder-row={component.id}
        aria-pressed={isSelected}
        aria-describedby="builder-keys-hint"
        aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowRight Alt+ArrowLeft Delete"
        onClick={onSelect}
        onKeyDown={handleKeyDown}
        className="focus-ring flex min-w-0 flex-1 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-left"
      >
        <ComponentTypeIcon type={component.type} className="size-4 shrink-0 text-primary" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold">
            {label}
            {component.validate?.required && (
              <span className="text-danger" title={t("adminCallouts.builder.required")}>
                {" *"}
              </span>
            )}
          </span>
          <span className="block truncate text-xs text-body/65">
            {typeName} · <code>{component.key}</code>
          </span>
        </span>
        {isInputComponent(component) && !isPublicAnswer(component) && (
          <Lock aria-label={t("adminCallouts.builder.adminOnlyMarker")} className="size-3.5 shrink-0 text-body/70" />
        )}
        {component.conditional?.when && (
          <Eye aria-label={t("adminCallouts.builder.conditionalMarker")} className="size-3.5 shrink-0 text-body/70" />
        )}
        {hasErrors && (
          <CircleAlert aria-label={t("adminCallouts.builder.hasErrors")} className="size-4 shrink-0 text-danger" />
        )}
      </button>
      {isSelected && (
        <span className="flex shrink-0 items-center">
          {moves.up && (
            <IconButton label={t("adminCallouts.builder.moveUp")} onClick={() => onAction("up")}>
              <ArrowUp aria-hidden className="size-4" />
            </IconButton>
          )}
          {moves.down && (
            <IconButton label={t("adminCallouts.builder.moveDown")} onClick={() => onAction("down")}>
              <ArrowDown aria-hidden className="size-4" />
            </IconButton>
          )}
          {moves.nest && (
            <IconButton label={t("adminCallouts.builder.nest")} onClick={() => onAction("nest")}>
              <IndentIncrease aria-hidden className="size-4" />
            </IconButton>
          )}
          {moves.unnest && (
            <IconButton label={t("adminCallouts.builder.unnest")} onClick={() => onAction("unnest")}>
              <IndentDecrease aria-hidden className="size-4" />
            </IconButton>
          )}
          <IconButton label={t("adminCallouts.builder.delete")} onClick={() => onAction("delete")}>
            <Trash2 aria-hidden className="size-4 text-danger" />
          </IconButton>
        </span>
      )}
    </div>
  );
}
