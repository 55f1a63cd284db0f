import { AccountSecurityCard } from "../components/account-security-card";
import { ContactAccountForm } from "../components/contact-account-form";
import { DeleteContactCard } from "../components/delete-contact-card";
import { RolesEditor } from "../components/roles-editor";
import { useRouteContact } from "../hooks/use-route-contact";

/** Edit a contact's details, login and roles, or delete the contact. */
export function ContactAccountPage() {
  const contact = useRouteContact();
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
