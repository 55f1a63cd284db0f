import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import type { Callout } from "@cohort/common/callouts";
import { calloutKeys, submitCalloutResponse } from "../../../api/callouts";
import { newIdempotencyKey } from "../../../api/idempotent-send";
import { notifications } from "../../../app/notifications/notification-store";
import { Alert } from "../../../ui/alert";
import { CalloutFormRenderer, CaptchaStatus, submitErrorKey, useCaptcha } from "../../callouts";

interface SurveyFormProps {
  callout: Callout & { formSchema: CalloutForm };
}

/** The join survey's callout, answered as the logged-in member; then on to the profile. */
export function SurveyForm({ callout }: SurveyFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const isCaptchaRequired = callout.captcha === "all";
  const captcha = useCaptcha(isCaptchaRequired);

  const handleSubmit = async (answers: CalloutAnswers) => {
    setSubmitError(null);
    setIsSubmitting(true);
    try {
      await submitCalloutResponse(callout.slug, {
        idempotencyKey: newIdempotencyKey(),
        answers,
        ...(isCaptchaRequired && { captchaToken: await captcha.takeToken() }),
      });
      await queryClient.invalidateQueries({ queryKey: calloutKeys.all });
      notifications.addToast({ variant: "success", title: t("join.survey.thanks") });
      void navigate("/profile", { replace: true });
    } catch (error) {
      setSubmitError(t(submitErrorKey(error)));
      if (isCaptchaRequired) captcha.prepare();
      setIsSubmitting(false);
    }
  };

  return (
    <CalloutFormRenderer
      form={callout.formSchema}
      onSubmit={handleSubmit}
      finalStep={isCaptchaRequired && <CaptchaStatus status={captcha.status} onRetry={captcha.prepare} />}
      isSubmitting={isSubmitting}
      submitError={submitError && <Alert variant="error">{submitError}</Alert>}
    />
  );
}
