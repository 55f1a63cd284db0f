import { useTranslation } from "react-i18next";
import { Card } from "../../../../ui/card";
import { AccountSecurityCard } from "../components/account-security-card";
import { ContactAccountForm } from "../components/contact-account-form";
import { DeleteContactCard } from "../components/delete-contact-card";
import { OutrankedNote } from "../components/outranked-note";
import { RolesEditor } from "../components/roles-editor";
import { useMayManageContact } from "../hooks/use-may-manage-contact";
import { useRouteContact } from "../../shared/use-route-contact";

/**
 * Edit a contact's details, login and roles, or delete the contact. A contact
 * whose rights exceed the user's is only shown, as the server refuses any
 * change to them.
 */
export function ContactAccountPage() {
  const { t } = useTranslation();
  const contact = useRouteContact();
  const mayManage = useMayManageContact(contact);

  if (!mayManage) {
    return (
      <div className="space-y-6">
        <Card className="space-y-2">
          <h2 className="text-lg font-bold">{t("admin.contacts.account.title")}</h2>
          <OutrankedNote />
        </Card>
        <RolesEditor contact={contact} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {/* The form starts from the contact as loaded; another contact starts it afresh. */}
      <ContactAccountForm key={contact.id} contact={contact} />
      <AccountSecurityCard contact={contact} />
      <RolesEditor contact={contact} />
      <DeleteContactCard contact={contact} />
    </div>
  );
}
