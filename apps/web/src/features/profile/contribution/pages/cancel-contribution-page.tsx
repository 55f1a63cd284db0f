import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import {
  CANCELLATION_DETAIL_MAX_LENGTH,
  MAX_PAUSE_MONTHS,
  OTHER_CANCELLATION_REASON,
} from "@cohort/common/contributions";
import type { ContributionInfo } from "@cohort/common/payments";
import type { ReasonGiven } from "../../../../api/contribution";
import {
  cancelContribution,
  cancellationReasonsKey,
  contributionKeys,
  fetchCancellationReasons,
  fetchContribution,
  pauseContribution,
} from "../../../../api/contribution";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { cx, linkClass } from "../../../../ui/class-names";
import { SelectField } from "../../../../ui/select-field";
import { Skeleton } from "../../../../ui/skeleton";
import { TextareaField } from "../../../../ui/textarea-field";
import { ChangeContributionCard, hasPaymentMethod } from "../components/change-contribution-card";

const pauseMonths = ([1, 2, 3] as const).filter((count) => count <= MAX_PAUSE_MONTHS);

/**
 * Cancelling, heard: first why, then what could be done instead (pay less or
 * yearly, or pause for a few months), and only then the cancellation itself.
 */
export function CancelContributionPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: contributionKeys.me, queryFn: ({ signal }) => fetchContribution(signal) });
  const [given, setGiven] = useState<ReasonGiven | null>(null);
  const [step, setStep] = useState<"reason" | "offers">("reason");

  return (
    <div className="max-w-2xl space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("contribution.cancel.title")}</h1>
      </header>
      {query.isPending ? (
        <Skeleton className="h-40" />
      ) : query.isError ? (
        <Alert variant="error" title={t(messageForError(query.error))} />
      ) : query.data.cancellationDate ? (
        <Alert variant="info">{t("contribution.cancel.already")}</Alert>
      ) : !hasPaymentMethod(query.data) ? (
        <Alert variant="info">
          {t("contribution.cancel.nothingToCancel")}{" "}
          <Link to="/profile/contribution" className={linkClass}>
            {t("contribution.cancel.backToContribution")}
          </Link>
        </Alert>
      ) : step === "offers" && given ? (
        <Alternatives info={query.data} given={given} onBack={() => setStep("reason")} />
      ) : (
        <ReasonStep
          initial={given}
          onDone={(reason) => {
            setGiven(reason);
            setStep("offers");
          }}
        />
      )}
    </div>
  );
}

/** Step one: one of the organisation's reasons, or "other" with the member's own words. */
function ReasonStep({ initial, onDone }: { initial: ReasonGiven | null; onDone: (given: ReasonGiven) => void }) {
  const { t } = useTranslation();
  const groupId = useId();
  const reasons = useQuery({
    queryKey: cancellationReasonsKey,
    queryFn: ({ signal }) => fetchCancellationReasons(signal),
  });
  const [reason, setReason] = useState(initial?.reason ?? "");
  const [text, setText] = useState(initial?.reasonText ?? "");
  const [submitted, setSubmitted] = useState(false);
  const choices = [...(reasons.data ?? []), OTHER_CANCELLATION_REASON];
  const missing = submitted && !reason;

  return (
    <Card className="space-y-5">
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (!reason) return;
          const words = text.trim();
          onDone({ reason, ...(words ? { reasonText: words } : {}) });
        }}
      >
        <fieldset className="space-y-3" aria-describedby={missing ? `${groupId}-error` : undefined}>
          <legend className="text-lg font-bold">{t("contribution.cancel.reason.question")}</legend>
          <p className="text-body/75">{t("contribution.cancel.reason.intro")}</p>
          {reasons.isPending ? (
            <Skeleton className="h-32" />
          ) : (
            <div className="grid gap-2">
              {choices.map((choice) => (
                <label
                  key={choice}
                  className={cx(
                    "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border bg-white px-3.5 py-2 text-base",
                    reason === choice ? "border-primary ring-1 ring-primary" : "border-black/15 hover:border-primary",
                  )}
                >
                  <input
                    type="radio"
                    name={`${groupId}-reason`}
                    className="focus-ring size-4 shrink-0 accent-primary"
                    checked={reason === choice}
                    onChange={() => setReason(choice)}
                  />
                  {choice === OTHER_CANCELLATION_REASON ? t("contribution.cancel.reason.other") : choice}
                </label>
              ))}
            </div>
          )}
          {missing && (
            <p id={`${groupId}-error`} className="text-sm font-semibold text-danger">
              {t("contribution.cancel.reason.required")}
            </p>
          )}
        </fieldset>
        <TextareaField
          label={t("contribution.cancel.reason.textLabel")}
          hint={t("contribution.cancel.reason.textHint")}
          value={text}
          maxLength={CANCELLATION_DETAIL_MAX_LENGTH}
          rows={3}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit">{t("contribution.cancel.reason.next")}</Button>
          <Link to="/profile/contribution" className={linkClass}>
            {t("contribution.cancel.keep")}
          </Link>
        </div>
      </form>
    </Card>
  );
}

