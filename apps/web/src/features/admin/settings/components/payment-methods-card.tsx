import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import type { PaymentMethod } from "@cohort/common/payments";
import { paymentMethods } from "@cohort/common/payments";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { joinContentKeys, updateJoinContent, useJoinContent } from "../../../../api/join-content";
import { FormError } from "../../../../app/forms/form-error";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { Skeleton } from "../../../../ui/skeleton";
import { PaymentMethodsFieldset } from "../../shared/payment-methods-fieldset";
import { saveSettingsTab } from "./save-settings";

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
  return (
    <MethodsForm key={join.data.paymentMethods.join()} saved={join.data.paymentMethods} onDirtyChange={onDirtyChange} />
  );
}

function MethodsForm({
  saved,
  onDirtyChange,
}: {
  saved: readonly PaymentMethod[];
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<MethodsValues>({ defaultValues: { paymentMethods: [...saved] } });
  // The tab asks before leaving with these changes too (one question for both of its forms).
  useEffect(() => {
    onDirtyChange(isDirty);
    return () => onDirtyChange(false);
  }, [isDirty, onDirtyChange]);

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
        <PaymentMethodsFieldset
          look="card"
          legend={t("adminSettings.payment.methodsTitle")}
          hint={t("adminSettings.payment.methodsHint")}
          registration={register("paymentMethods")}
          error={translateValidationMessage(t, errors.paymentMethods?.message)}
        />
        <FormError message={formError} />
        <Button type="submit" variant="secondary" isLoading={isSubmitting} disabled={!isDirty}>
          {t("adminSettings.payment.methodsSave")}
        </Button>
      </form>
    </Card>
  );
}
