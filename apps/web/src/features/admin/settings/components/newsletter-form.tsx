import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import type { NewsletterConnectionTest, NewsletterSettings } from "@cohort/common/newsletter";
import { newsletterProviderNames } from "@cohort/common/newsletter";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { useJoinSetupContent } from "../../../../api/join-content";
import { newsletterKeys, testNewsletterConnection, updateNewsletterSettings } from "../../../../api/newsletter";
import { messageForError } from "../../../../api/error-messages";
import { useSession } from "../../../../api/session";
import { FormError } from "../../../../app/forms/form-error";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { CopyField } from "../../../../ui/copy-field";
import { SelectField } from "../../../../ui/select-field";
import { linkClass } from "../../../../ui/class-names";
import { TextField } from "../../../../ui/text-field";
import { saveSettingsTab } from "./save-settings";
import { SettingsSaveRow } from "./settings-save-row";

interface NewsletterFormValues {
  provider: NewsletterSettings["provider"];
  apiKey: string;
  apiUrl: string;
  listId: string;
  activeMemberTag: string;
  lapsedMemberTag: string;
}

const toValues = (saved: NewsletterSettings): NewsletterFormValues => ({
  provider: saved.provider,
  apiKey: "",
  apiUrl: saved.apiUrl,
  listId: saved.listId,
  activeMemberTag: saved.activeMemberTag,
  lapsedMemberTag: saved.lapsedMemberTag,
});

/**
 * Where newsletter statuses and groups go and the tags that mark members; the groups are the
 * join page's, listed with their ids. Only a superadmin changes the connection; the key is
 * never shown again.
 */
