import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { BookOpen, Copy, KeyRound, Plus } from "lucide-react";
import { z } from "zod";
import { displayName } from "@cohort/common/contacts";
import type { ApiKey } from "@cohort/common/api-keys";
import { API_REFERENCE_PATH } from "@cohort/common/http";
import { message } from "@cohort/common/validation";
import { messageForError } from "../../../../api/error-messages";
import { apiKeysQueryOptions, createApiKey, revokeApiKey, settingsKeys } from "../../../../api/settings";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { cellClass, headerCellClass, Table } from "../../../../ui/table";
import { TextField } from "../../../../ui/text-field";
import { useConfirmedAction } from "../../../../shared/confirm/use-confirmed-action";
import { IdentityProofFields, useIdentityProof, useOwnTwoFactor } from "../../../../shared/identity/identity-proof";
import { fromLocalInput } from "../../shared/local-date-input";

const createFormSchema = z
  .object({
    description: z
      .string()
      .trim()
      .min(1, { message: message("validation.required") })
      .max(200, { message: message("validation.tooLong", { max: 200 }) }),
    expires: z.string(),
  })
  .superRefine((values, ctx) => {
    const expires = fromLocalInput(values.expires);
    if (values.expires && (!expires || new Date(expires) <= new Date())) {
      ctx.addIssue({ code: "custom", path: ["expires"], message: message("validation.dateInFuture") });
    }
  });
type CreateFormValues = z.infer<typeof createFormSchema>;

/** A key is created by a person who proves it is them: it keeps working after they log out (decision 051). */
function CreateKeyForm({ onCreated }: { onCreated: (token: string) => void }) {
  const { t } = useTranslation();
  const proof = useIdentityProof(useOwnTwoFactor());
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateFormValues>({
    resolver: zodResolver(createFormSchema),
    defaultValues: { description: "", expires: "" },
  });
  const handleValid = async (values: CreateFormValues) => {
    setError(null);
    const given = proof.collect();
    if (!given) return;
    try {
      const token = await createApiKey({
        description: values.description,
        expires: fromLocalInput(values.expires),
        ...given,
      });
      reset();
      proof.clear();
      onCreated(token);
    } catch (failure) {
      if (!proof.showFailure(failure)) setError(t(messageForError(failure)));
    }
  };
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="space-y-4">
      <h2 className="text-lg font-bold">{t("adminSettings.apiKeys.createTitle")}</h2>
      {error && <Alert variant="error" title={error} />}
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <TextField
          label={t("adminSettings.apiKeys.description")}
          error={translateValidationMessage(t, errors.description?.message)}
          autoComplete="off"
          {...register("description")}
        />
        <TextField
          label={t("adminSettings.apiKeys.expiresOptional")}
          error={translateValidationMessage(t, errors.expires?.message)}
          type="datetime-local"
          {...register("expires")}
        />
      </div>
      <fieldset className="space-y-4">
        <legend className="mb-1 text-sm text-body/75">{t("adminSettings.apiKeys.proofHint")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <IdentityProofFields proof={proof} />
        </div>
      </fieldset>
      <Button type="submit" size="sm" isLoading={isSubmitting} icon={<Plus aria-hidden="true" className="size-4" />}>
        {t("adminSettings.apiKeys.create")}
      </Button>
    </form>
  );
}

function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      notifications.addToast({ variant: "success", title: t("adminSettings.apiKeys.copied") });
    } catch {
      notifications.addToast({ variant: "error", title: t("adminSettings.apiKeys.copyFailed") });
    }
  };
  return (
    <Alert variant="success" title={t("adminSettings.apiKeys.createdTitle")}>
      <div className="space-y-3">
        <p>{t("adminSettings.apiKeys.createdDescription")}</p>
        <code
          data-testid="new-api-key"
          className="block rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-body ring-1 ring-black/10"
        >
          {token}
        </code>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" icon={<Copy aria-hidden="true" className="size-4" />} onClick={() => void copy()}>
            {t("adminSettings.apiKeys.copy")}
          </Button>
          <Button size="sm" variant="secondary" onClick={onDone}>
            {t("adminSettings.apiKeys.done")}
          </Button>
        </div>
      </div>
    </Alert>
  );
}

/** API keys: who made them and when they expire; a new key's token is shown once. */
export function ApiKeysPanel() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQueryOptions);
  const [token, setToken] = useState<string | null>(null);

  const handleCreated = async (created: string) => {
    setToken(created);
    await queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys });
  };
  const revoking = useConfirmedAction(async (key: ApiKey) => {
    await revokeApiKey(key.id);
    await queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys });
    notifications.addToast({ variant: "success", title: t("adminSettings.apiKeys.revoked") });
  });

  return (
    <div className="max-w-4xl space-y-6">
      <p className="text-body/75">{t("adminSettings.apiKeys.intro")}</p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-body/75">
        <span>{t("adminSettings.apiKeys.referenceIntro")}</span>
        {/* A page of the server's own, outside the web app: a full page load. */}
        <a
          href={API_REFERENCE_PATH}
          className="inline-flex items-center gap-1 font-semibold text-link-text underline underline-offset-4"
        >
          <BookOpen aria-hidden="true" className="size-4" />
          {t("adminSettings.apiKeys.referenceLink")}
        </a>
      </p>
      {token && <NewToken token={token} onDone={() => setToken(null)} />}
      <Card>
        <CreateKeyForm onCreated={(created) => void handleCreated(created)} />
      </Card>
      {keys.isPending ? (
        <div role="status">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-32 w-full" />
        </div>
      ) : keys.isError ? (
        <Alert variant="error" title={t(messageForError(keys.error))} />
      ) : keys.data.length === 0 ? (
        <EmptyState icon={KeyRound} title={t("adminSettings.apiKeys.empty")} />
      ) : (
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
          <Table caption={t("adminSettings.apiKeys.caption")}>
            <thead>
              <tr>
                <th scope="col" className={headerCellClass}>
                  {t("adminSettings.apiKeys.description")}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t("adminSettings.apiKeys.createdBy")}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t("adminSettings.apiKeys.created")}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t("adminSettings.apiKeys.expires")}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t("adminSettings.apiKeys.lastUsed")}
                </th>
                <th scope="col" className={headerCellClass}>
                  <span className="sr-only">{t("adminSettings.apiKeys.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <td className={`${cellClass} font-semibold break-words`}>{key.description}</td>
                  <td className={cellClass}>{key.creator ? displayName(key.creator) : "–"}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{dateTime(key.createdAt)}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {key.expires ? dateTime(key.expires) : t("adminSettings.apiKeys.never")}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {key.lastUsed ? dateTime(key.lastUsed) : t("adminSettings.apiKeys.notUsed")}
                  </td>
                  <td className={`${cellClass} text-right`}>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-danger"
                      aria-label={t("adminSettings.apiKeys.revokeNamed", { name: key.description })}
                      onClick={() => revoking.ask(key)}
                    >
                      {t("adminSettings.apiKeys.revoke")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <ConfirmDialog
        isOpen={revoking.item !== null}
        title={t("adminSettings.apiKeys.confirmTitle")}
        description={t("adminSettings.apiKeys.confirmDescription", { name: revoking.item?.description ?? "" })}
        confirmLabel={t("adminSettings.apiKeys.revoke")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        isPending={revoking.isPending}
        onConfirm={() => void revoking.confirm()}
        onClose={revoking.close}
      >
        {revoking.error && <Alert variant="error" title={revoking.error} />}
      </ConfirmDialog>
    </div>
  );
}
