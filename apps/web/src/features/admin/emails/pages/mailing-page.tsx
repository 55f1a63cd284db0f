import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import type { Locale } from "@cohort/common/i18n";
import { locales } from "@cohort/common/i18n";
import type { CreateMailing, Mailing } from "@cohort/common/mailings";
import { useGeneralContent } from "../../../../api/content";
import { messageForError } from "../../../../api/error-messages";
import {
  cancelMailing,
  createMailing,
  mailingKeys,
  mailingPreviewQueryOptions,
  mailingQueryOptions,
  mailingRecipientsQueryOptions,
  sendMailing,
  sendTestMailing,
  updateMailing,
} from "../../../../api/mailings";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { ProgressBar } from "../../../../ui/progress-bar";
import { SelectField } from "../../../../ui/select-field";
import { Skeleton } from "../../../../ui/skeleton";
import { Table, cellClass, headerCellClass } from "../../../../ui/table";
import { TextField } from "../../../../ui/text-field";
import { DetailFrame, DetailHeader, DetailQuery } from "../../shared/detail-page";
import { rulesParam } from "../../shared/url-list-state";
import { MailingForm } from "../components/mailing-form";
import { MailingStatusBadge } from "../components/mailing-status-badge";

function useFailure() {
  const { t } = useTranslation();
  return (failure: unknown) => notifications.addToast({ variant: "error", title: t(messageForError(failure)) });
}

