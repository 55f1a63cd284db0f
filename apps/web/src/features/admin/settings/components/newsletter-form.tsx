import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { NewsletterConnectionTest, NewsletterSettings } from "@cohort/common/newsletter";
import { newsletterProviderNames } from "@cohort/common/newsletter";
import { useJoinSetupContent } from "../../../../api/join-content";
import { newsletterKeys, testNewsletterConnection, updateNewsletterSettings } from "../../../../api/newsletter";
import { messageForError } from "../../../../api/error-messages";
import { useSession } from "../../../../api/session";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { CopyField } from "../../../../ui/copy-field";
import { SelectField } from "../../../../ui/select-field";
import { linkClass } from "../../../../ui/class-names";
import { TextField } from "../../../../ui/text-field";
import { SettingsForm } from "../../shared/settings-form/settings-form";
import { useSettingsForm } from "../../shared/settings-form/use-settings-form";
import { settingsTab } from "./settings-tab";

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
export function NewsletterForm({ settings: content }: { settings: NewsletterSettings }) {
  const session = useSession();
  const isSuperadmin = session?.activeRoles.includes("superadmin") ?? false;
  const [test, setTest] = useState<NewsletterConnectionTest | null>(null);
  const [isTesting, setIsTesting] = useState(false);
  const settings = useSettingsForm({
    area: settingsTab,
    content,
    toValues,
    save: (values: NewsletterFormValues) =>
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
    queryKey: newsletterKeys.settings,
    afterSave: () => setTest(null),
    fields: ["provider", "apiKey", "apiUrl", "listId", "activeMemberTag", "lapsedMemberTag"],
  });
  const provider = useWatch({ control: settings.form.control, name: "provider" });
  const { setFormError } = settings;

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

  return (
    <SettingsForm settings={settings} className="max-w-3xl space-y-6">
      <ConnectionCard
        settings={content}
        provider={provider}
        connectionLocked={!isSuperadmin}
        isTesting={isTesting}
        test={test}
        onTest={() => void runTest()}
      />

      <GroupsCard provider={provider} />

      <TagsCard />
    </SettingsForm>
  );
}

/** The provider, its address, key and list; and a test of the saved connection. */
function ConnectionCard({
  settings,
  provider,
  connectionLocked,
  isTesting,
  test,
  onTest,
}: {
  settings: NewsletterSettings;
  provider: NewsletterFormValues["provider"];
  connectionLocked: boolean;
  isTesting: boolean;
  test: NewsletterConnectionTest | null;
  onTest: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors, isDirty },
  } = useFormContext<NewsletterFormValues>();
  return (
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
      <SelectField label={t("adminSettings.newsletter.provider")} disabled={connectionLocked} {...register("provider")}>
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
          <ConnectionTest isDirty={isDirty} isTesting={isTesting} test={test} onTest={onTest} />
        </>
      )}
    </Card>
  );
}

/** Tests the saved connection (so only once the form is saved), and says what it found. */
function ConnectionTest({
  isDirty,
  isTesting,
  test,
  onTest,
}: {
  isDirty: boolean;
  isTesting: boolean;
  test: NewsletterConnectionTest | null;
  onTest: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <Button type="button" variant="secondary" isLoading={isTesting} disabled={isDirty} onClick={onTest}>
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
  );
}

/** The join page's newsletter groups, with their ids, and the way to edit them. */
function GroupsCard({ provider }: { provider: NewsletterFormValues["provider"] }) {
  const { t } = useTranslation();
  const groups = useJoinSetupContent().data?.newsletterGroups ?? [];
  return (
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
  );
}

/** The tags that mark active and lapsed members. */
function TagsCard() {
  const { t } = useTranslation();
  const { register } = useFormContext<NewsletterFormValues>();
  return (
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
  );
}
