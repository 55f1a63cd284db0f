import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageForError } from "../../api/error-messages";

/**
 * The state of a confirm dialog for an action on one item (revoking a key,
 * deleting an endpoint): which item it asks about, whether the action is under
 * way, and the error to show in the dialog when it failed. The dialog closes
 * once the action succeeds.
 */
export function useConfirmedAction<T>(action: (item: T) => Promise<void>) {
  const { t } = useTranslation();
  const [item, setItem] = useState<T | null>(null);
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (item === null) return;
    setIsPending(true);
    setError(null);
    try {
      await action(item);
      setItem(null);
    } catch (failure) {
      setError(t(messageForError(failure)));
    } finally {
      setIsPending(false);
    }
  };
  return {
    item,
    ask: (next: T) => {
      setError(null);
      setItem(next);
    },
    close: () => setItem(null),
    confirm,
    isPending,
    error,
  };
}
