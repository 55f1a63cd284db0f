import { useTranslation } from "react-i18next";
import { Plus } from "lucide-react";
import type { FormComponent } from "@cohort/common/callout-form";
import { cx } from "../../../../ui/class-names";
import type { ContainerRef } from "./component-tree";
import { containersOf, sameContainer } from "./component-tree";
import type { RowAction } from "./component-list-item";
import { ComponentListItem } from "./component-list-item";

export interface ComponentListProps {
  /** The slide's components; moves are worked out against all of them. */
  slideComponents: FormComponent[];
  selectedId: string | null;
  target: ContainerRef;
  onSelect: (id: string) => void;
  onAction: (action: RowAction, id: string) => void;
  onTarget: (container: ContainerRef) => void;
}

interface LevelProps extends ComponentListProps {
  components: FormComponent[];
  container: ContainerRef;
  /** Error path of this list, e.g. `slides.0.components`. */
  path: string;
  depth: number;
}

function EmptyContainer({ isTarget, onTarget }: { isTarget: boolean; onTarget: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        onClick={onTarget}
        aria-pressed={isTarget}
        className={cx(
          "focus-ring flex w-full cursor-pointer items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-left text-sm",
          isTarget ? "border-primary bg-primary/5 text-primary" : "border-body/25 text-body/70 hover:border-body/40",
        )}
      >
        <Plus aria-hidden className="size-4" />
        {t("adminCallouts.builder.emptyContainer")}
      </button>
    </li>
  );
}

function Level({ components, container, path, depth, ...props }: LevelProps) {
  const { t } = useTranslation();
  return (
    <ul className={cx("space-y-1.5", depth > 0 && "mt-1.5 border-l-2 border-primary/15 pl-3")}>
      {components.length === 0 && depth > 0 && (
        <EmptyContainer isTarget={sameContainer(props.target, container)} onTarget={() => props.onTarget(container)} />
      )}
      {components.map((component, index) => {
        const itemPath = `${path}.${index}`;
        const inner = containersOf(component);
        return (
          <li key={component.id}>
            <ComponentListItem
              component={component}
              path={itemPath}
              slideComponents={props.slideComponents}
              isSelected={component.id === props.selectedId}
              onSelect={() => props.onSelect(component.id)}
              onAction={(action) => props.onAction(action, component.id)}
            />
            {component.type === "tabs"
              ? inner.map((pane, paneIndex) => (
                  <div key={paneIndex} className="mt-1.5 ml-3">
                    <p className="text-xs font-semibold text-body/70">
                      {t("adminCallouts.builder.paneHeading", {
                        name: (component.components?.[paneIndex] as { label?: string } | undefined)?.label ?? "",
                      })}
                    </p>
                    <Level
                      {...props}
                      components={pane.components}
                      container={pane.ref}
                      path={`${itemPath}.components.${paneIndex}.components`}
                      depth={depth + 1}
                    />
                  </div>
                ))
              : inner.map((list) => (
                  <Level
                    key="children"
                    {...props}
                    components={list.components}
                    container={list.ref}
                    path={`${itemPath}.components`}
                    depth={depth + 1}
                  />
                ))}
          </li>
        );
      })}
    </ul>
  );
}

/** The slide's components as an outline: select one to edit it, move it with buttons or the keyboard. */
export function ComponentList(props: ComponentListProps & { slideIndex: number }) {
  const { t } = useTranslation();
  const { slideIndex, ...rest } = props;
  return (
    <div data-builder-tree className="space-y-2">
      <p id="builder-keys-hint" className="text-xs text-body/70">
        {t("adminCallouts.builder.keyboardHint")}
      </p>
      <Level
        {...rest}
        components={props.slideComponents}
        container={{ parentId: null }}
        path={`slides.${slideIndex}.components`}
        depth={0}
      />
    </div>
  );
}
