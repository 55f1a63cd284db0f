import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import type { MapSettings } from "@cohort/common/geocoding";
import { ClientError } from "../../../../api/client-error";
import { settingsKeys, updateMapSettings } from "../../../../api/settings";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Button } from "../../../../ui/button";

type Provider = "maptilerKey" | "stadiaKey";

/**
 * The providers' keys saved in Settings → Maps, each with "Remove key". The server
 * refuses to remove a key the saved basemap or address search uses, and says so.
 */
export function SavedMapKeys({ content }: { content: MapSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<{ provider: Provider; message: string } | null>(null);
  const [pending, setPending] = useState<Provider | null>(null);
  const saved = (["maptilerKey", "stadiaKey"] as const).filter((provider) =>
    provider === "maptilerKey" ? content.maptilerKeySet : content.stadiaKeySet,
  );
  if (saved.length === 0) return null;

  const remove = async (provider: Provider) => {
    setPending(provider);
    setProblem(null);
    try {
      queryClient.setQueryData(settingsKeys.maps, await updateMapSettings({ [provider]: "" }));
    } catch (error) {
      const field =
        error instanceof ClientError ? error.errors.find((entry) => entry.property === provider) : undefined;
      const message = translateValidationMessage(t, field?.key) ?? t("adminSettings.maps.keyNotRemoved");
      setProblem({ provider, message });
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="space-y-2 text-sm">
      <h3 className="font-semibold">{t("adminSettings.maps.savedKeys")}</h3>
      <ul className="space-y-2">
        {saved.map((provider) => (
          <li key={provider} className="space-y-1">
            <div className="flex flex-wrap items-center gap-3">
              <span>{t(`adminSettings.maps.${provider}`)}</span>
              <Button
                variant="secondary"
                size="sm"
                isLoading={pending === provider}
                aria-label={t("adminSettings.maps.removeKeyOf", { key: t(`adminSettings.maps.${provider}`) })}
                onClick={() => void remove(provider)}
              >
                {t("adminSettings.maps.removeKey")}
              </Button>
            </div>
            {problem?.provider === provider && (
              <p role="alert" className="text-danger">
                {problem.message}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
