import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { DatabaseZap, Trash2 } from "lucide-react";
import { messageForError } from "../../../../api/error-messages";
import { loadSampleData, removeSampleData, sampleDataQueryOptions } from "../../../../api/settings";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";

/**
 * Removes what the sample data loader created, after saying exactly what goes;
 * once there is none, offers to load it again for trying things out.
 */
export function SampleDataCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sample = useQuery(sampleDataQueryOptions);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isRemoving, setIsRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const counts = sample.data;
  if (!counts) return null;
  if (counts.contacts + counts.payments + counts.tags + counts.callouts === 0) return <LoadSampleData />;

  const handleRemove = async () => {
    setIsRemoving(true);
    setError(null);
    try {
      await removeSampleData();
      setIsConfirming(false);
      notifications.addToast({ variant: "success", title: t("adminSettings.sampleData.removed") });
      await queryClient.invalidateQueries();
    } catch (failure) {
      setError(t(messageForError(failure)));
    } finally {
      setIsRemoving(false);
    }
  };

  return (
    <Card className="max-w-3xl space-y-3">
      <h2 className="text-lg font-bold">{t("adminSettings.sampleData.title")}</h2>
      <p className="text-body/75">{t("adminSettings.sampleData.description")}</p>
      <Button
        variant="danger"
        size="sm"
        icon={<Trash2 aria-hidden="true" className="size-4" />}
        onClick={() => setIsConfirming(true)}
      >
        {t("adminSettings.sampleData.remove")}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t("adminSettings.sampleData.confirmTitle")}
        description={t("adminSettings.sampleData.confirmDescription", {
          contacts: counts.contacts,
          payments: counts.payments,
          tags: counts.tags,
          callouts: counts.callouts,
          responses: counts.responses,
        })}
        confirmLabel={t("adminSettings.sampleData.remove")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        isPending={isRemoving}
        onConfirm={() => void handleRemove()}
        onClose={() => setIsConfirming(false)}
      >
        {error && <Alert variant="error" title={error} />}
      </ConfirmDialog>
    </Card>
  );
}

/** Loads the sample data on a site that has none. */
function LoadSampleData() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleLoad = async () => {
    setIsLoading(true);
    setError(null);
    try {
      await loadSampleData();
      notifications.addToast({ variant: "success", title: t("adminSettings.sampleData.loaded") });
      await queryClient.invalidateQueries();
    } catch (failure) {
      setError(t(messageForError(failure)));
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <Card className="max-w-3xl space-y-3">
      <h2 className="text-lg font-bold">{t("adminSettings.sampleData.title")}</h2>
      <p className="text-body/75">{t("adminSettings.sampleData.loadDescription")}</p>
      {error && <Alert variant="error" title={error} />}
      <Button
        variant="secondary"
        size="sm"
        isLoading={isLoading}
        icon={<DatabaseZap aria-hidden="true" className="size-4" />}
        onClick={() => void handleLoad()}
      >
        {t("adminSettings.sampleData.load")}
      </Button>
    </Card>
  );
}
