import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { JoinContent } from "@cohort/common/content";
import { paymentMethods } from "@cohort/common/payments";
import type { PaymentMethod } from "@cohort/common/payments";
import { joinContentKeys, updateJoinContent, useJoinContent } from "../../../../api/join-content";
import { FormError } from "../../../../app/forms/form-error";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { Skeleton } from "../../../../ui/skeleton";
import { PaymentMethodsFieldset } from "../../shared/payment-methods-fieldset";
import { useSettingsForm } from "../../shared/settings-form/use-settings-form";
import { settingsTab } from "./settings-tab";

interface MethodsValues {
  paymentMethods: PaymentMethod[];
}

/**
 * Which payment methods the join form offers. The server keeps only the
 * methods of the providers this site has set up, so what is saved and shown
 * back is what visitors can really use.
 */
export function PaymentMethodsCard({ onDirtyChange }: { onDirtyChange: (isDirty: boolean) => void }) {
  const join = useJoinContent();
  if (!join.data) {
    return join.isError ? null : <Skeleton className="h-40" />;
  }
  return <MethodsForm key={join.data.paymentMethods.join()} content={join.data} onDirtyChange={onDirtyChange} />;
}

function MethodsForm({ content, onDirtyChange }: { content: JoinContent; onDirtyChange: (isDirty: boolean) => void }) {
  const { t } = useTranslation();
  const settings = useSettingsForm({
    area: settingsTab,
    content,
    toValues: (saved): MethodsValues => ({ paymentMethods: [...saved.paymentMethods] }),
    save: (values: MethodsValues) =>
      updateJoinContent({
        paymentMethods: paymentMethods.filter((method) => values.paymentMethods.includes(method)),
      }),
    queryKey: joinContentKeys.join,
    fields: ["paymentMethods"],
  });
  const {
    register,
    formState: { errors, isSubmitting, isDirty },
  } = settings.form;
  // The tab asks before leaving with these changes too (one question for both of its forms).
  useEffect(() => {
    onDirtyChange(isDirty);
    return () => onDirtyChange(false);
  }, [isDirty, onDirtyChange]);

  return (
    <Card>
      <form noValidate onSubmit={settings.onSubmit} className="space-y-4">
        <PaymentMethodsFieldset
          look="card"
          legend={t("adminSettings.payment.methodsTitle")}
          hint={t("adminSettings.payment.methodsHint")}
          registration={register("paymentMethods")}
          error={translateValidationMessage(t, errors.paymentMethods?.message)}
        />
        <FormError message={settings.formError} />
        <Button type="submit" variant="secondary" isLoading={isSubmitting} disabled={!isDirty}>
          {t("adminSettings.payment.methodsSave")}
        </Button>
      </form>
    </Card>
  );
}
