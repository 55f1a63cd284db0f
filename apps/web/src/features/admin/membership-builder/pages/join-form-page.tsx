import { useQuery } from "@tanstack/react-query";
import { joinContentQueryOptions } from "../../../../api/join-content";
import { JoinForm } from "../components/join-form";
import { WhenLoaded } from "../../shared/when-loaded";

/** The join form tab: what visitors choose from on /join. */
export function JoinFormPage() {
  // Always read afresh: the admin edits what is stored, not what an earlier page kept.
  const content = useQuery({ ...joinContentQueryOptions, staleTime: 0 });
  return <WhenLoaded query={content}>{(data) => <JoinForm content={data} />}</WhenLoaded>;
}
