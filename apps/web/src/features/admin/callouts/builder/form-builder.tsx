import type { RefObject } from "react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MousePointerClick } from "lucide-react";
import type { ComponentType, FormComponent } from "@cohort/common/callout-form";
import { flattenComponents, linkParamName } from "@cohort/common/callout-form";
import { useGeneralContent } from "../../../../api/content";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { useBuilderDispatch, useEditorForm, useIsLive } from "../editor/editor-context";
import { componentPaths } from "../editor/editor-checks";
import type { EditorSlide } from "../editor/editor-values";
import { componentsIn } from "./builder-reducer";
import { createComponent, randomId } from "./component-factory";
import { slideKeys } from "./component-keys";
import { ComponentList } from "./component-list";
import type { RowAction } from "./component-list-item";
import { ComponentPalette } from "./component-palette";
import type { ContainerChoice } from "./component-palette";
import { ComponentProperties } from "./component-properties";
import type { ContainerRef } from "./component-tree";
import { containersOf, findComponent, locate, slideContainer } from "./component-tree";

interface FormBuilderProps {
  slide: EditorSlide;
  slideIndex: number;
  slides: readonly EditorSlide[];
}

/** Lists where new components can go: the slide, then every panel, well and tab pane in it. */
function useContainerChoices(slide: EditorSlide): ContainerChoice[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const nested = flattenComponents(slide.components).flatMap((component) =>
      containersOf(component).map((inner, index) => {
        const name = component.label || component.key;
        const pane = component.type === "tabs" ? (component.components?.[index] as { label?: string }).label : null;
        return { ref: inner.ref, label: pane ? `${name} › ${pane}` : name };
      }),
    );
    return [{ ref: slideContainer, label: t("adminCallouts.builder.slideTarget") }, ...nested];
  }, [slide.components, t]);
}

/** Adds, selects, edits, moves, nests and deletes the components of one slide. */
export function FormBuilder({ slide, slideIndex, slides }: FormBuilderProps) {
  const { t } = useTranslation();
  const dispatch = useBuilderDispatch();
  const { currencyCode } = useGeneralContent();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [chosenTarget, setChosenTarget] = useState<ContainerRef>(slideContainer);
  const [pendingDelete, setPendingDelete] = useState<FormComponent | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const { requestFocus, labelRef } = useFocusRequest();
  const containers = useContainerChoices(slide);

  const selected = selectedId ? findComponent(slide.components, selectedId) : undefined;
  const target = containers.some((choice) => choice.ref.parentId === chosenTarget.parentId)
    ? chosenTarget
    : slideContainer;

  const nameOf = (component: FormComponent) => component.label || component.key;

  const handleAdd = (type: ComponentType) => {
    const component = createComponent(type, {
      id: randomId(),
      label: t(`adminCallouts.types.${type}`),
      takenKeys: slideKeys(slide.components),
      optionLabel: (n) => t("adminCallouts.builder.optionLabel", { n }),
      paneLabel: (n) => t("adminCallouts.builder.tabLabel", { n }),
      currency: currencyCode,
    });
    dispatch({ type: "addComponent", slideId: slide.id, component, container: target });
    setSelectedId(component.id);
    // What comes next most likely goes inside a new panel, well or tab.
    const inner = containersOf(component)[0];
    if (inner) setChosenTarget(inner.ref);
    requestFocus(component.id, "label");
    setAnnouncement(t("adminCallouts.builder.added", { name: nameOf(component) }));
  };

  const handleAction = (action: RowAction, id: string) => {
    const component = findComponent(slide.components, id);
    if (!component) return;
    setSelectedId(id);
    if (action === "delete") {
      setPendingDelete(component);
      return;
    }
    const base = { slideId: slide.id, componentId: id };
    if (action === "up" || action === "down") {
      dispatch({ type: "moveComponent", ...base, offset: action === "up" ? -1 : 1 });
    } else {
      dispatch({ type: action === "nest" ? "nestComponent" : "unnestComponent", ...base });
    }
    requestFocus(id, "row");
    setAnnouncement(t(`adminCallouts.builder.moved.${action}`, { name: nameOf(component) }));
  };

  const handleDelete = () => {
    if (!pendingDelete) return;
    const place = locate(slide.components, pendingDelete.id);
    const siblings = place ? componentsIn(slide.components, place.container) : [];
    const neighbour = place ? (siblings[place.index + 1] ?? siblings[place.index - 1]) : undefined;
    dispatch({ type: "removeComponent", slideId: slide.id, componentId: pendingDelete.id });
    setAnnouncement(t("adminCallouts.builder.deleted", { name: nameOf(pendingDelete) }));
    setPendingDelete(null);
    setSelectedId(neighbour?.id ?? null);
    if (neighbour) requestFocus(neighbour.id, "row");
  };

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <div className="space-y-6">
        <ComponentPalette containers={containers} target={target} onTargetChange={setChosenTarget} onAdd={handleAdd} />
        <section aria-labelledby="outline-title" className="space-y-2">
          <h3 id="outline-title" className="font-bold">
            {t("adminCallouts.builder.outlineTitle")}
          </h3>
          {slide.components.length === 0 ? (
            <p className="rounded-lg border border-dashed border-body/25 p-4 text-sm text-body/70">
              {t("adminCallouts.builder.emptySlide")}
            </p>
          ) : (
            <ComponentList
              slideIndex={slideIndex}
              slideComponents={slide.components}
              selectedId={selectedId}
              target={target}
              onSelect={(id) => {
                setSelectedId(id);
                const component = findComponent(slide.components, id);
                const inner = component ? containersOf(component)[0] : undefined;
                if (inner) setChosenTarget(inner.ref);
              }}
              onAction={handleAction}
              onTarget={setChosenTarget}
            />
          )}
        </section>
      </div>
      <PropertiesPane
        slide={slide}
        slideIndex={slideIndex}
        slides={slides}
        selected={selected}
        labelRef={labelRef}
        onDelete={setPendingDelete}
      />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ConfirmDialog
        isOpen={pendingDelete !== null}
        title={t("adminCallouts.builder.deleteTitle", { name: pendingDelete ? nameOf(pendingDelete) : "" })}
        description={t(
          pendingDelete && containersOf(pendingDelete).some((inner) => inner.components.length > 0)
            ? "adminCallouts.builder.deleteNested"
            : "adminCallouts.builder.deleteDescription",
        )}
        confirmLabel={t("adminCallouts.builder.delete")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        onConfirm={handleDelete}
        onClose={() => setPendingDelete(null)}
      />
    </div>
  );
}