/** Step two: a pause, a lower amount or yearly payments, before the cancellation is confirmed. */
function Alternatives({ info, given, onBack }: { info: ContributionInfo; given: ReasonGiven; onBack: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [months, setMonths] = useState(1);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [pending, setPending] = useState<"pause" | "cancel" | null>(null);
  const backToContribution = () => void navigate("/profile/contribution", { replace: true });

  const act = async (action: "pause" | "cancel") => {
    setError(null);
    setPending(action);
    try {
      if (action === "pause") {
        queryClient.setQueryData(contributionKeys.me, await pauseContribution(months, given));
        notifications.addToast({ variant: "success", title: t("contribution.cancel.pause.done") });
      } else {
        await cancelContribution(given);
        await queryClient.invalidateQueries({ queryKey: contributionKeys.me });
        notifications.addToast({ variant: "success", title: t("contribution.cancel.done") });
      }
      backToContribution();
    } catch (failure) {
      setError(messageForError(failure));
      setPending(null);
    }
  };

  const endDate = info.membershipExpiryDate ?? info.renewalDate;
  return (
    <div className="space-y-6">
      <p className="text-lg">{t("contribution.cancel.offers.intro")}</p>
      {info.canPause && (
        <Card className="space-y-4">
          <h2 className="text-lg font-bold">{t("contribution.cancel.pause.title")}</h2>
          <p className="text-body/75">{t("contribution.cancel.pause.description")}</p>
          <div className="flex flex-wrap items-end gap-4">
            <SelectField
              label={t("contribution.cancel.pause.months")}
              value={String(months)}
              onChange={(event) => setMonths(Number(event.target.value))}
              className="w-48"
            >
              {pauseMonths.map((count) => (
                <option key={count} value={count}>
                  {t(`contribution.cancel.pause.months${count}`)}
                </option>
              ))}
            </SelectField>
            <Button isLoading={pending === "pause"} disabled={pending !== null} onClick={() => void act("pause")}>
              {t("contribution.cancel.pause.submit")}
            </Button>
          </div>
        </Card>
      )}
      {!info.pausedUntil && (
        <ChangeContributionCard
          info={info}
          title={t("contribution.cancel.offers.changeTitle")}
          intro={t("contribution.cancel.offers.changeIntro")}
          onChanged={backToContribution}
        />
      )}
      <Card className="space-y-4">
        <h2 className="text-lg font-bold">{t("contribution.cancel.confirmTitle")}</h2>
        <p className="font-semibold">
          {endDate ? t("contribution.cancel.endsOn", { date: format.date(endDate) }) : t("contribution.cancel.endsNow")}
        </p>
        <p className="text-body/75">{t("contribution.cancel.explanation")}</p>
        <FormError message={error} />
        <div className="flex flex-wrap items-center gap-4">
          <Button
            variant="danger"
            isLoading={pending === "cancel"}
            disabled={pending !== null}
            onClick={() => void act("cancel")}
          >
            {t("contribution.cancel.confirm")}
          </Button>
          <button type="button" className={linkClass} onClick={onBack}>
            {t("contribution.cancel.offers.back")}
          </button>
        </div>
      </Card>
    </div>
  );
}
