import { useTranslation } from "react-i18next";
import type { PaymentKind, PaymentStatus } from "@cohort/common/payments";
import { paymentKinds, paymentStatuses } from "@cohort/common/payments";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";

interface PaymentFilterValues {
  status: PaymentStatus | undefined;
  kind: PaymentKind | undefined;
  from: string | undefined;
  to: string | undefined;
}

interface PaymentFiltersProps extends PaymentFilterValues {
  onChange: (filters: PaymentFilterValues) => void;
}

/** Status, kind (contribution or one-time gift) and charge date range of the payment list. */
export function PaymentFilters({ status, kind, from, to, onChange }: PaymentFiltersProps) {
  const { t } = useTranslation();
  const current = { status, kind, from, to };
  return (
    <div className="flex flex-wrap items-end gap-4">
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminPayments.filters.status")}
        <Select
          value={status ?? ""}
          onChange={(event) =>
            onChange({ ...current, status: paymentStatuses.find((option) => option === event.target.value) })
          }
        >
          <option value="">{t("adminPayments.filters.allStatuses")}</option>
          {paymentStatuses.map((option) => (
            <option key={option} value={option}>
              {t(`adminPayments.status.${option}`)}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminPayments.filters.kind")}
        <Select
          value={kind ?? ""}
          onChange={(event) =>
            onChange({ ...current, kind: paymentKinds.find((option) => option === event.target.value) })
          }
        >
          <option value="">{t("adminPayments.filters.allKinds")}</option>
          {paymentKinds.map((option) => (
            <option key={option} value={option}>
              {t(`adminPayments.kind.${option}`)}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminPayments.filters.from")}
        <Input
          type="date"
          value={from ?? ""}
          max={to}
          onChange={(event) => onChange({ ...current, from: event.target.value || undefined })}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("adminPayments.filters.to")}
        <Input
          type="date"
          value={to ?? ""}
          min={from}
          onChange={(event) => onChange({ ...current, to: event.target.value || undefined })}
        />
      </label>
    </div>
  );
}
