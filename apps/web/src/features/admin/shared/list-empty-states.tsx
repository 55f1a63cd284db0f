import { useTranslation } from "react-i18next";
import { SearchX } from "lucide-react";
import { Button } from "../../../ui/button";
import { EmptyState } from "../../../ui/empty-state";

/** Texts under `<keys>`: `pageTitle` and `firstPage`, `noMatchTitle`, `noMatchDescription` and `clear`. */
interface ListEmptyStateProps {
  keys: string;
  onAction: () => void;
}

/** A page past the last one (the list shrank since the link was made), with a way back to the first. */
export function PastLastPage({ keys, onAction }: ListEmptyStateProps) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={SearchX}
      title={t(`${keys}.pageTitle`)}
      action={
        <Button size="sm" variant="secondary" onClick={onAction}>
          {t(`${keys}.firstPage`)}
        </Button>
      }
    />
  );
}

/** Nothing matches the search or filters, with a way to clear them. */
export function NoMatch({ keys, onAction }: ListEmptyStateProps) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={SearchX}
      title={t(`${keys}.noMatchTitle`)}
      description={t(`${keys}.noMatchDescription`)}
      action={
        <Button size="sm" variant="secondary" onClick={onAction}>
          {t(`${keys}.clear`)}
        </Button>
      }
    />
  );
}
