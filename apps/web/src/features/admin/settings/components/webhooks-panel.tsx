import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Webhook } from "lucide-react";
import type { WebhookEndpoint, WebhookEventType } from "@cohort/common/webhooks";
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_URL_MAX_LENGTH, webhookEventTypes } from "@cohort/common/webhooks";
import { messageForError } from "../../../../api/error-messages";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  webhookDeliveriesQueryOptions,
  webhookEndpointsQueryOptions,
  webhookKeys,
} from "../../../../api/webhooks";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Badge } from "../../../../ui/badge";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { CopyField } from "../../../../ui/copy-field";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { cellClass, headerCellClass, Table } from "../../../../ui/table";
import { TextField } from "../../../../ui/text-field";
import { useConfirmedAction } from "../../../../shared/confirm/use-confirmed-action";

const eventKey = (type: string) => `adminSettings.webhooks.events.${type.replace(".", "_")}`;

/** Runs a button's action: a toast says how it went, then endpoints and deliveries are read again. */
function useWebhookAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notifications.addToast({ variant: "success", title: t(done) });
      await queryClient.invalidateQueries({ queryKey: ["webhooks"] });
    } catch (failure) {
      notifications.addToast({ variant: "error", title: t(messageForError(failure)) });
    }
  };
}

function CreateEndpointForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [includeAnswers, setIncludeAnswers] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((chosen) => (on ? [...chosen, type] : chosen.filter((event) => event !== type)));
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (events.length === 0) {
      setError(t("adminSettings.webhooks.chooseEvents"));
      return;
    }
    setIsSaving(true);
    try {
      const created = await createWebhookEndpoint({ url, description, events, includeAnswers });
      setUrl("");
      setDescription("");
      setEvents([]);
      setIncludeAnswers(false);
      onCreated(created.secret);
    } catch (failure) {
      setError(t(messageForError(failure)));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
      <h2 className="text-lg font-bold">{t("adminSettings.webhooks.createTitle")}</h2>
      {error && <Alert variant="error" title={error} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("adminSettings.webhooks.url")}
          type="url"
          required
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          placeholder="https://"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <TextField
          label={t("adminSettings.webhooks.description")}
          maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t("adminSettings.webhooks.eventsLegend")}</legend>
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {webhookEventTypes.map((type) => (
            <CheckboxField
              key={type}
              label={t(eventKey(type))}
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.currentTarget.checked)}
            />
          ))}
        </div>
      </fieldset>
      <CheckboxField
        label={t("adminSettings.webhooks.includeAnswers")}
        description={t("adminSettings.webhooks.includeAnswersHint")}
        checked={includeAnswers}
        onChange={(event) => setIncludeAnswers(event.currentTarget.checked)}
      />
      <Button type="submit" size="sm" isLoading={isSaving} icon={<Plus aria-hidden="true" className="size-4" />}>
        {t("adminSettings.webhooks.create")}
      </Button>
    </form>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const queryClient = useQueryClient();
  const deliveries = useQuery({ ...webhookDeliveriesQueryOptions(endpoint.id), staleTime: 0 });
  const act = useWebhookAction();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
  if (deliveries.isPending) return <Skeleton className="h-20 w-full" />;
  if (deliveries.isError) return <Alert variant="error" title={t(messageForError(deliveries.error))} />;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{t("adminSettings.webhooks.logTitle")}</h3>
        <Button size="sm" variant="secondary" onClick={() => void refresh()}>
          {t("adminSettings.webhooks.refresh")}
        </Button>
      </div>
      {deliveries.data.items.length === 0 ? (
        <p className="text-sm text-body/75">{t("adminSettings.webhooks.logEmpty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <Table caption={t("adminSettings.webhooks.logCaption", { url: endpoint.url })}>
            <thead>
              <tr>
                <th scope="col" className={headerCellClass}>
                  {t("adminSettings.webhooks.event")}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t("adminSettings.webhooks.status")}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t("adminSettings.webhooks.responseCode")}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t("adminSettings.webhooks.time")}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t("adminSettings.webhooks.attempts")}
                </th>
                <th scope="col" className={headerCellClass}>
                  <span className="sr-only">{t("adminSettings.webhooks.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.items.map((delivery) => (
                <tr key={delivery.id}>
                  <td className={`${cellClass} font-mono text-sm`}>{delivery.eventType}</td>
                  <td className={cellClass}>
                    <Badge
                      tone={
                        delivery.status === "succeeded"
                          ? "success"
                          : delivery.status === "failed"
                            ? "danger"
                            : "warning"
                      }
                    >
                      {t(`adminSettings.webhooks.deliveryStatus.${delivery.status}`)}
                    </Badge>
                    {delivery.lastError && <p className="mt-1 text-xs text-body/75">{delivery.lastError}</p>}
                  </td>
                  <td className={cellClass}>{delivery.responseCode ?? "–"}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {dateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                  </td>
                  <td className={cellClass}>{delivery.attempts}</td>
                  <td className={`${cellClass} text-right`}>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t("adminSettings.webhooks.resendNamed", { event: delivery.eventType })}
                      onClick={() =>
                        void act(() => resendWebhookDelivery(endpoint.id, delivery.id), "adminSettings.webhooks.resent")
                      }
                    >
                      {t("adminSettings.webhooks.resend")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </div>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const act = useWebhookAction();
  const [showLog, setShowLog] = useState(false);
  const isPaused = endpoint.status === "paused";
  return (
    <Card>
      <div className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-mono text-sm font-semibold break-all">{endpoint.url}</h3>
            {endpoint.description && <p className="text-sm text-body/75">{endpoint.description}</p>}
          </div>
          <Badge tone={isPaused ? "warning" : "success"}>
            {isPaused
              ? t(
                  endpoint.pausedReason === "failing"
                    ? "adminSettings.webhooks.pausedFailing"
                    : "adminSettings.webhooks.paused",
                )
              : t("adminSettings.webhooks.active")}
          </Badge>
        </div>
        <p className="text-sm text-body/75">
          {endpoint.events.map((type) => t(eventKey(type))).join(", ")}
          {endpoint.includeAnswers && ` · ${t("adminSettings.webhooks.withAnswers")}`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => void act(() => sendWebhookTest(endpoint.id), "adminSettings.webhooks.testSent")}
          >
            {t("adminSettings.webhooks.sendTest")}
          </Button>
          <Button size="sm" variant="secondary" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
            {showLog ? t("adminSettings.webhooks.hideLog") : t("adminSettings.webhooks.showLog")}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              void act(
                () => updateWebhookEndpoint(endpoint.id, { status: isPaused ? "active" : "paused" }),
                isPaused ? "adminSettings.webhooks.resumed" : "adminSettings.webhooks.pausedDone",
              )
            }
          >
            {isPaused ? t("adminSettings.webhooks.resume") : t("adminSettings.webhooks.pause")}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              void act(async () => onSecret(await rotateWebhookSecret(endpoint.id)), "adminSettings.webhooks.rotated")
            }
          >
            {t("adminSettings.webhooks.rotate")}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-danger"
            aria-label={t("adminSettings.webhooks.deleteNamed", { url: endpoint.url })}
            onClick={onDelete}
          >
            {t("adminSettings.webhooks.delete")}
          </Button>
        </div>
        {showLog && <DeliveryLog endpoint={endpoint} />}
      </div>
    </Card>
  );
}

