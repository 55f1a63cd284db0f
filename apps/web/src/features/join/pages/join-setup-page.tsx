import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { JoinSetupContent } from "@cohort/common/content";
import { useGeneralContent } from "../../../api/content";
import { useJoinSetupContent } from "../../../api/join-content";
import { sessionKeys, useSession } from "../../../api/session";
import { saveJoinSetup } from "../../../api/signup";
import { FormError, LEAVING, usePlainForm } from "../../../app/forms/form-error";
import { notifications } from "../../../app/notifications/notification-store";
import { Button } from "../../../ui/button";
import { StoredText } from "../../../ui/rich-text";
import { NewPasswordFields } from "../../../shared/password/new-password-fields";
import { passwordProblem } from "../../../shared/password/password-rules";
import { DeliverySection } from "../../../shared/setup-choices/delivery-section";
import { JoinContentStatus } from "../components/join-content-status";
import { NameFields } from "../../../shared/setup-choices/name-fields";
import { NewsletterSection } from "../../../shared/setup-choices/newsletter-section";
import {
  deliveryProblems,
  emptyDelivery,
  initialGroupIds,
  setupProfile,
} from "../../../shared/setup-choices/join-setup-choice";

/** The last step of joining: names, a password, and the newsletter and printed edition where offered. */
export function JoinSetupPage() {
  const setup = useJoinSetupContent();
  if (!setup.data) return <JoinContentStatus isError={setup.isError} onRetry={() => void setup.refetch()} />;
  return <JoinSetupForm content={setup.data} />;
}

function JoinSetupForm({ content }: { content: JoinSetupContent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession();
  const { organisationName } = useGeneralContent();
  const [firstname, setFirstname] = useState(user?.firstname ?? "");
  const [lastname, setLastname] = useState(user?.lastname ?? "");
  const [newsletterOptIn, setNewsletterOptIn] = useState(false);
  const [groupIds, setGroupIds] = useState(() => initialGroupIds(content));
  const [delivery, setDelivery] = useState(emptyDelivery);
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const form = usePlainForm();
  const { submitted } = form;

  // A returning member keeps the password they have: choosing a new one would need it (decision 017).
  const keepsPassword = user?.hasPassword === true;
  const newPasswordProblem = () => (keepsPassword ? null : passwordProblem(password, confirmation));
  const problem = submitted ? newPasswordProblem() : null;
  const addressProblems = submitted && content.showMailOptIn ? deliveryProblems(delivery) : [];

  const submit = async () => {
    const hasAddressProblem = content.showMailOptIn && deliveryProblems(delivery).length > 0;
    if (!firstname.trim() || !lastname.trim() || newPasswordProblem() || hasAddressProblem) return;
    await form.send(async () => {
      await saveJoinSetup({
        firstname: firstname.trim(),
        lastname: lastname.trim(),
        ...(!keepsPassword && { password }),
        profile: setupProfile(content, { newsletterOptIn, groupIds, delivery }),
      });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      notifications.addToast({ variant: "success", title: t("join.setup.done") });
      void navigate(content.surveySlug ? "/join/survey" : "/profile", { replace: true });
      return LEAVING;
    });
  };

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("join.setup.title")}</h1>
        <StoredText
          text={content.welcome}
          fallback={t("join.setup.intro", { organisation: organisationName })}
          className="text-body/75"
        />
      </header>
      <form noValidate className="space-y-5" onSubmit={form.onSubmit(submit)}>
        <NameFields
          firstname={firstname}
          lastname={lastname}
          onFirstname={setFirstname}
          onLastname={setLastname}
          showsProblems={submitted}
        />
        {keepsPassword ? (
          <p className="text-body/75">{t("join.setup.keepsPassword")}</p>
        ) : (
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            problem={problem}
          />
        )}
        {content.showNewsletterOptIn && (
          <NewsletterSection
            content={content}
            organisationName={organisationName}
            optIn={newsletterOptIn}
            onOptInChange={setNewsletterOptIn}
            groupIds={groupIds}
            onGroupsChange={setGroupIds}
          />
        )}
        {content.showMailOptIn && (
          <DeliverySection content={content} value={delivery} onChange={setDelivery} problems={addressProblems} />
        )}
        <FormError message={form.error} />
        <Button type="submit" isFullWidth isLoading={form.isPending}>
          {t("join.setup.submit")}
        </Button>
      </form>
    </div>
  );
}
