import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { messageForError } from "../../api/error-messages";
import { unsubscribeWithToken } from "../../api/mailings";
import { useGeneralContent } from "../../api/content";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";

/**
 * Where the link in an email leads: it asks first (a link checker opening
 * the page changes nothing), then unsubscribes without a login.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const { organisationName } = useGeneralContent();
  const unsubscribe = useMutation({ mutationFn: () => unsubscribeWithToken(token) });

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold tracking-tight">{t("unsubscribe.title")}</h1>
      {unsubscribe.isSuccess ? (
        <Alert variant="success" title={t("unsubscribe.done")}>
          {t("unsubscribe.doneDescription", { organisation: organisationName })}
        </Alert>
      ) : (
        <>
          <p>{t("unsubscribe.question", { organisation: organisationName })}</p>
          {unsubscribe.isError && <Alert variant="error" title={t(messageForError(unsubscribe.error))} />}
          <Button type="button" isLoading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
            {t("unsubscribe.confirm")}
          </Button>
        </>
      )}
    </div>
  );
}
