import { useQuery } from "@tanstack/react-query";
import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AdminCalloutListRequest } from "../../../../api/admin-callouts";
import { adminCalloutListQueryOptions } from "../../../../api/admin-callouts";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { linkClass } from "../../../../ui/class-names";
import { SelectField } from "../../../../ui/select-field";
import { Skeleton } from "../../../../ui/skeleton";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import { translateFieldMessage } from "../forms/field-messages";
import type { ConfirmationFormInput } from "../forms/setup-form-schema";

/** Callouts by title; a survey is chosen among the first hundred. */
const calloutsRequest: AdminCalloutListRequest = {
  limit: 100,
  offset: 0,
  sort: "title",
  order: "ASC",
  rules: { condition: "AND", rules: [] },
  withResponseCount: false,
};

/** The callout new members are asked to answer after joining, whether they may skip it, and its introduction. */
export function SurveyFields({ savedSlug }: { savedSlug: string }) {
  const { t } = useTranslation();
  const callouts = useQuery(adminCalloutListQueryOptions(calloutsRequest));
  const {
    register,
    formState: { errors },
  } = useFormContext<ConfirmationFormInput>();
  const items = callouts.data?.items ?? [];
  const isSavedListed = savedSlug === "" || items.some((callout) => callout.slug === savedSlug);
  const message = (text: string | undefined) => translateFieldMessage(t, text);

  return (
    <div className="space-y-5">
      {callouts.isPending ? (
        <div role="status">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-11 w-full max-w-md" />
        </div>
      ) : (
        <>
          {callouts.isError && (
            <Alert variant="error" title={t("adminMembership.confirmation.calloutsFailed")}>
              {t(messageForError(callouts.error))}
            </Alert>
          )}
          <SelectField
            label={t("adminMembership.confirmation.survey")}
            hint={t("adminMembership.confirmation.surveyHint")}
            className="max-w-md"
            error={message(errors.surveySlug?.message)}
            {...register("surveySlug")}
          >
            <option value="">{t("adminMembership.confirmation.noSurvey")}</option>
            {!isSavedListed && <option value={savedSlug}>{savedSlug}</option>}
            {items.map((callout) => (
              <option key={callout.id} value={callout.slug}>
                {callout.title || callout.slug}
              </option>
            ))}
          </SelectField>
          {callouts.isSuccess && items.length === 0 && (
            <p className="text-sm text-body/70">
              {t("adminMembership.confirmation.noCallouts")}{" "}
              <Link to="/admin/callouts/new" className={linkClass}>
                {t("adminMembership.confirmation.createCallout")}
              </Link>
            </p>
          )}
        </>
      )}
      <CheckboxField
        label={t("adminMembership.confirmation.surveyRequired")}
        description={t("adminMembership.confirmation.surveyRequiredHint")}
        {...register("surveyRequired")}
      />
      <RichTextField<ConfirmationFormInput>
        name="surveyText"
        label={t("adminMembership.confirmation.surveyText")}
        hint={t("adminMembership.confirmation.defaultHint")}
        placeholder={t("join.survey.text")}
        error={message(errors.surveyText?.message)}
      />
    </div>
  );
}
