import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import type { PaymentMethod } from "@cohort/common/contributions";
import { paymentMethods } from "@cohort/common/contributions";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { joinContentKeys, updateJoinContent, useJoinContent } from "../../../../api/join-content";
import { FormError } from "../../../../app/forms/form-error";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { Skeleton } from "../../../../ui/skeleton";
import { saveSettingsTab } from "./save-settings";

interface MethodsValues {
  paymentMethods: PaymentMethod[];
}

/**
 * Which payment methods the join form offers. The server keeps only the
 * methods of the providers this site has set up, so what is saved and shown
 * back is what visitors can really use.
 */
export function PaymentMethodsCard() {
  const { t } = useTranslation();
  const join = useJoinContent();
  if (!join.data) {
    return join.isError ? null : <Skeleton className="h-40" />;
  }
  return (
    <MethodsForm
      key={join.data.paymentMethods.join()}
      saved={join.data.paymentMethods}
      title={t("adminSettings.payment.methodsTitle")}
    />
  );
}

function MethodsForm({ saved, title }: { saved: readonly PaymentMethod[]; title: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting, isDirty },
  } = useForm<MethodsValues>({ defaultValues: { paymentMethods: [...saved] } });

  const handleValid = (values: MethodsValues) =>
    saveSettingsTab({
      save: () =>
        updateJoinContent({
          paymentMethods: paymentMethods.filter((method) => values.paymentMethods.includes(method)),
        }),
      onSaved: (content) => {
        queryClient.setQueryData(joinContentKeys.join, content);
        reset({ paymentMethods: [...content.paymentMethods] });
      },
      savedTitle: t("adminSettings.saved"),
      fields: ["paymentMethods"],
      setError,
      setFormError,
    });

  return (
    <Card>
      <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="space-y-4">
        <fieldset className="space-y-3" aria-describedby="settings-payment-methods-hint">
          <legend className="text-lg font-bold">{title}</legend>
          <p id="settings-payment-methods-hint" className="text-body/75">
            {t("adminSettings.payment.methodsHint")}
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {paymentMethods.map((method) => (
              <CheckboxField
                key={method}
                label={t(`contribution.methods.${method}`)}
                value={method}
                {...register("paymentMethods")}
              />
            ))}
          </div>
        </fieldset>
        <FormError message={formError} />
        <Button type="submit" variant="secondary" isLoading={isSubmitting} disabled={!isDirty}>
          {t("adminSettings.payment.methodsSave")}
        </Button>
      </form>
    </Card>
  );
}
