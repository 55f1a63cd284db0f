import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { displayName } from "@cohort/common/contacts";
import { notifications } from "../../../../app/notifications/notification-store";
import { BackLink } from "../../shared/detail-page";
import { AddContactForm } from "../components/add-contact-form";

/** Adds a contact by hand, with a profile and roles. */
export function AddContactPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink to="/admin/contacts">{t("admin.contacts.backToList")}</BackLink>
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("admin.contacts.form.addTitle")}</h1>
        <p className="text-body/75">{t("admin.contacts.form.addIntro")}</p>
      </header>
      <AddContactForm
        onCancel={() => void navigate("/admin/contacts")}
        onCreated={(contact) => {
          notifications.addToast({
            variant: "success",
            title: t("admin.contacts.form.created", { name: displayName(contact) }),
          });
          void navigate(`/admin/contacts/${contact.id}`);
        }}
      />
    </div>
  );
}
