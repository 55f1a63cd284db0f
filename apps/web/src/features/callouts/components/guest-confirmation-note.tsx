import { useTranslation } from "react-i18next";
import { Mail } from "lucide-react";
import { isRecord } from "../../../api/read-body";

/** What the thanks after a sent response may tell: where a guest's confirmation link went. */
export interface SentResponse {
  confirmationEmail?: string | undefined;
}

/** The `SentResponse` a navigation to the thank-you page carries in its state, or none. */
export function sentResponseOf(state: unknown): SentResponse {
  return isRecord(state) && typeof state.confirmationEmail === "string"
    ? { confirmationEmail: state.confirmationEmail }
    : {};
}

/** Tells a guest that their response waits for the link the server emailed them (decision 020). */
export function GuestConfirmationNote({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <p className="flex items-start gap-2.5 rounded-lg bg-primary/8 px-4 py-3 text-left text-sm">
      <Mail aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{t("callouts.thanks.confirmEmail", { email })}</span>
    </p>
  );
}
