import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalloutNotifications } from "@cohort/common/callouts";
import { MAX_RESPONSE_THRESHOLD, MAX_RESPONSE_THRESHOLDS } from "@cohort/common/callouts";
import { displayName } from "@cohort/common/contacts";
import {
  calloutNotificationsKey,
  calloutNotificationsQueryOptions,
  saveCalloutNotifications,
} from "../../../../api/callout-notifications";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { cx } from "../../../../ui/class-names";
import { TextField } from "../../../../ui/text-field";

type Choice = { eachResponse: boolean; dailyDigest: boolean; thresholds: boolean };
const NO_CHOICE: Choice = { eachResponse: false, dailyDigest: false, thresholds: false };
/** The columns of choices, in order, with the key of their labels (`<labelKey>` and `<labelKey>For`). */
const choiceColumns = [
  { key: "eachResponse", labelKey: "eachResponse" },
  { key: "dailyDigest", labelKey: "dailyDigest" },
  { key: "thresholds", labelKey: "alerts" },
] as const satisfies readonly { key: keyof Choice; labelKey: string }[];
/** The last column keeps no padding on its right, so the table ends flush with the card. */
const columnPadding = (index: number) => (index === choiceColumns.length - 1 ? "pl-1.5 sm:pl-3" : "px-1.5 sm:px-3");

/** The thresholds typed as "100, 500"; undefined when any part is not a whole number in range. */
export function parseThresholds(text: string): number[] | undefined {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const numbers = parts.map(Number);
  const isValid = numbers.every((value) => Number.isInteger(value) && value >= 1 && value <= MAX_RESPONSE_THRESHOLD);
  if (!isValid || numbers.length > MAX_RESPONSE_THRESHOLDS) return undefined;
  return [...new Set(numbers)].sort((a, b) => a - b);
}

function NotificationsForm({ calloutId, data }: { calloutId: string; data: CalloutNotifications }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(
      data.recipients.map((row) => [
        row.contactId,
        { eachResponse: row.eachResponse, dailyDigest: row.dailyDigest, thresholds: row.thresholds },
      ]),
    ),
  );
  const [thresholdText, setThresholdText] = useState(() => data.thresholds.map((row) => row.threshold).join(", "));
  const [isSaved, setIsSaved] = useState(false);
  const save = useMutation({
    mutationFn: (thresholds: number[]) =>
      saveCalloutNotifications(calloutId, {
        recipients: Object.entries(choices)
          .filter(([, choice]) => choice.eachResponse || choice.dailyDigest || choice.thresholds)
          .map(([contactId, choice]) => ({ contactId, ...choice })),
        thresholds,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(calloutNotificationsKey(calloutId), saved);
      setIsSaved(true);
    },
  });
  const thresholds = parseThresholds(thresholdText);
  const reached = data.thresholds.filter((row) => row.reached).map((row) => row.threshold);
  const toggle = (contactId: string, key: keyof Choice) => {
    setIsSaved(false);
    setChoices((current) => {
      const choice = current[contactId] ?? NO_CHOICE;
      return { ...current, [contactId]: { ...choice, [key]: !choice[key] } };
    });
  };

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (thresholds) save.mutate(thresholds);
      }}
    >
      {data.candidates.length === 0 ? (
        <p className="text-sm text-body/70">{t("adminCallouts.notifications.noCandidates")}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-body/15">
                <th scope="col" className="py-2 pr-1.5 font-semibold sm:pr-3">
                  {t("adminCallouts.notifications.person")}
                </th>
                {choiceColumns.map(({ key, labelKey }, index) => (
                  <th key={key} scope="col" className={cx("py-2 text-center font-semibold", columnPadding(index))}>
                    {t(`adminCallouts.notifications.${labelKey}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.candidates.map((person) => {
                const name = displayName(person);
                const choice = choices[person.contactId];
                return (
                  <tr key={person.contactId} className="border-b border-body/10 last:border-0">
                    <th scope="row" className="max-w-32 py-2 pr-1.5 font-normal sm:max-w-48 sm:pr-3">
                      <span className="block truncate">{name}</span>
                      {name !== person.email && (
                        <span className="block truncate text-xs text-body/70">{person.email}</span>
                      )}
                    </th>
                    {choiceColumns.map(({ key, labelKey }, index) => (
                      <td key={key} className={cx("py-2 text-center", columnPadding(index))}>
                        <input
                          type="checkbox"
                          className="focus-ring size-5 cursor-pointer accent-primary"
                          aria-label={t(`adminCallouts.notifications.${labelKey}For`, { name })}
                          checked={choice?.[key] ?? false}
                          onChange={() => toggle(person.contactId, key)}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <TextField
        label={t("adminCallouts.notifications.thresholds")}
        hint={
          reached.length > 0
            ? `${t("adminCallouts.notifications.thresholdsHint")} ${t("adminCallouts.notifications.reached", { list: reached.join(", ") })}`
            : t("adminCallouts.notifications.thresholdsHint")
        }
        error={thresholds ? undefined : t("adminCallouts.notifications.thresholdsInvalid")}
        value={thresholdText}
        inputMode="numeric"
        onChange={(event) => {
          setIsSaved(false);
          setThresholdText(event.target.value);
        }}
      />
      {save.isError && <Alert variant="error">{t(messageForError(save.error))}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={save.isPending} disabled={!thresholds}>
          {t("adminCallouts.notifications.save")}
        </Button>
        {isSaved && (
          <p role="status" className="text-sm text-body/70">
            {t("adminCallouts.notifications.saved")}
          </p>
        )}
      </div>
    </form>
  );
}

/** Who on the staff gets an email for each new response, and who an alert when the count passes a threshold. */
export function NotificationsCard({ calloutId }: { calloutId: string }) {
  const { t } = useTranslation();
  const query = useQuery(calloutNotificationsQueryOptions(calloutId));
  return (
    <Card className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-bold">{t("adminCallouts.notifications.title")}</h2>
        <p className="text-sm text-body/70">{t("adminCallouts.notifications.intro")}</p>
      </div>
      {query.isError && <Alert variant="error">{t(messageForError(query.error))}</Alert>}
      {query.data && <NotificationsForm calloutId={calloutId} data={query.data} />}
    </Card>
  );
}
