import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { isClientError } from "../../../api/client-error";
import { messageForError } from "../../../api/error-messages";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { cx, linkClass } from "../../../ui/class-names";

/** The way back from a page to the list it was opened from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}>
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}

/**
 * A detail page's title, what stands under it (an address, a status, a description), and
 * what stands beside it on the right (its actions, or badges).
 */
export function DetailHeader({
  title,
  children,
  actions,
  spacing = "space-y-1",
}: {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** The space between the title and what stands under it. */
  spacing?: "space-y-1" | "space-y-2";
}) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className={cx("min-w-0", spacing)}>
        <h1 className="text-3xl font-bold tracking-tight break-words">{title}</h1>
        {children}
      </div>
      {actions}
    </header>
  );
}

/**
 * A detail page's column: the link back, then the page. A `header` given here stands close
 * under the link (a header among the children stands as far below it as the rest).
 */
export function DetailFrame({
  back,
  header,
  children,
}: {
  back: { to: string; label: string };
  header?: ReactNode;
  children: ReactNode;
}) {
  const link = <BackLink to={back.to}>{back.label}</BackLink>;
  return (
    <div className="space-y-6">
      {header ? (
        <div className="space-y-2">
          {link}
          {header}
        </div>
      ) : (
        link
      )}
      {children}
    </div>
  );
}

export interface DetailQueryProps<T> {
  query: UseQueryResult<T>;
  /** The shapes that stand for the page while it loads. */
  loading: ReactNode;
  /** The title when the thing is not there (an answer of `missingCodes`); else the error's own message. */
  notFound?: string;
  /** The answers that mean the thing is not there; 404 unless said. */
  missingCodes?: readonly number[];
  children: (data: T) => ReactNode;
}

/**
 * What a detail page shows of its thing: shapes while it loads, a title saying it is not
 * there, or why it could not be read with a way to try again, then the page itself.
 */
export function DetailQuery<T>({ query, loading, notFound, missingCodes = [404], children }: DetailQueryProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{t("common.loading")}</span>
        {loading}
      </div>
    );
  }
  if (query.isError) {
    const isMissing = isClientError(query.error) && missingCodes.includes(query.error.httpCode);
    if (isMissing && notFound) return <Alert variant="error" title={notFound} />;
    return (
      <div className="space-y-3">
        <Alert variant="error" title={t(messageForError(query.error))} />
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * The shell of an admin page about one thing (a contact, a callout, a notice, an email): the
 * link back to its list above the loading shapes, the not-found or failure, or the page.
 */
export function DetailPage<T>({
  back,
  header,
  ...query
}: DetailQueryProps<T> & {
  back: { to: string; label: string };
  /** The page's header once read, close under the link back (see `DetailFrame`). */
  header?: (data: T) => ReactNode;
}) {
  return (
    <DetailFrame back={back} header={header && query.query.isSuccess ? header(query.query.data) : undefined}>
      <DetailQuery {...query} />
    </DetailFrame>
  );
}
