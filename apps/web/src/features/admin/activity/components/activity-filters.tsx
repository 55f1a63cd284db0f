import { useTranslation } from "react-i18next";
import { X } from "lucide-react";
import { activityKinds, type ActivityKind } from "@cohort/common/activity";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import type { ActivityListState } from "../hooks/activity-list-state";

type Filters = Pick<ActivityListState, "actor" | "apiKey" | "kind" | "contact" | "from" | "to">;

interface ActivityFiltersProps {
  filters: Filters;
  /** Names for the person, key and contact filters, when the entries shown carry them. */
  names: { actor?: string | undefined; contact?: string | undefined };
  onChange: (filters: Filters) => void;
}

/** Kind and date range of the activity list, and the person, key or contact it is narrowed to. */
export function ActivityFilters({ filters, names, onChange }: ActivityFiltersProps) {
  const { t } = useTranslation();
  const chips = [
    filters.actor && { key: "actor", label: t("adminActivity.filters.person", { name: names.actor ?? "…" }) },
    filters.apiKey && {
      key: "apiKey",
      label: t("adminActivity.filters.apiKey", { name: names.actor ?? filters.apiKey }),
    },
    filters.contact && { key: "contact", label: t("adminActivity.filters.contact", { name: names.contact ?? "…" }) },
  ].filter((chip): chip is { key: "actor" | "apiKey" | "contact"; label: string } => Boolean(chip));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminActivity.filters.kind")}
          <Select
            value={filters.kind ?? ""}
            onChange={(event) =>
              onChange({ ...filters, kind: activityKinds.find((kind) => kind === event.target.value) })
            }
          >
            <option value="">{t("adminActivity.filters.allKinds")}</option>
            {activityKinds.map((kind: ActivityKind) => (
              <option key={kind} value={kind}>
                {t(`adminActivity.kinds.${kind}`)}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminActivity.filters.from")}
          <Input
            type="date"
            value={filters.from ?? ""}
            max={filters.to}
            onChange={(event) => onChange({ ...filters, from: event.target.value || undefined })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("adminActivity.filters.to")}
          <Input
            type="date"
            value={filters.to ?? ""}
            min={filters.from}
            onChange={(event) => onChange({ ...filters, to: event.target.value || undefined })}
          />
        </label>
      </div>
      {chips.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("adminActivity.filters.narrowedTo")}>
          {chips.map((chip) => (
            <li key={chip.key}>
              <button
                type="button"
                onClick={() => onChange({ ...filters, [chip.key]: undefined })}
                className="focus-ring inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1 text-sm font-semibold text-primary hover:bg-primary/15"
              >
                {chip.label}
                <X aria-hidden className="size-3.5" />
                <span className="sr-only">{t("adminActivity.filters.remove")}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
