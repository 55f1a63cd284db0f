/**
 * Why another page sent the visitor to the login page, carried in the
 * navigation's state (never in the address, so no link can make the page
 * claim it): `joined` after a join whose account logs in as usual.
 */
export type LoginNotice = "joined";

/** The navigation state of a confirmed join that did not log in. */
export const joinedLoginState = { loginNotice: "joined" satisfies LoginNotice };

/** The notice a navigation's state asks the login page to show, if any. */
export function loginNoticeOf(state: unknown): LoginNotice | undefined {
  const isJoined =
    typeof state === "object" && state !== null && "loginNotice" in state && state.loginNotice === "joined";
  return isJoined ? "joined" : undefined;
}
