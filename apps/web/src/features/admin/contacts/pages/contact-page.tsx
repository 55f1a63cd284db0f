import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { displayName } from "@cohort/common/contacts";
import { isClientError } from "../../../../api/client-error";
import { contactQueryOptions } from "../../../../api/contacts";
import { messageForError } from "../../../../api/error-messages";
import { usePageTitle } from "../../../../app/shell/page-title";
import { Alert } from "../../../../ui/alert";
import { cx, linkClass } from "../../../../ui/class-names";
import { Skeleton } from "../../../../ui/skeleton";
import { RoleBadges } from "../components/role-badges";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "focus-ring -mb-px block rounded-t-lg border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap",
    isActive ? "border-primary text-primary" : "border-transparent text-body/70 hover:border-body/30 hover:text-body",
  );

/** One contact: a header and tabs around the overview and account pages. */
export function ContactPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const contact = useQuery(contactQueryOptions(id));
  usePageTitle(contact.data ? displayName(contact.data) : undefined);

  const back = (
    <Link to="/admin/contacts" className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}>
      <ArrowLeft aria-hidden className="size-4" />
      {t("admin.contacts.backToList")}
    </Link>
  );

  if (contact.isPending) {
    return (
      <div className="space-y-6">
        {back}
        <div role="status" className="space-y-3">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-5 w-48" />
        </div>
      </div>
    );
  }

  if (contact.isError) {
    const isMissing =
      isClientError(contact.error) && (contact.error.httpCode === 404 || contact.error.httpCode === 400);
    return (
      <div className="space-y-6">
        {back}
        <Alert
          variant="error"
          title={isMissing ? t("admin.contacts.detail.notFound") : t(messageForError(contact.error))}
        />
      </div>
    );
  }

  const data = contact.data;
  return (
    <div className="space-y-6">
      {back}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-3xl font-bold tracking-tight break-words">{displayName(data)}</h1>
          <p className="break-all text-body/75">{data.email}</p>
        </div>
        <RoleBadges roles={data.activeRoles} />
      </header>
      <nav aria-label={t("admin.contacts.detail.sections")} className="overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-black/10">
          <li>
            <NavLink to={`/admin/contacts/${data.id}`} end className={tabClass}>
              {t("admin.contacts.detail.overview")}
            </NavLink>
          </li>
          <li>
            <NavLink to={`/admin/contacts/${data.id}/account`} className={tabClass}>
              {t("admin.contacts.detail.account")}
            </NavLink>
          </li>
          <li>
            <NavLink to={`/admin/contacts/${data.id}/callouts`} className={tabClass}>
              {t("adminResponses.contact.tab")}
            </NavLink>
          </li>
          <li>
            <NavLink to={`/admin/contacts/${data.id}/emails`} className={tabClass}>
              {t("adminMailings.contact.tab")}
            </NavLink>
          </li>
          <li>
            <NavLink to={`/admin/contacts/${data.id}/contribution`} className={tabClass}>
              {t("adminPayments.contribution.tab")}
            </NavLink>
          </li>
          <li>
            <NavLink to={`/admin/contacts/${data.id}/activity`} className={tabClass}>
              {t("adminActivity.contact.tab")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet context={data} />
    </div>
  );
}
