import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ArrowDown, ArrowUp, CircleAlert, Plus, Trash2 } from "lucide-react";
import { Button } from "../../../../ui/button";
import { cx } from "../../../../ui/class-names";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { useBuilderDispatch, useHasErrorsUnder } from "../editor/editor-context";
import type { EditorSlide } from "../editor/editor-values";
import { createSlide, newSlideId } from "./component-factory";

interface SlidesListProps {
  slides: readonly EditorSlide[];
  selectedId: string;
  onSelect: (id: string) => void;
}

function SlideRow({
  slide,
  index,
  isSelected,
  onSelect,
}: {
  slide: EditorSlide;
  index: number;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const hasErrors = useHasErrorsUnder(`slides.${index}`);
  return (
    <button
      type="button"
      aria-current={isSelected ? "step" : undefined}
      onClick={onSelect}
      className={cx(
        "focus-ring flex w-full min-w-0 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm",
        isSelected ? "bg-primary text-on-primary" : "hover:bg-body/5",
      )}
    >
      <span className={cx("tabular-nums", isSelected ? "text-on-primary/80" : "text-body/70")}>{index + 1}.</span>
      <span className="min-w-0 flex-1 truncate font-semibold" title={slide.title || undefined}>
        {slide.title || t("adminCallouts.slides.untitled")}
      </span>
      {hasErrors && (
        <CircleAlert aria-label={t("adminCallouts.builder.hasErrors")} className="size-4 shrink-0 text-danger" />
      )}
    </button>
  );
}

/** The slides of the form: pick one to edit, add, reorder, or remove all but the last. */
export function SlidesList({ slides, selectedId, onSelect }: SlidesListProps) {
  const { t } = useTranslation();
  const dispatch = useBuilderDispatch();
  const [pendingRemove, setPendingRemove] = useState<EditorSlide | null>(null);
  const selectedIndex = slides.findIndex((slide) => slide.id === selectedId);
  const selected = slides[selectedIndex];

  const handleAdd = () => {
    const slide = createSlide(newSlideId(), t("adminCallouts.slides.defaultTitle", { n: slides.length + 1 }));
    dispatch({ type: "addSlide", slide, afterId: selectedId });
    onSelect(slide.id);
  };

  return (
    <nav aria-label={t("adminCallouts.slides.label")} className="space-y-3">
      <h3 className="font-bold">{t("adminCallouts.slides.title")}</h3>
      <ol className="space-y-1">
        {slides.map((slide, index) => (
          <li key={slide.id}>
            <SlideRow
              slide={slide}
              index={index}
              isSelected={slide.id === selectedId}
              onSelect={() => onSelect(slide.id)}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-1">
        <Button variant="secondary" size="sm" icon={<Plus aria-hidden className="size-4" />} onClick={handleAdd}>
          {t("adminCallouts.slides.add")}
        </Button>
        {/* The selected slide's controls move to the next line together, never one by one. */}
        {selected && (
          <div className="flex shrink-0 gap-1">
            <Button
              variant="ghost"
              size="sm"
              className="px-2"
              disabled={selectedIndex === 0}
              aria-label={t("adminCallouts.slides.moveUp", { name: selected.title })}
              icon={<ArrowUp aria-hidden className="size-4" />}
              onClick={() => dispatch({ type: "moveSlide", slideId: selected.id, offset: -1 })}
            />
            <Button
              variant="ghost"
              size="sm"
              className="px-2"
              disabled={selectedIndex === slides.length - 1}
              aria-label={t("adminCallouts.slides.moveDown", { name: selected.title })}
              icon={<ArrowDown aria-hidden className="size-4" />}
              onClick={() => dispatch({ type: "moveSlide", slideId: selected.id, offset: 1 })}
            />
            <Button
              variant="ghost"
              size="sm"
              className="px-2"
              disabled={slides.length <= 1}
              aria-label={t("adminCallouts.slides.remove", { name: selected.title })}
              icon={<Trash2 aria-hidden className="size-4 text-danger" />}
              onClick={() => setPendingRemove(selected)}
            />
          </div>
        )}
      </div>
      <ConfirmDialog
        isOpen={pendingRemove !== null}
        title={t("adminCallouts.slides.removeTitle", { name: pendingRemove?.title ?? "" })}
        description={t("adminCallouts.slides.removeDescription")}
        confirmLabel={t("adminCallouts.slides.removeConfirm")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        onConfirm={() => {
          if (!pendingRemove) return;
          const index = slides.findIndex((slide) => slide.id === pendingRemove.id);
          dispatch({ type: "removeSlide", slideId: pendingRemove.id });
          onSelect(slides[index === 0 ? 1 : index - 1]?.id ?? selectedId);
          setPendingRemove(null);
        }}
        onClose={() => setPendingRemove(null)}
      />
    </nav>
  );
}