export function NewsletterForm({ settings }: { settings: NewsletterSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const isSuperadmin = session?.activeRoles.includes("superadmin") ?? false;
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const [test, setTest] = useState<NewsletterConnectionTest | null>(null);
  const [isTesting, setIsTesting] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<NewsletterFormValues>({ defaultValues: toValues(settings) });
  const groups = useJoinSetupContent().data?.newsletterGroups ?? [];
  const provider = useWatch({ control, name: "provider" });

  const handleValid = (values: NewsletterFormValues) =>
    saveSettingsTab({
      save: () =>
        updateNewsletterSettings({
          ...(isSuperadmin
            ? {
                provider: values.provider,
                listId: values.listId,
                apiUrl: values.provider === "listmonk" ? values.apiUrl : "",
                ...(values.apiKey.trim() !== "" ? { apiKey: values.apiKey } : {}),
              }
            : {}),
          activeMemberTag: values.activeMemberTag,
          lapsedMemberTag: values.lapsedMemberTag,
        }),
      onSaved: (saved) => {
        queryClient.setQueryData(newsletterKeys.settings, saved);
        reset(toValues(saved));
        setTest(null);
      },
      savedTitle: t("adminSettings.saved"),
      fields: ["provider", "apiKey", "apiUrl", "listId", "activeMemberTag", "lapsedMemberTag"],
      setError,
      setFormError,
    });

  const runTest = async () => {
    setIsTesting(true);
    setFormError(null);
    try {
      setTest(await testNewsletterConnection());
    } catch (failure) {
      setFormError(messageForError(failure));
    } finally {
      setIsTesting(false);
    }
  };

  const connectionLocked = !isSuperadmin;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="max-w-3xl space-y-6">
      <FormError message={formError} />
      <Card className="space-y-5">
        <div className="space-y-1">
          <h2 className="text-lg font-bold">{t("adminSettings.newsletter.connectionTitle")}</h2>
          <p className="text-sm text-body/75">
            {t(
              connectionLocked
                ? "adminSettings.newsletter.connectionSuperadminOnly"
                : "adminSettings.newsletter.connectionIntro",
            )}
          </p>
        </div>
        <SelectField
          label={t("adminSettings.newsletter.provider")}
          disabled={connectionLocked}
          {...register("provider")}
        >
          {newsletterProviderNames.map((name) => (
            <option key={name} value={name}>
              {t(`adminSettings.newsletter.providers.${name}`)}
            </option>
          ))}
        </SelectField>
        {provider !== "none" && (
          <>
            {provider === "listmonk" && (
              <TextField
                label={t("adminSettings.newsletter.apiUrl")}
                hint={t("adminSettings.newsletter.apiUrlHint")}
                type="url"
                disabled={connectionLocked}
                error={errors.apiUrl?.message}
                {...register("apiUrl")}
              />
            )}
            <TextField
              label={t("adminSettings.newsletter.apiKey")}
              hint={t(
                settings.hasApiKey
                  ? "adminSettings.newsletter.apiKeyKept"
                  : provider === "mailchimp"
                    ? "adminSettings.newsletter.apiKeyHintMailchimp"
                    : "adminSettings.newsletter.apiKeyHintListmonk",
              )}
              type="password"
              autoComplete="off"
              disabled={connectionLocked}
              error={errors.apiKey?.message}
              {...register("apiKey")}
            />
            <TextField
              className="max-w-sm"
              label={t(
                provider === "mailchimp" ? "adminSettings.newsletter.audienceId" : "adminSettings.newsletter.listId",
              )}
              disabled={connectionLocked}
              error={errors.listId?.message}
              {...register("listId")}
            />
            {settings.webhookUrl && provider === "mailchimp" && (
              <div className="space-y-1">
                <CopyField label={t("adminSettings.newsletter.webhookUrl")} value={settings.webhookUrl} isCode />
                <p className="text-sm text-body/75">{t("adminSettings.newsletter.webhookHint")}</p>
              </div>
            )}
            <div className="space-y-3">
              <Button
                type="button"
                variant="secondary"
                isLoading={isTesting}
                disabled={isDirty}
                onClick={() => void runTest()}
              >
                {t("adminSettings.newsletter.test")}
              </Button>
              {isDirty && <p className="text-sm text-body/70">{t("adminSettings.newsletter.testSaveFirst")}</p>}
              {test && (
                <Alert variant={test.ok ? "success" : "error"}>
                  {test.ok
                    ? t("adminSettings.newsletter.testOk", { list: test.listName ?? "" })
                    : t(`adminSettings.newsletter.testProblems.${test.problem ?? "unreachable"}`)}
                </Alert>
              )}
            </div>
          </>
        )}
      </Card>

      <Card className="space-y-4">
        <div className="space-y-1">
          <h2 className="text-lg font-bold">{t("adminSettings.newsletter.groupsTitle")}</h2>
          <p className="text-sm text-body/75">
            {t(
              provider === "listmonk"
                ? "adminSettings.newsletter.groupsFromJoinListmonk"
                : "adminSettings.newsletter.groupsFromJoinMailchimp",
            )}
          </p>
        </div>
        {groups.length === 0 ? (
          <p className="text-sm text-body/70">{t("adminSettings.newsletter.noGroups")}</p>
        ) : (
          <ul className="divide-y divide-body/10 text-sm">
            {groups.map((group) => (
              <li key={group.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>{group.label}</span>
                <code className="break-all text-body/75">{group.id}</code>
              </li>
            ))}
          </ul>
        )}
        <Link className={linkClass} to="/admin/membership-builder/confirmation">
          {t("adminSettings.newsletter.editGroups")}
        </Link>
      </Card>

      <Card className="space-y-5">
        <div className="space-y-1">
          <h2 className="text-lg font-bold">{t("adminSettings.newsletter.tagsTitle")}</h2>
          <p className="text-sm text-body/75">{t("adminSettings.newsletter.tagsIntro")}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t("adminSettings.newsletter.activeTag")} {...register("activeMemberTag")} />
          <TextField label={t("adminSettings.newsletter.lapsedTag")} {...register("lapsedMemberTag")} />
        </div>
      </Card>
      <SettingsSaveRow isSubmitting={isSubmitting} isDirty={isDirty} />
    </form>
  );
}
