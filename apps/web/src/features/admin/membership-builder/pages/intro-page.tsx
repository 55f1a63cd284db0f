import { useQuery } from "@tanstack/react-query";
import { joinSetupContentQueryOptions } from "../../../../api/join-content";
import { IntroForm } from "../components/intro-form";
import { WhenLoaded } from "../../shared/when-loaded";

/** The intro tab: the welcome new members read when they set up their account. */
export function IntroPage() {
  const content = useQuery({ ...joinSetupContentQueryOptions, staleTime: 0 });
  return <WhenLoaded query={content}>{(data) => <IntroForm content={data} />}</WhenLoaded>;
}