/** Preview as any recipient, a test to oneself, and sending now or at a set time. */
function SendPanel({ mailing }: { mailing: Mailing }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onFailure = useFailure();
  const [email, setEmail] = useState("");
  const [shownEmail, setShownEmail] = useState("");
  const [locale, setLocale] = useState<Locale | "">("");
  const [at, setAt] = useState("");
  const [isConfirming, setIsConfirming] = useState(false);
  const preview = useQuery(mailingPreviewQueryOptions(mailing.id, shownEmail, locale || undefined));
  const refresh = (next: Mailing) => {
    queryClient.setQueryData(mailingKeys.one(mailing.id), next);
    void queryClient.invalidateQueries({ queryKey: mailingKeys.list() });
  };
  const test = useMutation({
    mutationFn: () => sendTestMailing(mailing.id),
    onSuccess: ({ to }) =>
      notifications.addToast({ variant: "success", title: t("adminMailings.send.testSent", { to }) }),
    onError: onFailure,
  });
  const send = useMutation({
    mutationFn: (when?: string) => sendMailing(mailing.id, when),
    onSuccess: (next) => {
      setIsConfirming(false);
      refresh(next);
    },
    onError: onFailure,
  });

  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold">{t("adminMailings.send.title")}</h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setShownEmail(email.trim());
        }}
      >
        <TextField
          type="email"
          label={t("adminMailings.send.previewAs")}
          hint={t("adminMailings.send.previewAsHint")}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="min-w-64 grow"
        />
        <SelectField
          label={t("adminMailings.send.previewLanguage")}
          value={locale}
          onChange={(event) => setLocale(event.target.value as Locale | "")}
        >
          <option value="">{t("adminMailings.send.theirLanguage")}</option>
          {locales.map((option) => (
            <option key={option} value={option}>
              {t(`locales.${option}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          {t("adminMailings.send.showPreview")}
        </Button>
      </form>
      {preview.isError && <Alert variant="warning" title={t("adminMailings.send.previewFailed")} />}
      {preview.data && (
        <div className="space-y-2">
          <p className="text-sm">
            <span className="font-semibold">{t("adminMailings.send.previewTo")}</span> {preview.data.to} ·{" "}
            <span className="font-semibold">{t("adminEmails.editor.subject")}:</span> {preview.data.subject}
          </p>
          <iframe
            title={t("adminMailings.send.previewFrame")}
            sandbox=""
            srcDoc={preview.data.html}
            className="h-96 w-full rounded-lg border border-black/10 bg-white"
          />
        </div>
      )}
      <div className="flex flex-wrap items-end gap-3 border-t border-black/10 pt-4">
        <Button type="button" variant="secondary" isLoading={test.isPending} onClick={() => test.mutate()}>
          {t("adminMailings.send.test")}
        </Button>
        <Button type="button" onClick={() => setIsConfirming(true)}>
          {t("adminMailings.send.now")}
        </Button>
        <TextField
          type="datetime-local"
          label={t("adminMailings.send.at")}
          value={at}
          onChange={(event) => setAt(event.target.value)}
        />
        <Button
          type="button"
          variant="secondary"
          disabled={!at}
          isLoading={send.isPending && send.variables !== undefined}
          onClick={() => send.mutate(new Date(at).toISOString())}
        >
          {t("adminMailings.send.schedule")}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t("adminMailings.send.confirmTitle")}
        description={t("adminMailings.send.confirmDescription")}
        confirmLabel={t("adminMailings.send.confirm")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        variant="primary"
        isPending={send.isPending}
        onConfirm={() => send.mutate(undefined)}
        onClose={() => setIsConfirming(false)}
      />
    </Card>
  );
}

/** Where a sending email stands, and after, its counts and its failures. */
function Progress({ mailing }: { mailing: Mailing }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { queued, sending, sent, failed, skipped, unknown, resent } = mailing.progress;
  const done = sent + failed + unknown;
  const toSend = queued + sending + done;
  const failures = useQuery({
    ...mailingRecipientsQueryOptions(mailing.id, "failed"),
    enabled: mailing.status === "sent" || failed > 0,
  });
  const inDoubt = useQuery({ ...mailingRecipientsQueryOptions(mailing.id, "unknown"), enabled: unknown > 0 });
  const skippedList = useQuery({ ...mailingRecipientsQueryOptions(mailing.id, "skipped"), enabled: skipped > 0 });
  // The counts after an interrupted send show only when there are any.
  const counts = [
    ["sent", sent],
    ["failed", failed],
    ["skipped", skipped],
    ...(unknown > 0 ? [["unknown", unknown] as const] : []),
    ...(resent > 0 ? [["resent", resent] as const] : []),
  ] as const;
  return (
    <div className="space-y-4">
      <Card className="space-y-3">
        <p role="status" aria-live="polite" className="font-semibold">
          {mailing.status === "sent"
            ? t("adminMailings.progress.done", { date: dateTime(mailing.finishedAt ?? mailing.updatedAt) })
            : t("adminMailings.progress.sending", { done, total: toSend })}
        </p>
        <ProgressBar value={toSend === 0 ? 1 : done / toSend} className="text-primary" />
        <dl className="grid grid-cols-2 gap-3 text-center sm:grid-cols-3">
          {counts.map(([key, value]) => (
            <div key={key} className="rounded-lg bg-body/5 p-3">
              <dt className="text-sm text-body/75">{t(`adminMailings.progress.${key}`)}</dt>
              <dd className="text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        {unknown > 0 && <p className="text-sm text-body/75">{t("adminMailings.progress.unknownHint")}</p>}
        {resent > 0 && <p className="text-sm text-body/75">{t("adminMailings.progress.resentHint")}</p>}
      </Card>
      {(inDoubt.data?.items.length ?? 0) > 0 && (
        <RecipientTable caption={t("adminMailings.progress.unknownList")} items={inDoubt.data!.items} />
      )}
      {(failures.data?.items.length ?? 0) > 0 && (
        <RecipientTable caption={t("adminMailings.progress.failures")} items={failures.data!.items} />
      )}
      {(skippedList.data?.items.length ?? 0) > 0 && (
        <RecipientTable caption={t("adminMailings.progress.skippedList")} items={skippedList.data!.items} />
      )}
    </div>
  );
}

function RecipientTable({ caption, items }: { caption: string; items: { email: string; reason: string | null }[] }) {
  const { t } = useTranslation();
  const reasonText = (reason: string | null) =>
    reason === "unsubscribed" || reason === "cleaned" ? t(`adminMailings.progress.reason.${reason}`) : (reason ?? "");
  return (
    <section className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <Table caption={caption}>
        <thead>
          <tr>
            <th scope="col" className={headerCellClass}>
              {t("adminEmails.detail.to")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("adminMailings.progress.why")}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.email}>
              <td className={cellClass}>{item.email}</td>
              <td className={cellClass}>{reasonText(item.reason)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

/** Writing a new email, or one email: its draft, its sending, or how it went. */
export function MailingPage() {
  const { t } = useTranslation();
  const { id = "new" } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const general = useGeneralContent();
  const dateTime = useDateTime();
  const onFailure = useFailure();
  const isNew = id === "new";
  const mailing = useQuery({ ...mailingQueryOptions(id), enabled: !isNew });
  const filterRules = rulesParam.read(params.get("rules"));
  const save = useMutation({
    mutationFn: (input: CreateMailing) => (isNew ? createMailing(input) : updateMailing(id, input)),
    onSuccess: (saved) => {
      queryClient.setQueryData(mailingKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: mailingKeys.list() });
      notifications.addToast({ variant: "success", title: t("adminMailings.editor.saved") });
      if (isNew) void navigate(`/admin/emails/mailings/${saved.id}`, { replace: true });
    },
    onError: onFailure,
  });
  const cancel = useMutation({
    mutationFn: () => cancelMailing(id),
    onSuccess: (next) => queryClient.setQueryData(mailingKeys.one(id), next),
    onError: onFailure,
  });

  const view = (data: Mailing | undefined) => {
    const initial: CreateMailing = data
      ? { kind: data.kind, recipients: data.recipients, versions: data.versions }
      : {
          kind: "marketing",
          recipients: filterRules ? { type: "rules", rules: filterRules } : { type: "segment", segmentId: "" },
          versions: { [general.locale]: { subject: "", body: "" } },
        };
    const isEditable = !data || data.status === "draft" || data.status === "scheduled";
    return (
      <>
        <DetailHeader
          title={data ? data.subject || t("adminEmails.detail.noSubject") : t("adminMailings.new")}
          spacing="space-y-2"
        >
          {data && <MailingStatusBadge status={data.status} />}
        </DetailHeader>
        {data?.status === "scheduled" && data.scheduledAt && (
          <Alert variant="info" title={t("adminMailings.scheduled", { date: dateTime(data.scheduledAt) })}>
            <Button
              size="sm"
              variant="secondary"
              className="mt-2"
              isLoading={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {t("adminMailings.cancel")}
            </Button>
          </Alert>
        )}
        {data && !isEditable && <Progress mailing={data} />}
        {isEditable && (
          <MailingForm
            key={data?.updatedAt ?? "new"}
            initial={initial}
            organisationLocale={general.locale}
            filterRules={filterRules}
            isSaving={save.isPending}
            onSave={async (input) => {
              await save.mutateAsync(input).catch(() => undefined);
            }}
          />
        )}
        {data?.status === "draft" && <SendPanel mailing={data} />}
      </>
    );
  };

  return (
    <DetailFrame back={{ to: "/admin/emails/mailings", label: t("adminMailings.back") }}>
      {isNew ? (
        view(undefined)
      ) : (
        <DetailQuery query={mailing} loading={<Skeleton className="h-9 w-2/3" />}>
          {view}
        </DetailQuery>
      )}
    </DetailFrame>
  );
}
