import { useDeferredValue, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { RuleGroup } from "@cohort/common/filters";
import type { Locale } from "@cohort/common/i18n";
import { locales } from "@cohort/common/i18n";
import type {
  CreateMailing,
  MailingKind,
  MailingRecipients,
  MailingVersion,
  MailingVersions,
} from "@cohort/common/mailings";
import { mailingMergeFields } from "@cohort/common/mailings";
import { adminCalloutListQueryOptions, latestCalloutsRequest } from "../../../../api/admin-callouts";
import { recipientCountQueryOptions } from "../../../../api/mailings";
import { segmentsQueryOptions } from "../../../../api/segments";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import { RichTextEditor } from "../../shared/rich-text/rich-text-editor";

type RecipientType = MailingRecipients["type"];

interface MailingFormProps {
  initial: CreateMailing;
  /** The organisation's language: its version is the first and the fallback. */
  organisationLocale: Locale;
  /** A contact filter brought from the contacts page, if any. */
  filterRules?: RuleGroup | undefined;
  onSave: (input: CreateMailing) => Promise<void>;
  isSaving: boolean;
}

function RecipientCount({ kind, recipients }: { kind: MailingKind; recipients: MailingRecipients | null }) {
  const { t } = useTranslation();
  const deferred = useDeferredValue(recipients);
  const count = useQuery({
    ...recipientCountQueryOptions({
      kind,
      recipients: deferred ?? { type: "rules", rules: { condition: "AND", rules: [] } },
    }),
    enabled: deferred !== null,
  });
  let text = t("adminMailings.count.choose");
  if (deferred && count.isPending) text = t("adminMailings.count.counting");
  else if (count.isError) text = t("adminMailings.count.failed");
  else if (count.data) {
    text = t("adminMailings.count.willSend", { count: count.data.willSend, total: count.data.total });
    if (kind === "marketing" && count.data.total > count.data.willSend) {
      text += ` ${t("adminMailings.count.skipped", {
        unsubscribed: count.data.skipped.unsubscribed,
        cleaned: count.data.skipped.cleaned,
      })}`;
    }
  }
  return (
    <p role="status" aria-live="polite" className="rounded-lg bg-body/5 px-4 py-3 font-semibold">
      {text}
    </p>
  );
}

/** Who gets the email and what kind it is, as chosen so far; `recipients` is null until a choice is complete. */
function useRecipientChoice(initial: CreateMailing, filterRules: RuleGroup | undefined) {
  const [kind, setKind] = useState<MailingKind>(initial.kind);
  const [type, setType] = useState<RecipientType>(initial.recipients.type);
  const [segmentId, setSegmentId] = useState(initial.recipients.type === "segment" ? initial.recipients.segmentId : "");
  const [calloutId, setCalloutId] = useState(initial.recipients.type === "callout" ? initial.recipients.calloutId : "");
  const rules = initial.recipients.type === "rules" ? initial.recipients.rules : filterRules;

  const recipients: MailingRecipients | null =
    type === "segment"
      ? segmentId
        ? { type, segmentId }
        : null
      : type === "callout"
        ? calloutId
          ? { type, calloutId }
          : null
        : rules
          ? { type, rules }
          : null;

  return { kind, setKind, type, setType, segmentId, setSegmentId, calloutId, setCalloutId, rules, recipients };
}

/** The email's wording in each language, and which language is being edited. */
function useMailingVersions(initial: CreateMailing, organisationLocale: Locale) {
  const [versions, setVersions] = useState<MailingVersions>(initial.versions);
  const versionLocales = locales.filter((locale) => versions[locale]);
  const [active, setActive] = useState<Locale>(versionLocales[0] ?? organisationLocale);
  const version: MailingVersion = versions[active] ?? { subject: "", body: "" };
  return {
    versions,
    versionLocales,
    active,
    setActive,
    version,
    setVersion: (change: Partial<MailingVersion>) => setVersions({ ...versions, [active]: { ...version, ...change } }),
    addable: locales.filter((locale) => !versions[locale]),
    subjectMissing: versionLocales.find((locale) => !versions[locale]?.subject.trim()),
    /** A new language starts from the wording being edited. */
    add: (locale: Locale) => {
      setVersions({ ...versions, [locale]: { subject: version.subject, body: version.body } });
      setActive(locale);
    },
    removeActive: () => {
      const rest: MailingVersions = { ...versions };
      delete rest[active];
      setVersions(rest);
      setActive(locales.find((locale) => rest[locale]) ?? organisationLocale);
    },
  };
}

/** Who gets it, what kind of email it is, and its wording in each language. */
export function MailingForm({ initial, organisationLocale, filterRules, onSave, isSaving }: MailingFormProps) {
  const { t } = useTranslation();
  const choice = useRecipientChoice(initial, filterRules);
  const wording = useMailingVersions(initial, organisationLocale);
  const [showErrors, setShowErrors] = useState(false);

  const save = () => {
    setShowErrors(true);
    if (!choice.recipients || wording.subjectMissing || wording.versionLocales.length === 0) return;
    void onSave({ kind: choice.kind, recipients: choice.recipients, versions: wording.versions });
  };

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <RecipientsCard choice={choice} showErrors={showErrors} />
      <WordingCard wording={wording} showErrors={showErrors} />
      <Button type="submit" isLoading={isSaving}>
        {t("adminMailings.editor.save")}
      </Button>
    </form>
  );
}

