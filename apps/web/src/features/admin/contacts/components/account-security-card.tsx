import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Mail, ShieldOff } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Contact } from "@cohort/common/contacts";
import { displayName } from "@cohort/common/contacts";
import { accountKeys, mfaQueryOptions, removeMfa } from "../../../../api/account";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { requestPasswordReset } from "../../../../api/resets";
import { useSession } from "../../../../api/session";
import { updateContact } from "../../../../api/contacts";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { NewPasswordFields } from "../../../../shared/password/new-password-fields";
import { passwordProblem } from "../../../../shared/password/password-rules";

type Action = "reset" | "password" | "mfa";

/**
 * Helping someone back into their account: a reset link to their address, a
 * password set for them, or their two-step login removed after a lost phone.
 * The server refuses these for anyone ranked above the admin (decision 017);
 * the dialog then shows why.
 */
export function AccountSecurityCard({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const user = useSession();
  const mfa = useQuery(mfaQueryOptions(contact.id));
  const name = displayName(contact);
  const actions = useAccountActions(contact, name);

  if (contact.id === user?.id) {
    return (
      <Card className="space-y-2">
        <h2 className="text-lg font-bold">{t("account.admin.title")}</h2>
        <p className="text-body/75">
          {t("account.admin.self")}{" "}
          <Link to="/profile/account" className={linkClass}>
            {t("account.title")}
          </Link>
        </p>
      </Card>
    );
  }
  const hasMfa = Boolean(mfa.data);

  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold">{t("account.admin.title")}</h2>
      <p className="text-body/75">{t("account.admin.intro", { name })}</p>
      <p className="text-sm font-semibold" data-testid="contact-two-factor-status">
        {mfa.isPending ? "…" : t(hasMfa ? "account.twoFactor.on" : "account.twoFactor.off")}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button
          variant="secondary"
          size="sm"
          icon={<Mail aria-hidden className="size-4" />}
          onClick={() => actions.open("reset")}
        >
          {t("account.admin.reset")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<KeyRound aria-hidden className="size-4" />}
          onClick={() => actions.open("password")}
        >
          {t("account.admin.setPassword")}
        </Button>
        {hasMfa && (
          <Button
            variant="danger"
            size="sm"
            icon={<ShieldOff aria-hidden className="size-4" />}
            onClick={() => actions.open("mfa")}
          >
            {t("account.admin.removeMfa")}
          </Button>
        )}
      </div>
      <AccountActionDialog contact={contact} name={name} actions={actions} />
    </Card>
  );
}

/** The action chosen, the password typed for it, and carrying it out. */
function useAccountActions(contact: Contact, name: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [isPending, setIsPending] = useState(false);

  const open = (next: Action) => {
    setAction(next);
    setPassword("");
    setConfirmation("");
    setSubmitted(false);
    setError(null);
  };

  const confirm = async () => {
    if (action === "password") {
      setSubmitted(true);
      if (passwordProblem(password, confirmation)) return;
    }
    setError(null);
    setIsPending(true);
    try {
      if (action === "reset") {
        await requestPasswordReset(contact.email);
        notifications.addToast({ variant: "success", title: t("account.admin.resetSent", { email: contact.email }) });
      } else if (action === "password") {
        await updateContact(contact.id, { password });
        notifications.addToast({ variant: "success", title: t("account.admin.passwordSet", { name }) });
      } else if (action === "mfa") {
        await removeMfa(contact.id);
        await queryClient.invalidateQueries({ queryKey: accountKeys.mfa(contact.id) });
        notifications.addToast({ variant: "success", title: t("account.admin.mfaRemoved", { name }) });
      }
      setAction(null);
    } catch (failure) {
      setError(messageForError(failure));
    } finally {
      setIsPending(false);
    }
  };

  return {
    action,
    setAction,
    password,
    setPassword,
    confirmation,
    setConfirmation,
    problem: submitted ? passwordProblem(password, confirmation) : null,
    error,
    isPending,
    open,
    confirm,
  };
}

interface AccountActionDialogProps {
  contact: Contact;
  name: string;
  actions: ReturnType<typeof useAccountActions>;
}

/** Asks before the action is carried out; setting a password asks for it here. */
function AccountActionDialog({ contact, name, actions }: AccountActionDialogProps) {
  const { t } = useTranslation();
  const {
    action,
    setAction,
    password,
    setPassword,
    confirmation,
    setConfirmation,
    problem,
    error,
    isPending,
    confirm,
  } = actions;
  const dialog = action
    ? {
        reset: {
          title: t("account.admin.reset"),
          description: t("account.admin.resetConfirm", { email: contact.email }),
          confirm: t("account.admin.resetSend"),
        },
        password: {
          title: t("account.admin.setPassword"),
          description: t("account.admin.setPasswordConfirm", { name }),
          confirm: t("account.admin.setPassword"),
        },
        mfa: {
          title: t("account.admin.removeMfa"),
          description: t("account.admin.removeMfaConfirm", { name }),
          confirm: t("account.admin.removeMfa"),
        },
      }[action]
    : null;

  return (
    <ConfirmDialog
      isOpen={dialog !== null}
      title={dialog?.title ?? ""}
      description={dialog?.description}
      confirmLabel={dialog?.confirm ?? ""}
      cancelLabel={t("common.cancel")}
      closeLabel={t("common.close")}
      variant={action === "mfa" ? "danger" : "primary"}
      isPending={isPending}
      onClose={() => setAction(null)}
      onConfirm={() => void confirm()}
    >
      <div className="space-y-4">
        {action === "password" && (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            <NewPasswordFields
              password={password}
              confirmation={confirmation}
              onPasswordChange={setPassword}
              onConfirmationChange={setConfirmation}
              problem={problem}
            />
          </form>
        )}
        {error && <Alert variant="error">{t(error)}</Alert>}
      </div>
    </ConfirmDialog>
  );
}
