import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MessageSquareText } from "lucide-react";
import { contactResponsesQueryOptions } from "../../../../api/callout-responses";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { Badge } from "../../../../ui/badge";
import { linkClass } from "../../../../ui/class-names";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { Table, cellClass, headerCellClass } from "../../../../ui/table";
import { ListScreen } from "../../shared/list-screen/list-screen";
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

  return (
    <ListScreen
      query={responses}
      frame="page"
      loading={
        <div className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      }
      empty={{
        keys: "adminResponses.empty",
        none: (
          <EmptyState
            icon={MessageSquareText}
            title={t("adminResponses.contact.noneTitle")}
            description={t("adminResponses.contact.noneDescription")}
          />
        ),
      }}
      pagination={{
        keys: "adminResponses.pagination",
        page,
        pageSize,
        pageSizes: PAGE_SIZES,
        onPageChange: setPage,
        onPageSizeChange: (size) => {
          setPageSize(size);
          setPage(1);
        },
      }}
    >
      {(items, table) => (
        <Table caption={t("adminResponses.contact.caption")} isBusy={table.isBusy}>
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
            {items.map((response) => {
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
      )}
    </ListScreen>
  );
}
