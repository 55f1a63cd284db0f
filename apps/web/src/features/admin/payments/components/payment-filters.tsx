import { useTranslation } from "react-i18next";
import type { PaymentStatus } from "@cohort/common/payments";
import { paymentStatuses } from "@cohort/common/payments";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";

interface PaymentFiltersProps {
  status: PaymentStatus | undefined;
  from: string | undefined;
  to: string | undefined;
  onChange: (filters: { status: PaymentStatus | undefined; from: string | undefined; to: string | undefined }) => void;
}

/** Status and charge date range of the payment list. */
export function PaymentFilters({ status, from, to, onChange }: PaymentFiltersProps) {
  const { t } = useTranslation();
  const current = { status, from, to };
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
