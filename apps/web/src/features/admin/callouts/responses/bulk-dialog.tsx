import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageForError } from "../../../../api/error-messages";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Dialog } from "../../../../ui/dialog";
import { Select } from "../../../../ui/select";
import type { ResponseUpdates } from "../../../../api/callout-responses";
import type { BulkAction } from "./bulk-actions";
import type { InboxBucket } from "./inbox-state";
import { bucketValue, inboxBuckets } from "./inbox-state";
import { AssigneeSelect, CalloutTagSelect } from "./pickers";
import { TooManyResponsesError } from "./bulk-target";

const UNASSIGN = "none";

interface BulkDialogProps {
  calloutId: string;
  action: BulkAction;
  /** The bucket on screen, not offered as a destination. */
  bucket: InboxBucket;
  targetCount: number;
  isPending: boolean;
  error: unknown;
  onConfirm: (updates: Omit<ResponseUpdates, "answers">) => void;
  onClose: () => void;
}

/** Chooses where the selected responses go, which tag they get or lose, or who they are assigned to; then confirms. */
export function BulkDialog({
  calloutId,
  action,
  bucket,
  targetCount,
  isPending,
  error,
  onConfirm,
  onClose,
}: BulkDialogProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const destinations = inboxBuckets.filter((entry) => entry !== bucket);
  const [value, setValue] = useState<string | null>(action === "move" ? (destinations[0] ?? null) : null);
  const [isMissing, setIsMissing] = useState(false);
  const label = t(`adminResponses.bulk.fields.${action}`);

  const handleConfirm = () => {
    if (!value) {
      setIsMissing(true);
      return;
    }
    switch (action) {
      case "move":
        return onConfirm({ bucket: bucketValue(value as InboxBucket) });
      case "tag-add":
        return onConfirm({ tags: [`+${value}`] });
      case "tag-remove":
        return onConfirm({ tags: [`-${value}`] });
      case "assign":
        return onConfirm({ assigneeId: value === UNASSIGN ? null : value });
    }
  };

  const errorText =
    error instanceof TooManyResponsesError
      ? t("adminResponses.bulk.tooMany")
      : error
        ? t(messageForError(error))
        : null;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="sm"
      title={t(`adminResponses.bulk.titles.${action}`)}
      description={t("adminResponses.bulk.target", { number: format.number(targetCount) })}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" size="sm" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button size="sm" isLoading={isPending} onClick={handleConfirm}>
            {t("adminResponses.bulk.confirm", { number: format.number(targetCount) })}
          </Button>
        </>
      }
    >
      <div className="space-y-2">
        {/* The pickers name themselves; this label also names the bucket list. */}
        <p className="text-sm font-semibold" aria-hidden>
          {label}
        </p>
        {action === "move" && (
          <Select aria-label={label} value={value ?? ""} onChange={(event) => setValue(event.target.value)}>
            {destinations.map((entry) => (
              <option key={entry} value={entry}>
                {t(`adminCallouts.buckets.${entry}`)}
              </option>
            ))}
          </Select>
        )}
        {(action === "tag-add" || action === "tag-remove") && (
          <CalloutTagSelect
            calloutId={calloutId}
            value={value}
            onChange={setValue}
            label={label}
            hasError={isMissing}
          />
        )}
        {action === "assign" && <AssignChoice calloutId={calloutId} value={value} onChange={setValue} label={label} />}
        {isMissing && !value && (
          <p className="text-sm font-medium text-danger">{t("adminResponses.bulk.chooseFirst")}</p>
        )}
        {errorText && <Alert variant="error">{errorText}</Alert>}
      </div>
    </Dialog>
  );
}

function AssignChoice({
  calloutId,
  value,
  onChange,
  label,
}: {
  calloutId: string;
  value: string | null;
  onChange: (value: string | null) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <AssigneeSelect
        calloutId={calloutId}
        value={value === UNASSIGN ? null : value}
        onChange={onChange}
        label={label}
      />
      <Button variant="ghost" size="sm" onClick={() => onChange(UNASSIGN)} aria-pressed={value === UNASSIGN}>
        {t("adminResponses.bulk.unassign")}
      </Button>
      {value === UNASSIGN && <p className="text-sm text-body/75">{t("adminResponses.bulk.willUnassign")}</p>}
    </div>
  );
}
