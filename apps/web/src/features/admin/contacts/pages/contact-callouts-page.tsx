import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MessageSquareText } from "lucide-react";
import { contactResponsesQueryOptions } from "../../../../api/callout-responses";
import { messageForError } from "../../../../api/error-messages";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { Alert } from "../../../../ui/alert";
import { Badge } from "../../../../ui/badge";
import { linkClass } from "../../../../ui/class-names";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { Table, cellClass, headerCellClass } from "../../../../ui/table";
import { ListPagination } from "../../shared/list-pagination";
import { useRouteContact } from "../../shared/use-route-contact";

const PAGE_SIZES = [25, 50, 100] as const;

/** The contact's responses across callouts, newest first, each linked to its page in the inbox. */
export function ContactCalloutsPage() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const contact = useRouteContact();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const responses = useQuery(
    contactResponsesQueryOptions(contact.id, { limit: pageSize, offset: (page - 1) * pageSize }),
  );

  if (responses.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{t("common.loading")}</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (responses.isError) return <Alert variant="error" title={t(messageForError(responses.error))} />;
  if (responses.data.total === 0) {
    return (
      <div className="rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        <EmptyState
          icon={MessageSquareText}
          title={t("adminResponses.contact.noneTitle")}
          description={t("adminResponses.contact.noneDescription")}
        />
      </div>
    );
  }

  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <Table caption={t("adminResponses.contact.caption")} isBusy={responses.isPlaceholderData}>
        <thead>
          <tr>
            <th scope="col" className={headerCellClass}>
              {t("adminResponses.contact.callout")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("adminResponses.table.number")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("adminResponses.detail.bucket")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("adminResponses.table.tags")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("adminResponses.table.createdAt")}
            </th>
          </tr>
        </thead>
        <tbody>
          {responses.data.items.map((response) => {
            const calloutId = response.callout?.id;
            const bucket = response.bucket === "verified" || response.bucket === "trash" ? response.bucket : "inbox";
            return (
              <tr key={response.id} className="hover:bg-body/3">
                <th scope="row" className={`${cellClass} max-w-80 font-normal`}>
                  {calloutId ? (
                    <Link to={`/admin/callouts/view/${calloutId}`} className={`${linkClass} block truncate`}>
                      {response.callout?.title || t("adminCallouts.untitled")}
                    </Link>
                  ) : (
                    "–"
                  )}
                </th>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {calloutId ? (
                    <Link
                      to={`/admin/callouts/view/${calloutId}/responses/${response.id}`}
                      className={`${linkClass} font-semibold`}
                      aria-label={t("adminResponses.table.open", { number: response.number })}
                    >
                      #{response.number}
                    </Link>
                  ) : (
                    `#${response.number}`
                  )}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{t(`adminCallouts.buckets.${bucket}`)}</td>
                <td className={cellClass}>
                  <div className="flex max-w-56 flex-wrap gap-1">
                    {response.tags?.map((tag) => (
                      <Badge key={tag.id} tone="link">
                        {tag.name}
                      </Badge>
                    ))}
                  </div>
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{dateTime(response.createdAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <ListPagination
        keys="adminResponses.pagination"
        page={page}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        total={responses.data.total}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </div>
  );
}
