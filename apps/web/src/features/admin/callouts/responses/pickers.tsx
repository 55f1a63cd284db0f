import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { displayName } from "@cohort/common/contacts";
import { calloutReviewersQueryOptions } from "../../../../api/admin-callouts";
import { calloutTagsQueryOptions } from "../../../../api/callout-responses";
import { useSession } from "../../../../api/session";
import { Select } from "../../../../ui/select";
import { TagIdSelect, type TagIdSelectProps } from "../../shared/tag-id-select";

interface PickerProps extends TagIdSelectProps {
  calloutId: string;
}

/** Picks one of the callout's tags by name; the value is its id. */
export function CalloutTagSelect({ calloutId, ...props }: PickerProps) {
  const { t } = useTranslation();
  const tags = useQuery(calloutTagsQueryOptions(calloutId));
  return (
    <TagIdSelect
      {...props}
      tags={tags.data}
      isPending={tags.isPending}
      placeholder={tags.isPending ? t("common.loading") : t("adminResponses.pickers.chooseTag")}
      unknownLabel={t("adminResponses.pickers.unknownTag")}
    />
  );
}

/** The people a response can be assigned to: the callout's reviewers, and the person using the inbox. */
export function useAssignees(calloutId: string) {
  const user = useSession();
  const reviewers = useQuery(calloutReviewersQueryOptions(calloutId));
  const people = new Map<string, string>();
  if (user) people.set(user.id, displayName(user));
  for (const reviewer of reviewers.data ?? []) people.set(reviewer.contact.id, displayName(reviewer.contact));
  return {
    isPending: reviewers.isPending,
    people: [...people].map(([id, name]) => ({ id, name })),
    userId: user?.id ?? null,
  };
}

/** Picks an assignee among the reviewers; `me` stands for whoever applies a filter. */
export function AssigneeSelect({
  calloutId,
  value,
  onChange,
  label,
  hasError = false,
  className,
  allowMe = false,
}: PickerProps & { allowMe?: boolean }) {
  const { t } = useTranslation();
  const assignees = useAssignees(calloutId);
  const isUnknown = Boolean(
    value && value !== "me" && !assignees.isPending && !assignees.people.some((person) => person.id === value),
  );
  return (
    <Select
      size="sm"
      aria-label={label}
      hasError={hasError}
      value={value ?? ""}
      onChange={(event) => onChange(event.target.value || null)}
      className={className}
    >
      <option value="" disabled>
        {assignees.isPending ? t("common.loading") : t("adminResponses.pickers.choosePerson")}
      </option>
      {allowMe && <option value="me">{t("adminResponses.pickers.me")}</option>}
      {assignees.people
        .filter((person) => !allowMe || person.id !== assignees.userId)
        .map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      {isUnknown && value && <option value={value}>{t("adminResponses.pickers.otherPerson")}</option>}
    </Select>
  );
}