/** Settings → Webhooks: endpoints that receive signed events (decision 069); a secret is shown once. */
export function WebhooksPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const endpoints = useQuery({ ...webhookEndpointsQueryOptions, staleTime: 0 });
  const [secret, setSecret] = useState<string | null>(null);
  const handleCreated = async (created: string) => {
    setSecret(created);
    await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
  };
  const deleting = useConfirmedAction(async (endpoint: WebhookEndpoint) => {
    await deleteWebhookEndpoint(endpoint.id);
    await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
    notifications.addToast({ variant: "success", title: t("adminSettings.webhooks.deleted") });
  });
  return (
    <div className="max-w-4xl space-y-6">
      <p className="text-body/75">{t("adminSettings.webhooks.intro")}</p>
      {secret && (
        <Alert variant="success" title={t("adminSettings.webhooks.secretTitle")}>
          <div className="space-y-3">
            <p>{t("adminSettings.webhooks.secretDescription")}</p>
            <CopyField label={t("adminSettings.webhooks.secret")} value={secret} isCode />
            <Button size="sm" variant="secondary" onClick={() => setSecret(null)}>
              {t("adminSettings.webhooks.done")}
            </Button>
          </div>
        </Alert>
      )}
      <Card>
        <CreateEndpointForm onCreated={(created) => void handleCreated(created)} />
      </Card>
      {endpoints.isPending ? (
        <div role="status">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-32 w-full" />
        </div>
      ) : endpoints.isError ? (
        <Alert variant="error" title={t(messageForError(endpoints.error))} />
      ) : endpoints.data.length === 0 ? (
        <EmptyState icon={Webhook} title={t("adminSettings.webhooks.empty")} />
      ) : (
        <div className="space-y-4">
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onSecret={setSecret}
              onDelete={() => deleting.ask(endpoint)}
            />
          ))}
        </div>
      )}
      <ConfirmDialog
        isOpen={deleting.item !== null}
        title={t("adminSettings.webhooks.confirmTitle")}
        description={t("adminSettings.webhooks.confirmDescription", { url: deleting.item?.url ?? "" })}
        confirmLabel={t("adminSettings.webhooks.delete")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        isPending={deleting.isPending}
        onConfirm={() => void deleting.confirm()}
        onClose={deleting.close}
      >
        {deleting.error && <Alert variant="error" title={deleting.error} />}
      </ConfirmDialog>
    </div>
  );
}
