import { useTranslation } from "react-i18next";
import { Info } from "lucide-react";
import { themeColorNames } from "@cohort/common/content";
import { useGeneralContent } from "../../../api/content";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { CheckboxField } from "../../../ui/checkbox-field";
import { linkClass } from "../../../ui/class-names";
import { SelectField } from "../../../ui/select-field";
import { cellClass, headerCellClass, Table } from "../../../ui/table";
import { TextField } from "../../../ui/text-field";
import { TextareaField } from "../../../ui/textarea-field";

/** Every kind of element in the organisation's theme, to check colours and fonts at a glance. */
export function ThemePage() {
  const { t } = useTranslation();
  const { organisationName } = useGeneralContent();
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">
          {t("themePage.title", { organisation: organisationName })}
        </h1>
        <p className="text-lg text-body/75">{t("themePage.intro")}</p>
      </header>
      <ThemeColours />

      <section aria-labelledby="theme-text" className="space-y-3">
        <h2 id="theme-text" className="text-xl font-bold">
          {t("themePage.text")}
        </h2>
        <Card className="space-y-3">
          <p className="text-2xl font-bold">{t("themePage.heading", { level: 2 })}</p>
          <p className="text-lg font-bold">{t("themePage.heading", { level: 3 })}</p>
          <p>
            {t("themePage.paragraph")}{" "}
            <a href="#theme-text" className={linkClass}>
              {t("themePage.link")}
            </a>
          </p>
          <ul className="list-disc space-y-1 pl-6">
            <li>{t("themePage.listItem", { number: 1 })}</li>
            <li>{t("themePage.listItem", { number: 2 })}</li>
          </ul>
        </Card>
      </section>

      <section aria-labelledby="theme-actions" className="space-y-3">
        <h2 id="theme-actions" className="text-xl font-bold">
          {t("themePage.actions")}
        </h2>
        <div className="flex flex-wrap gap-3">
          <Button>{t("themePage.primary")}</Button>
          <Button variant="secondary">{t("themePage.secondary")}</Button>
          <Button variant="ghost">{t("themePage.ghost")}</Button>
          <Button variant="danger">{t("themePage.danger")}</Button>
          <Button disabled>{t("themePage.disabled")}</Button>
        </div>
        <div className="flex flex-wrap gap-2">
          {(["neutral", "primary", "link", "success", "warning", "danger"] as const).map((tone) => (
            <Badge key={tone} tone={tone}>
              {tone}
            </Badge>
          ))}
        </div>
      </section>

      <section aria-labelledby="theme-messages" className="space-y-3">
        <h2 id="theme-messages" className="text-xl font-bold">
          {t("themePage.messages")}
        </h2>
        {(["info", "success", "warning", "error"] as const).map((variant) => (
          <Alert key={variant} variant={variant} title={t(`themePage.alert.${variant}`)} />
        ))}
      </section>
      <FormSamples />

      <TableSample />
      <p className="flex items-center gap-2 text-sm text-body/70">
        <Info aria-hidden="true" className="size-4" />
        {t("themePage.footnote")}
      </p>
    </div>
  );
}

/** The theme's colours, each with its value or "standard". */
function ThemeColours() {
  const { t } = useTranslation();
  const { theme } = useGeneralContent();
  return (
    <section aria-labelledby="theme-colours" className="space-y-3">
      <h2 id="theme-colours" className="text-xl font-bold">
        {t("themePage.colours")}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {themeColorNames.map((name) => (
          <li key={name} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/10">
            <div className="h-14" style={{ backgroundColor: `var(--cohort-${name})` }} />
            <p className="px-3 py-2 text-sm">
              <span className="font-semibold">{name}</span>{" "}
              <code className="text-body/70">{theme.colors?.[name] ?? t("themePage.standard")}</code>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The form fields, plain, with a hint and with an error. */
function FormSamples() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="theme-forms" className="space-y-3">
      <h2 id="theme-forms" className="text-xl font-bold">
        {t("themePage.forms")}
      </h2>
      <Card className="space-y-5">
        <TextField label={t("themePage.textField")} hint={t("themePage.hint")} defaultValue="" />
        <TextField label={t("themePage.invalidField")} error={t("validation.required")} defaultValue="" />
        <TextareaField label={t("themePage.textArea")} rows={3} defaultValue="" />
        <SelectField label={t("themePage.select")} defaultValue="a">
          <option value="a">{t("themePage.option", { number: 1 })}</option>
          <option value="b">{t("themePage.option", { number: 2 })}</option>
        </SelectField>
        <CheckboxField label={t("themePage.checkbox")} description={t("themePage.hint")} />
      </Card>
    </section>
  );
}

/** A small table. */
function TableSample() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="theme-table" className="space-y-3">
      <h2 id="theme-table" className="text-xl font-bold">
        {t("themePage.table")}
      </h2>
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        <Table caption={t("themePage.table")}>
          <thead>
            <tr>
              <th scope="col" className={headerCellClass}>
                {t("themePage.column", { number: 1 })}
              </th>
              <th scope="col" className={headerCellClass}>
                {t("themePage.column", { number: 2 })}
              </th>
            </tr>
          </thead>
          <tbody>
            {[1, 2].map((row) => (
              <tr key={row}>
                <td className={cellClass}>{t("themePage.cell", { row, column: 1 })}</td>
                <td className={cellClass}>{t("themePage.cell", { row, column: 2 })}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
