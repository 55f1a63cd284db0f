import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { emailTemplateIds } from "@cohort/common/emails";
import { linkClass } from "../../../../ui/class-names";
import { Table, cellClass, headerCellClass } from "../../../../ui/table";

/** Every email Cohort sends, with when it goes out; each links to its editor. */
export function EmailTemplatesPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <p className="text-body/75">{t("adminEmails.templates.intro")}</p>
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        <Table caption={t("adminEmails.templates.caption")}>
          <thead>
            <tr>
              <th scope="col" className={headerCellClass}>
                {t("adminEmails.templates.name")}
              </th>
              <th scope="col" className={headerCellClass}>
                {t("adminEmails.templates.description")}
              </th>
            </tr>
          </thead>
          <tbody>
            {emailTemplateIds.map((id) => (
              <tr key={id} className="hover:bg-body/3">
                <td className={`${cellClass} min-w-48`}>
                  <Link to={`/admin/emails/templates/${id}`} className={linkClass}>
                    {t(`adminEmails.names.${id}`)}
                  </Link>
                </td>
                <td className={`${cellClass} text-body/80`}>{t(`adminEmails.descriptions.${id}`)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </div>
  );
}