/**
 * Where focus goes after the next render: a component's row in the outline, or the label field
 * of its properties. The form's new state can reach the builder a render after its own, so a
 * request waits one render for its element.
 */
function useFocusRequest() {
  const focusRequest = useRef<{ id: string; where: "row" | "label"; waited?: boolean } | null>(null);
  const labelRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    const element =
      request.where === "label"
        ? labelRef.current
        : document.querySelector<HTMLElement>(`[data-builder-row="${CSS.escape(request.id)}"]`);
    if (!element && !request.waited) {
      request.waited = true;
      return;
    }
    focusRequest.current = null;
    element?.focus();
  });
  const requestFocus = (id: string, where: "row" | "label") => {
    focusRequest.current = { id, where };
  };
  return { requestFocus, labelRef };
}

interface PropertiesPaneProps {
  slide: EditorSlide;
  slideIndex: number;
  slides: readonly EditorSlide[];
  selected: FormComponent | undefined;
  labelRef: RefObject<HTMLInputElement | null>;
  onDelete: (component: FormComponent) => void;
}

/** The selected component's properties, or a hint to select one. */
function PropertiesPane({ slide, slideIndex, slides, selected, labelRef, onDelete }: PropertiesPaneProps) {
  const { t } = useTranslation();
  const dispatch = useBuilderDispatch();
  const isLive = useIsLive();
  const { formState } = useEditorForm();
  const savedIds = useMemo(
    () =>
      new Set(
        (formState.defaultValues?.slides ?? []).flatMap((saved) =>
          flattenComponents((saved?.components ?? []) as FormComponent[]).map((component) => component.id),
        ),
      ),
    [formState.defaultValues],
  );
  const selectedPath = selected
    ? componentPaths(slide.components, ["slides", slideIndex, "components"])
        .find((entry) => entry.component.id === selected.id)
        ?.path.join(".")
    : undefined;

  return (
    <div className="rounded-xl bg-canvas p-4 ring-1 ring-black/5 sm:p-5">
      {selected && selectedPath ? (
        <ComponentProperties
          key={selected.id}
          component={selected}
          path={selectedPath}
          slideComponents={slide.components}
          slides={slides.filter((other) => other.id !== slide.id)}
          isKeyLocked={isLive && savedIds.has(selected.id)}
          linkParam={linkParamName({ slides: [...slides] }, slide.id, selected.key)}
          labelRef={labelRef}
          onPatch={(patch) => dispatch({ type: "updateComponent", slideId: slide.id, componentId: selected.id, patch })}
          onDelete={() => onDelete(selected)}
        />
      ) : (
        <div className="flex flex-col items-center gap-2 py-10 text-center text-body/70">
          <MousePointerClick aria-hidden className="size-6" />
          <p>{t("adminCallouts.builder.selectHint")}</p>
        </div>
      )}
    </div>
  );
}
