import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { GiftReceipt } from "@cohort/common/gifts";
import { completeGift, giftReceiptUrl } from "../../../api/gifts";
import { useFormatters } from "../../../app/i18n/use-formatters";
import { Alert } from "../../../ui/alert";
import { linkButtonClass } from "../../../ui/link-button-class";
import { FlowStep } from "../../../shared/contribution/flow-step";
import { paymentFlowIdFrom } from "../../../shared/contribution/flow-id";

type Outcome = { kind: "receipt"; receipt: GiftReceipt; paymentFlowId: string } | { kind: "failed" };

/** Back from the payment provider: the gift is recorded, thanked for and its receipt shown. */
export function DonateCompletePage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [searchParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = useCallback(async () => {
    const paymentFlowId = paymentFlowIdFrom(searchParams);
    try {
      if (!paymentFlowId) throw new Error("No payment flow id");
      setOutcome({ kind: "receipt", receipt: await completeGift(paymentFlowId), paymentFlowId });
    } catch {
      setOutcome({ kind: "failed" });
    }
  }, [searchParams]);

  if (!outcome) return <FlowStep run={run} />;
  if (outcome.kind === "failed") {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold tracking-tight">{t("gift.failed.title")}</h1>
        <Alert variant="error">{t("gift.failed.description")}</Alert>
        <Link to="/donate" className={linkButtonClass()}>
          {t("gift.failed.again")}
        </Link>
      </div>
    );
  }
  const { receipt, paymentFlowId } = outcome;
  const isPaid = receipt.status === "successful";
  const rows: [string, string][] = [
    [t("gift.receipt.number"), receipt.receiptNumber],
    [t("gift.receipt.date"), format.date(receipt.chargeDate)],
    [t("gift.receipt.amount"), format.currency(receipt.amount)],
  ];
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("gift.thanks.title")}</h1>
        <p className="text-body/75">{t(isPaid ? "gift.thanks.description" : "gift.thanks.pending")}</p>
      </header>
      <section aria-labelledby="gift-receipt" className="space-y-3 rounded-lg border border-black/10 bg-white p-4">
        <h2 id="gift-receipt" className="text-lg font-semibold">
          {t("gift.receipt.title")}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="text-end tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {isPaid && (
          <a href={giftReceiptUrl(paymentFlowId)} download className={linkButtonClass("secondary")}>
            {t("gift.receipt.download")}
          </a>
        )}
      </section>
      <p className="text-sm text-body/75">{t("gift.thanks.join")}</p>
      <Link to="/join" className={linkButtonClass()}>
        {t("gift.thanks.joinLink")}
      </Link>
    </div>
  );
}
