import type { KeyboardEvent } from "react";
import { useRef, useState } from "react";
import type { FormComponent, TabPane } from "@cohort/common/callout-form";
import { flattenComponents } from "@cohort/common/callout-form";
import { cx } from "../../../ui/class-names";
import { ComponentList } from "./component-list";
import { useSlideContext } from "./form-context";

/** Panes of components behind tabs; a failed Next opens the pane with the first error. */
export function TabsView({ component }: { component: FormComponent }) {
  const { translate, textLang, fieldId, attempt, firstErrorKey } = useSlideContext();
  const panes = (component.components ?? []) as TabPane[];
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = fieldId(component.key);

  // A new failed attempt opens the pane that holds the first error (set while rendering, as React advises).
  const [seenAttempt, setSeenAttempt] = useState(attempt);
  if (attempt !== seenAttempt) {
    setSeenAttempt(attempt);
    const index = panes.findIndex((pane) =>
      flattenComponents(pane.components ?? []).some((child) => child.key === firstErrorKey),
    );
    if (index >= 0) setSelected(index);
  }

  const handleKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = (index + move + panes.length) % panes.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" className="flex gap-1 overflow-x-auto border-b border-body/15">
        {panes.map((pane, index) => (
          <button
            key={pane.key}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-pane-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={(event) => handleKeyDown(event, index)}
            className={cx(
              "focus-ring -mb-px shrink-0 cursor-pointer border-b-2 px-4 py-2.5 text-sm font-semibold",
              index === selected ? "border-primary text-primary" : "border-transparent text-body/70 hover:text-body",
            )}
          >
            <span lang={textLang}>{translate(pane.label)}</span>
          </button>
        ))}
      </div>
      {panes.map((pane, index) => (
        <div
          key={pane.key}
          role="tabpanel"
          id={`${baseId}-pane-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={index !== selected}
          className="pt-5"
        >
          <ComponentList components={pane.components ?? []} />
        </div>
      ))}
    </div>
  );
}
