import { redirect } from "react-router";
import { clearPersonalQueries, logout, sessionKeys } from "../../api/session";
import type { PageAction, PageLoader } from "../../app/router/route-def";
import { safeNextPath } from "../../app/router/next-path";

/** Someone already logged in skips the login page. */
export const loginLoader: PageLoader = ({ request }, { user }) => {
  if (!user) return null;
  return redirect(safeNextPath(new URL(request.url).searchParams.get("next")) ?? "/");
};

/** Ends the session on the server and forgets everything about the person. */
export const logoutAction: PageAction = async (_args, { queryClient }) => {
  try {
    await logout();
  } catch {
    // The session may be gone already; logging out locally is what matters.
  }
  queryClient.setQueryData(sessionKeys.me, null);
  clearPersonalQueries(queryClient);
  return redirect("/auth/login");
};
