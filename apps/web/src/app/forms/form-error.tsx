import type { FormEvent } from "react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorMessageKey } from "../../api/error-messages";
import { messageForError } from "../../api/error-messages";
import { Alert } from "../../ui/alert";

/*
 * A form's error, shown and kept: `FormError` shows the form-level message; `usePlainForm` keeps
 * it, with the rest of a hand-checked form's state, for the public pages that load no schema
 * library. One module, so that those pages load one file for both (decision 086).
 */

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

/** What a sending answers when it leaves the page (to the next step or a payment provider): the button stays busy. */
export const LEAVING = "leaving";

/**
 * A form whose few fields the page checks by hand, for the public pages that load no schema
 * library: whether it has been submitted (fields show their problems from then on), the
 * form-level error, and whether it is sending. `Extra` names messages of the page's own beside
 * the API's.
 */
export function usePlainForm<Extra extends string = never>() {
  type Message = ErrorMessageKey | Extra;
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const [isPending, setIsPending] = useState(false);

  /**
   * Sends: clears the last error and keeps the button busy until `work` ends (or for good, when
   * it answers `LEAVING`). A failure becomes the form's error: `explain`'s message, or none when
   * it answers null, else the API's message for it.
   */
  const send = async (
    work: () => Promise<unknown>,
    explain: (failure: unknown) => Message | null = messageForError,
  ) => {
    setError(null);
    setIsPending(true);
    let isLeaving = false;
    try {
      isLeaving = (await work()) === LEAVING;
    } catch (failure) {
      setError(explain(failure));
    } finally {
      if (!isLeaving) setIsPending(false);
    }
  };

  /** The form's `onSubmit`: the browser's own checks and sending stay off; the form counts as submitted. */
  const onSubmit = (submit: () => Promise<void> | void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    void submit();
  };

  return { submitted, error, setError, isPending, send, onSubmit };
}
