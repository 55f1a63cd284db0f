import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFieldArray, useWatch } from "react-hook-form";
import { Languages, Plus, Trash2 } from "lucide-react";
import type { Locale } from "@cohort/common/i18n";
import { locales } from "@cohort/common/i18n";
import { useGeneralContent } from "../../../../api/content";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { cx } from "../../../../ui/class-names";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { EmptyState } from "../../../../ui/empty-state";
import { Select } from "../../../../ui/select";
import { useEditorForm } from "./editor-context";
import type { CalloutEditorValues } from "./editor-values";
import { emptyTranslation } from "./editor-values";
import { TranslationFields } from "./translation-fields";

/** Extra languages of the callout: each one holds its own copy of every text. */
export function TranslationsTab() {
  const { t } = useTranslation();
  const { control } = useEditorForm();
  const { locale: siteLocale } = useGeneralContent();
  const { fields, append, remove } = useFieldArray({ control, name: "translations", keyName: "fieldId" });
  const translations = useWatch<CalloutEditorValues, "translations">({ name: "translations" });
  const [activeLocale, setActiveLocale] = useState<Locale | null>(null);
  const [pendingRemove, setPendingRemove] = useState<number | null>(null);
  const used = new Set(translations.map((translation) => translation.locale));
  const available = locales.filter((locale) => locale !== siteLocale && !used.has(locale));
  const activeIndex = Math.max(
    0,
    fields.findIndex((field) => field.locale === activeLocale),
  );
  const active = fields[activeIndex];

  return (
    <div className="space-y-6">
      {" "}
      <AddLanguageCard
        siteLocale={siteLocale}
        available={available}
        onAdd={(locale) => {
          append(emptyTranslation(locale));
          setActiveLocale(locale);
        }}
      />
      {fields.length === 0 || !active ? (
        <Card>
          <EmptyState
            icon={Languages}
            title={t("adminCallouts.translations.emptyTitle")}
            description={t("adminCallouts.translations.emptyDescription")}
          />
        </Card>
      ) : (
        <Card className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <nav aria-label={t("adminCallouts.translations.languages")}>
              <ul className="flex flex-wrap gap-1">
                {fields.map((field) => (
                  <li key={field.fieldId}>
                    <button
                      type="button"
                      aria-current={field.fieldId === active.fieldId ? "true" : undefined}
                      onClick={() => setActiveLocale(field.locale)}
                      className={cx(
                        "focus-ring cursor-pointer rounded-full px-3 py-1.5 text-sm font-semibold",
                        field.fieldId === active.fieldId ? "bg-primary text-on-primary" : "bg-body/8 hover:bg-body/12",
                      )}
                    >
                      {t(`locales.${field.locale}`)}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            <Button
              variant="ghost"
              size="sm"
              icon={<Trash2 aria-hidden className="size-4 text-danger" />}
              onClick={() => setPendingRemove(activeIndex)}
            >
              {t("adminCallouts.translations.remove", { language: t(`locales.${active.locale}`) })}
            </Button>
          </div>
          <TranslationFields key={active.fieldId} index={activeIndex} />
        </Card>
      )}
      <ConfirmDialog
        isOpen={pendingRemove !== null}
        title={t("adminCallouts.translations.removeTitle", {
          language: pendingRemove === null ? "" : t(`locales.${fields[pendingRemove]?.locale ?? "en"}`),
        })}
        description={t("adminCallouts.translations.removeDescription")}
        confirmLabel={t("adminCallouts.translations.removeConfirm")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        onConfirm={() => {
          if (pendingRemove !== null) remove(pendingRemove);
          setPendingRemove(null);
          setActiveLocale(null);
        }}
        onClose={() => setPendingRemove(null)}
      />
    </div>
  );
}

interface AddLanguageCardProps {
  siteLocale: Locale;
  /** The languages not yet added, other than the site's. */
  available: Locale[];
  onAdd: (locale: Locale) => void;
}

/** What translations are, and a language to add. */
function AddLanguageCard({ siteLocale, available, onAdd }: AddLanguageCardProps) {
  const { t } = useTranslation();
  const [toAdd, setToAdd] = useState<Locale | "">("");
  const chosen = toAdd && available.includes(toAdd) ? toAdd : (available[0] ?? "");
  return (
    <Card className="space-y-4">
      <div className="space-y-1">
        <h3 className="font-bold">{t("adminCallouts.translations.title")}</h3>
        <p className="text-sm text-body/75">
          {t("adminCallouts.translations.intro", { language: t(`locales.${siteLocale}`) })}
        </p>
      </div>
      {available.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <label className="space-y-1.5 text-sm font-semibold">
            <span className="block">{t("adminCallouts.translations.language")}</span>
            <Select
              size="sm"
              value={chosen}
              onChange={(event) => setToAdd(event.target.value as Locale)}
              className="w-56"
            >
              {available.map((locale) => (
                <option key={locale} value={locale}>
                  {t(`locales.${locale}`)}
                </option>
              ))}
            </Select>
          </label>
          <Button
            size="sm"
            variant="secondary"
            icon={<Plus aria-hidden className="size-4" />}
            disabled={!chosen}
            onClick={() => {
              if (!chosen) return;
              onAdd(chosen);
              setToAdd("");
            }}
          >
            {t("adminCallouts.translations.add")}
          </Button>
        </div>
      )}
    </Card>
  );
}