/** The kind of email and who gets it, with how many that is. */
function RecipientsCard({
  choice,
  showErrors,
}: {
  choice: ReturnType<typeof useRecipientChoice>;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  const { kind, setKind, type, setType, segmentId, setSegmentId, calloutId, setCalloutId, rules, recipients } = choice;
  const segments = useQuery(segmentsQueryOptions);
  const callouts = useQuery(adminCalloutListQueryOptions(latestCalloutsRequest));
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold">{t("adminMailings.recipients.title")}</h2>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-semibold">{t("adminMailings.kind.label")}</legend>
        {(["marketing", "service"] as const).map((option) => (
          <label key={option} className="flex items-start gap-2">
            <input
              type="radio"
              name="kind"
              value={option}
              checked={kind === option}
              onChange={() => setKind(option)}
              className="mt-1.5"
            />
            <span>
              <span className="font-semibold">{t(`adminMailings.kind.${option}`)}</span>
              <span className="block text-sm text-body/75">{t(`adminMailings.kind.${option}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <SelectField
        label={t("adminMailings.recipients.type")}
        value={type}
        onChange={(event) => setType(event.target.value as RecipientType)}
      >
        <option value="segment">{t("adminMailings.recipients.segment")}</option>
        <option value="rules">{t("adminMailings.recipients.rules")}</option>
        <option value="callout">{t("adminMailings.recipients.callout")}</option>
      </SelectField>
      {type === "segment" && (
        <SelectField
          label={t("adminMailings.recipients.chooseSegment")}
          value={segmentId}
          error={showErrors && !segmentId ? t("adminMailings.recipients.required") : undefined}
          onChange={(event) => setSegmentId(event.target.value)}
        >
          <option value="">{t("adminMailings.recipients.none")}</option>
          {(segments.data ?? []).map((segment) => (
            <option key={segment.id} value={segment.id}>
              {segment.name}
            </option>
          ))}
        </SelectField>
      )}
      {type === "callout" && (
        <SelectField
          label={t("adminMailings.recipients.chooseCallout")}
          hint={t("adminMailings.recipients.calloutHint")}
          value={calloutId}
          error={showErrors && !calloutId ? t("adminMailings.recipients.required") : undefined}
          onChange={(event) => setCalloutId(event.target.value)}
        >
          <option value="">{t("adminMailings.recipients.none")}</option>
          {(callouts.data?.items ?? []).map((callout) => (
            <option key={callout.id} value={callout.id}>
              {callout.title}
            </option>
          ))}
        </SelectField>
      )}
      {type === "rules" && (
        <p className="text-sm text-body/75">
          {rules
            ? t("adminMailings.recipients.rulesChosen", { count: rules.rules.length })
            : t("adminMailings.recipients.rulesHint")}
        </p>
      )}
      <RecipientCount kind={kind} recipients={recipients} />
    </Card>
  );
}

/** The subject and body in each language, the languages added and removed. */
function WordingCard({ wording, showErrors }: { wording: ReturnType<typeof useMailingVersions>; showErrors: boolean }) {
  const { t } = useTranslation();
  const { versionLocales, active, setActive, version, setVersion, addable } = wording;
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold">{t("adminMailings.editor.title")}</h2>
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label={t("adminMailings.editor.languages")} className="flex flex-wrap gap-2">
          {versionLocales.map((locale) => (
            <Button
              key={locale}
              type="button"
              size="sm"
              variant={locale === active ? "primary" : "secondary"}
              aria-pressed={locale === active}
              onClick={() => setActive(locale)}
            >
              {t(`locales.${locale}`)}
            </Button>
          ))}
        </div>
        {addable.length > 0 && (
          <SelectField
            label={t("adminMailings.editor.addLanguage")}
            value=""
            onChange={(event) => {
              const locale = event.target.value as Locale;
              if (locale) wording.add(locale);
            }}
          >
            <option value="">{t("adminMailings.editor.chooseLanguage")}</option>
            {addable.map((locale) => (
              <option key={locale} value={locale}>
                {t(`locales.${locale}`)}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <p className="text-sm text-body/75">{t("adminMailings.editor.fallbackHint")}</p>
      <TextField
        label={t("adminEmails.editor.subject")}
        value={version.subject}
        autoComplete="off"
        error={showErrors && !version.subject.trim() ? t("adminMailings.editor.subjectRequired") : undefined}
        onChange={(event) => setVersion({ subject: event.target.value })}
      />
      <RichTextEditor
        id="mailing-body"
        label={t("adminMailings.editor.body")}
        hint={t("adminMailings.editor.bodyHint")}
        value={version.body}
        mergeFields={mailingMergeFields}
        onChange={(body) => setVersion({ body })}
      />
      <div className="space-y-2">
        <p className="text-sm font-semibold">{t("adminEmails.editor.mergeFields")}</p>
        <ul aria-label={t("adminEmails.editor.mergeFields")} className="flex flex-wrap gap-2">
          {mailingMergeFields.map((name) => (
            <li key={name}>
              <code className="rounded bg-body/8 px-2 py-1 text-sm">{`*|${name}|*`}</code>
            </li>
          ))}
        </ul>
      </div>
      {versionLocales.length > 1 && (
        <Button type="button" size="sm" variant="ghost" onClick={wording.removeActive}>
          {t("adminMailings.editor.removeLanguage", { language: t(`locales.${active}`) })}
        </Button>
      )}
    </Card>
  );
}
