import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { CircleCheck } from "lucide-react";
import { messageForError } from "../../../api/error-messages";
import { setupKeys, setupStatusQueryOptions } from "../../../api/setup";
import { notifications } from "../../../app/notifications/notification-store";
import { Alert } from "../../../ui/alert";
import { Spinner } from "../../../ui/spinner";
import { SetupForm } from "../components/setup-form";

const buttonLinkClass =
  "focus-ring inline-flex h-11 w-full items-center justify-center rounded-lg bg-primary px-5 font-semibold text-on-primary shadow-sm hover:bg-primary/90";

/** Creates the first admin from the one-time link the server prints. */
export function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const status = useQuery(setupStatusQueryOptions);

  if (status.isPending) {
    return (
      <div className="grid place-items-center py-10 text-primary">
        <Spinner label={t("common.loading")} className="size-7" />
      </div>
    );
  }

  if (status.isError) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold tracking-tight">{t("setup.title")}</h1>
        <Alert variant="error">{t(messageForError(status.error))}</Alert>
      </div>
    );
  }

  if (!status.data.required) {
    return (
      <div className="space-y-5 text-center">
        <CircleCheck aria-hidden className="mx-auto size-12 text-success" />
        <h1 className="text-2xl font-bold tracking-tight">{t("setup.completeTitle")}</h1>
        <p className="text-body/75">{t("setup.completeDescription")}</p>
        <Link to="/auth/login" className={buttonLinkClass}>
          {t("setup.goToLogin")}
        </Link>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("setup.title")}</h1>
        <p className="text-body/75">{t("setup.intro")}</p>
      </header>
      {token ? (
        <SetupForm
          token={token}
          onComplete={() => {
            notifications.addToast({ variant: "success", title: t("setup.done") });
            void navigate("/", { replace: true });
          }}
          onAlreadyComplete={() => queryClient.setQueryData(setupKeys.status, { required: false })}
        />
      ) : (
        <Alert variant="warning" title={t("setup.missingTokenTitle")}>
          {t("setup.missingTokenDescription")}
        </Alert>
      )}
    </div>
  );
}
