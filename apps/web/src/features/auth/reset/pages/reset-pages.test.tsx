import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "../../../../test/json-response";
import { renderRoutes, stubFetch } from "../../../../test/harness";
import { answerWith, sentTo } from "../../../../test/member-api";
import { ForgotPasswordPage } from "./forgot-password-page";
import { LostDevicePage } from "./lost-device-page";
import { ResetDevicePage } from "./reset-device-page";
import { ResetPasswordPage, SetPasswordPage } from "./reset-password-page";

const flowId = "0d3e1c2b-5a6f-4b7c-8d9e-1f2a3b4c5d6e";
const routes = [
  { path: "/auth/forgot-password", Component: ForgotPasswordPage },
  { path: "/auth/lost-device", Component: LostDevicePage },
  { path: "/auth/reset-password/:id", Component: ResetPasswordPage },
  { path: "/auth/set-password/:id", Component: SetPasswordPage },
  { path: "/auth/reset-device/:id", Component: ResetDevicePage },
  { path: "/profile", element: <h1>Profile</h1> },
];

describe("password and device reset pages", () => {
  stubFetch();
  it("sends a reset link and says to check the inbox", async () => {
    answerWith((url) => (url.endsWith("/reset-password") ? jsonResponse(204) : undefined));
    renderRoutes(routes, "/auth/forgot-password");
    await userEvent.click(await screen.findByRole("button", { name: "Send link" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send link" }));
    expect(await screen.findByText(/If sam@example.com belongs to an account/)).toBeInTheDocument();
    expect(sentTo("/reset-password")).toEqual([
      {
        method: "POST",
        body: { email: "sam@example.com", resetUrl: `${window.location.origin}/auth/reset-password` },
      },
    ]);
  });

  it("asks for the 2FA code when the server needs it, then logs in", async () => {
    let attempts = 0;
    answerWith((url) => {
      if (!url.endsWith(`/reset-password/${flowId}`)) return undefined;
      attempts += 1;
      return attempts === 1 ? jsonResponse(400, { code: "mfa-token-required", message: "x" }) : jsonResponse(204);
    });
    renderRoutes(routes, `/auth/reset-password/${flowId}`);
    expect(await screen.findByRole("heading", { name: "Choose a new password" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("New password"), "Passw0rd!");
    await userEvent.type(screen.getByLabelText("Confirm password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Save password" }));
    // The code is the next step, not a mistake: said as information, with the field ready to type in.
    const code = await screen.findByLabelText("Verification code");
    expect(code).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Two-step verification is on for this account.");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.type(code, "123 456");
    await userEvent.click(screen.getByRole("button", { name: "Save password" }));
    expect(await screen.findByRole("heading", { name: "Profile" })).toBeInTheDocument();
    expect(sentTo(`/reset-password/${flowId}`)).toEqual([
      { method: "PUT", body: { password: "Passw0rd!" } },
      { method: "PUT", body: { password: "Passw0rd!", token: "123456" } },
    ]);
  });

  it("says when a reset link has expired", async () => {
    answerWith((url) => (url.includes("/reset-password/") ? jsonResponse(404, { code: "not-found" }) : undefined));
    renderRoutes(routes, `/auth/set-password/${flowId}`);
    expect(await screen.findByRole("heading", { name: "Set your password" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("New password"), "Passw0rd!");
    await userEvent.type(screen.getByLabelText("Confirm password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText("This link has expired or was already used.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/auth/forgot-password");
  });

  it("requests and completes a device reset", async () => {
    answerWith((url) => (url.includes("/reset-device") ? jsonResponse(204) : undefined));
    renderRoutes(routes, "/auth/lost-device");
    await userEvent.type(await screen.findByLabelText("Email"), "sam@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send link" }));
    expect(await screen.findByText(/If sam@example.com belongs to an account/)).toBeInTheDocument();
    expect(sentTo("/reset-device")[0]?.body).toEqual({
      email: "sam@example.com",
      resetUrl: `${window.location.origin}/auth/reset-device`,
      type: "totp",
    });
  });

  it("removes the lost device after checking the password", async () => {
    answerWith((url) => (url.endsWith(`/reset-device/${flowId}`) ? jsonResponse(204) : undefined));
    renderRoutes(routes, `/auth/reset-device/${flowId}`);
    await userEvent.type(await screen.findByLabelText("Password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Remove device" }));
    expect(await screen.findByRole("heading", { name: "Profile" })).toBeInTheDocument();
    expect(sentTo(`/reset-device/${flowId}`)).toEqual([
      { method: "PUT", body: { password: "Passw0rd!", type: "totp" } },
    ]);
  });
});
