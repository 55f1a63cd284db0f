import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pencil } from "lucide-react";
import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import { messageForError } from "../../../../api/error-messages";
import { notifications } from "../../../../app/notifications/notification-store";
import { CalloutFormRenderer } from "../../../callouts";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import type { AnswerField } from "../../shared/answer-fields";
import { answerOf } from "../../shared/answer-fields";
import { AnswerValue } from "./answer-view";
import type { useUpdateResponse } from "./use-inbox-mutations";

interface AnswersSectionProps {
  form: CalloutForm | undefined;
  fields: readonly AnswerField[];
  answers: CalloutAnswers;
  /** Only admins may correct answers. */
  canEdit: boolean;
  update: ReturnType<typeof useUpdateResponse>;
  /** Editing switches the page's keys off. */
  onEditingChange: (isEditing: boolean) => void;
}

/** Every answer, slide by slide; an admin can correct them with the form the respondent used. */
export function AnswersSection({ form, fields, answers, canEdit, update, onEditingChange }: AnswersSectionProps) {
  const { t } = useTranslation();
  const [isEditing, setIsEditing] = useState(false);
  const setEditing = (value: boolean) => {
    setIsEditing(value);
    onEditingChange(value);
  };
  const slides = form?.slides ?? [];

  return (
    <section aria-labelledby="answers-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="answers-title" className="text-lg font-bold">
          {t("adminResponses.detail.answers")}
        </h2>
        {canEdit && form && !isEditing && (
          <Button
            variant="secondary"
            size="sm"
            icon={<Pencil aria-hidden className="size-4" />}
            onClick={() => setEditing(true)}
          >
            {t("adminResponses.detail.editAnswers")}
          </Button>
        )}
      </div>
      {isEditing && form ? (
        <Card className="space-y-4">
          <Alert>{t("adminResponses.detail.editHint")}</Alert>
          <CalloutFormRenderer
            form={form}
            answers={answers}
            isSubmitting={update.isPending}
            submitError={update.isError ? t(messageForError(update.error)) : undefined}
            onSubmit={async (next) => {
              try {
                await update.mutateAsync({ answers: next });
              } catch {
                return; // The error shows above the form's buttons.
              }
              setEditing(false);
              notifications.addToast({ variant: "success", title: t("adminResponses.detail.answersSaved") });
            }}
          />
          <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
            {t("adminResponses.detail.cancelEdit")}
          </Button>
        </Card>
      ) : (
        slides.map((slide) => {
          const slideFields = fields.filter((field) => field.slideId === slide.id);
          if (slideFields.length === 0) return null;
          return (
            <Card key={slide.id} className="space-y-3">
              {slides.length > 1 && <h3 className="font-semibold text-body/75">{slide.title}</h3>}
              <dl className="space-y-4">
                {slideFields.map((field) => (
                  <div key={field.fullKey} className="space-y-1">
                    <dt className="text-sm font-semibold text-body/75">{field.label}</dt>
                    <dd>
                      <AnswerValue field={field} answer={answerOf(answers, field)} />
                    </dd>
                  </div>
                ))}
              </dl>
            </Card>
          );
        })
      )}
    </section>
  );
}
