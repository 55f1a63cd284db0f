import { useQuery } from "@tanstack/react-query";
import { joinContentQueryOptions } from "../../../../api/join-content";
import { GiftForm } from "../components/gift-form";
import { WhenLoaded } from "../../shared/when-loaded";

/** The one-time gifts tab: what visitors may give on /donate. */
export function GiftsPage() {
  // Always read afresh: the admin edits what is stored, not what an earlier page kept.
  const content = useQuery({ ...joinContentQueryOptions, staleTime: 0 });
  return <WhenLoaded query={content}>{(data) => <GiftForm content={data} />}</WhenLoaded>;
}
