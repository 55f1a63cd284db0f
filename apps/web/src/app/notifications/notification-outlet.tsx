import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { NotificationTray } from "../../ui/notification-tray";
import { notifications } from "./notification-store";

/** The app's notification tray, fed by the shared store. */
export function NotificationOutlet() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(notifications.subscribe, notifications.getSnapshot);
  return (
    <NotificationTray
      items={items}
      label={t("notifications.region")}
      dismissLabel={t("notifications.dismiss")}
      onDismiss={notifications.remove}
      onPause={notifications.pause}
      onResume={notifications.resume}
    />
  );
}
