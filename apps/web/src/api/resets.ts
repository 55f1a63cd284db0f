import type { QueryClient } from "@tanstack/react-query";
import { siteUrl } from "../config";
import { apiSend } from "./client";
import { clearPersonalQueries, sessionQueryOptions } from "./session";

/** Addresses the reset emails link to; the server appends the flow id. */
export const resetPaths = {
  resetPassword: "/auth/reset-password",
  resetDevice: "/auth/reset-device",
} as const;

/** Always succeeds, whether or not the address is known. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiSend("POST", "/reset-password", { email, resetUrl: siteUrl(resetPaths.resetPassword) });
}

/** Sets the new password and starts a session; accounts with 2FA also send the code. */
export async function resetPassword(flowId: string, password: string, token?: string): Promise<void> {
  await apiSend("PUT", `/reset-password/${encodeURIComponent(flowId)}`, { password, ...(token && { token }) });
}

export async function requestDeviceReset(email: string): Promise<void> {
  await apiSend("POST", "/reset-device", { email, resetUrl: siteUrl(resetPaths.resetDevice), type: "totp" });
}

/** Removes the second factor after checking the password, and starts a session. */
export async function resetDevice(flowId: string, password: string): Promise<void> {
  await apiSend("PUT", `/reset-device/${encodeURIComponent(flowId)}`, { password, type: "totp" });
}

/** Opens the link sent to a new email address; the account uses that address from then on. */
export async function confirmEmailChange(linkId: string): Promise<void> {
  await apiSend("PUT", `/email-change/${encodeURIComponent(linkId)}`);
}

/** Loads the session a reset or an email confirmation just started, so the route guard sees it. */
export async function loadNewSession(queryClient: QueryClient): Promise<void> {
  clearPersonalQueries(queryClient);
  await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}
