/**
 * What other features show of failed renewals (decision 066): the notice on the member's
 * contribution page, the episodes on a contact's page and the dashboard's figures.
 */
export { RenewalProblemNotice } from "./components/renewal-problem-notice";
export { ContactEpisodesCard } from "./components/contact-episodes-card";
export { RecoveryFigures } from "./components/recovery-figures";
