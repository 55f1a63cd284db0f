import type { SettingsFormArea } from "../../shared/settings-form/use-settings-form";

/** What the settings tabs' forms say, and where their field errors go: beside a field the server names. */
export const settingsTab: SettingsFormArea = {
  saved: "adminSettings.saved",
  save: "common.save",
  unsaved: "adminSettings.unsaved",
  leave: "adminSettings.unsaved",
  nestedFieldErrors: false,
};
