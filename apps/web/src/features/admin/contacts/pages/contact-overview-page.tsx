import { ContactProfileCard } from "../components/contact-profile-card";
import { ContactTagsCard } from "../components/contact-tags-card";
import { ContributionCard } from "../components/contribution-card";
import { RolesSummary } from "../components/roles-summary";
import { useRouteContact } from "../../shared/use-route-contact";

/** Everything about a contact at a glance. */
export function ContactOverviewPage() {
  const contact = useRouteContact();
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <ContactProfileCard contact={contact} />
      <div className="space-y-6">
        <ContributionCard contact={contact} />
        <RolesSummary roles={contact.roles ?? []} />
        <ContactTagsCard contact={contact} />
      </div>
    </div>
  );
}
