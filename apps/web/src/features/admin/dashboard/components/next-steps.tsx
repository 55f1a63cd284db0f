import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { linkClass } from "../../../../ui/class-names";

interface BringPeopleInProps {
  /** The sentence before the two pointers. */
  lead: string;
  testId?: string;
}

/** What a new install should do next when a figure has nothing to count: the join form or an import. */
export function BringPeopleIn({ lead, testId }: BringPeopleInProps) {
  const { t } = useTranslation();
  return (
    <p className="text-body/75" data-testid={testId}>
      {lead}{" "}
      <Link to="/admin/membership-builder" className={linkClass}>
        {t("admin.dashboard.stats.emptyJoin")}
      </Link>{" "}
      ·{" "}
      <Link to="/admin/contacts/import" className={linkClass}>
        {t("admin.dashboard.stats.emptyImport")}
      </Link>
    </p>
  );
}
