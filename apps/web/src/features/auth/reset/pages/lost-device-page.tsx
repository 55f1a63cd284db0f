import { useTranslation } from "react-i18next";
import { requestDeviceReset } from "../../../../api/resets";
import { RequestLinkForm } from "../components/request-link-form";

export function LostDevicePage() {
  const { t } = useTranslation();
  return (
    <RequestLinkForm
      title={t("resets.lostDevice.title")}
      intro={t("resets.lostDevice.intro")}
      submitLabel={t("resets.lostDevice.submit")}
      send={requestDeviceReset}
    />
  );
}
