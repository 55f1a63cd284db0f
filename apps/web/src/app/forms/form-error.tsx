import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorMessageKey } from "../../api/error-messages";
import { Alert } from "../../ui/alert";

/** A form-level error that takes focus when it appears, so it is not missed. */
interface FormErrorProps {
  message: ErrorMessageKey | null;
  /** Moves focus to the message when it appears. */
  shouldFocus?: boolean;
}

export function FormError({ message, shouldFocus = true }: FormErrorProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message && shouldFocus) ref.current?.focus();
  }, [message, shouldFocus]);
  if (!message) return null;
  return (
    <Alert ref={ref} tabIndex={-1} variant="error">
      {t(message)}
    </Alert>
  );
}
