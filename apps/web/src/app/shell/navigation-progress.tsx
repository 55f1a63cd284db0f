import { useNavigation } from "react-router";

/** A thin bar at the top while the next page loads. */
export function NavigationProgress() {
  const { state } = useNavigation();
  if (state === "idle") return null;
  return (
    <div aria-hidden className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-link/20">
      <div className="h-full w-1/3 animate-[cohort-progress_1.2s_ease-in-out_infinite] bg-link" />
    </div>
  );
}
