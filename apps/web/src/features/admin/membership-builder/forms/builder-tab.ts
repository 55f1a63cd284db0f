import type { SettingsFormArea } from "../../shared/settings-form/use-settings-form";

/** What the builder's tabs say, and where their field errors go: beside the part of a field the server names. */
export const builderTab: SettingsFormArea = {
  saved: "adminMembership.saved",
  save: "adminMembership.save",
  unsaved: "adminMembership.unsaved",
  leave: "adminMembership.leaveDescription",
  nestedFieldErrors: true,
};
