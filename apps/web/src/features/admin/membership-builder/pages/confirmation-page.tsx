import { useQuery } from "@tanstack/react-query";
import { joinSetupContentQueryOptions } from "../../../../api/join-content";
import { ConfirmationForm } from "../components/confirmation-form";
import { WhenLoaded } from "../../shared/when-loaded";

/** The confirmation tab: the opt-ins and the survey at the end of joining. */
export function ConfirmationPage() {
  const content = useQuery({ ...joinSetupContentQueryOptions, staleTime: 0 });
  return <WhenLoaded query={content}>{(data) => <ConfirmationForm content={data} />}</WhenLoaded>;
}
