import { useTranslation } from "react-i18next";
import type { JoinSetupContent } from "@cohort/common/content";
import { CheckboxField } from "../../ui/checkbox-field";
import { toggleGroup } from "./join-setup-choice";

interface NewsletterSectionProps {
  content: JoinSetupContent;
  organisationName: string;
  optIn: boolean;
  onOptInChange: (optIn: boolean) => void;
  groupIds: readonly string[];
  onGroupsChange: (groupIds: string[]) => void;
}

/** The newsletter offer of the set-up step, with its groups once the member opts in. */
export function NewsletterSection({
  content,
  organisationName,
  optIn,
  onOptInChange,
  groupIds,
  onGroupsChange,
}: NewsletterSectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-3 rounded-xl border border-black/10 p-4">
      <legend className="px-1 text-base font-bold">{content.newsletterTitle || t("join.setup.newsletterTitle")}</legend>
      <CheckboxField
        label={content.newsletterOptIn || t("join.setup.newsletter")}
        description={
          <span className="whitespace-pre-line">
            {content.newsletterText || t("join.setup.newsletterHint", { organisation: organisationName })}
          </span>
        }
        checked={optIn}
        onChange={(event) => onOptInChange(event.target.checked)}
      />
      {optIn && content.newsletterGroups.length > 0 && (
        <fieldset className="space-y-2 pl-8">
          <legend className="text-sm text-body/75">{t("join.setup.newsletterGroups")}</legend>
          {content.newsletterGroups.map((group) => (
            <CheckboxField
              key={group.id}
              label={group.label}
              checked={groupIds.includes(group.id)}
              onChange={(event) => onGroupsChange(toggleGroup(content, groupIds, group.id, event.target.checked))}
            />
          ))}
        </fieldset>
      )}
    </fieldset>
  );
}
