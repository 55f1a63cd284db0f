import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "../../../test/json-response";
import { renderRoutes, stubFetch } from "../../../test/harness";
import { answerWith, sentTo } from "../../../test/member-api";
import { joinedLoginState } from "../../../shared/auth/login-notice";
import { JoinCompletePage } from "./join-complete-page";
import { JoinConfirmEmailIdPage } from "./join-confirm-email-id-page";
import { JoinSetupPage } from "./join-setup-page";

const routes = [
  { path: "/join/complete", Component: JoinCompletePage },
  { path: "/join/confirm-email", element: <h1>Check your inbox</h1> },
  { path: "/join/confirm-email/:id", Component: JoinConfirmEmailIdPage },
  { path: "/join/failed", element: <h1>Joining failed</h1> },
  { path: "/join/setup", Component: JoinSetupPage },
  { path: "/profile", element: <h1>Profile</h1> },
  { path: "/auth/login", element: <h1>Log in</h1> },
];

const flowId = "5b0f6a0e-3c1d-4e7a-9b2f-8a6c4d2e1f00";

describe("join flow pages", () => {
  stubFetch();
  it("completes the signup with the provider's id, then asks to check the inbox", async () => {
    answerWith((url) => (url.endsWith("/signup/complete") ? jsonResponse(204) : undefined));
    renderRoutes(routes, "/join/complete?redirect_flow_id=RE123");
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    expect(sentTo("/signup/complete")).toEqual([{ method: "POST", body: { paymentFlowId: "RE123" } }]);
  });

  it("goes to the failure page when completing fails or the id is missing", async () => {
    answerWith((url) => (url.endsWith("/signup/complete") ? jsonResponse(404, { code: "not-found" }) : undefined));
    renderRoutes(routes, "/join/complete?setup_intent=seti_1");
    expect(await screen.findByRole("heading", { name: "Joining failed" })).toBeInTheDocument();
  });

  it("confirms the email and moves on to the account set-up", async () => {
    answerWith((url) => (url.endsWith("/signup/confirm-email") ? jsonResponse(200, {}) : undefined));
    renderRoutes(routes, `/join/confirm-email/${flowId}`);
    expect(await screen.findByRole("heading", { name: "Set up your account" })).toBeInTheDocument();
    expect(sentTo("/signup/confirm-email")).toEqual([{ method: "POST", body: { joinFlowId: flowId } }]);
  });

  it("sends a join whose account logs in as usual to the login page, telling it the membership is active", async () => {
    answerWith((url) => (url.endsWith("/signup/confirm-email") ? jsonResponse(202) : undefined));
    const router = renderRoutes(routes, `/join/confirm-email/${flowId}`);
    expect(await screen.findByRole("heading", { name: "Log in" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(router.state.location.search).toBe("?next=%2Fjoin%2Fsetup");
    expect(router.state.location.state).toEqual(joinedLoginState);
  });

  it("asks people whose address is already a member to log in", async () => {
    answerWith((url) =>
      url.endsWith("/signup/confirm-email") ? jsonResponse(400, { code: "duplicate-email", message: "x" }) : undefined,
    );
    renderRoutes(routes, `/join/confirm-email/${flowId}`);
    expect(await screen.findByText(/already belongs to a member/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth/login");
  });

  it("explains a link that can't be used and sends a new one", async () => {
    answerWith((url) => {
      if (url.endsWith("/signup/confirm-email")) return jsonResponse(404, { code: "not-found", message: "x" });
      if (url.endsWith("/signup/confirm-email/resend")) return jsonResponse(204);
      return undefined;
    });
    renderRoutes(routes, `/join/confirm-email/${flowId}`);
    expect(await screen.findByText(/can't be used/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send me a new link" }));
    expect(await screen.findByText(/sent a new link/)).toBeInTheDocument();
    expect(sentTo("/signup/confirm-email/resend")).toEqual([{ method: "POST", body: { joinFlowId: flowId } }]);
  });

  it("treats a cut-short link like an unknown one, never as a form error", async () => {
    answerWith((url) => {
      if (url.endsWith("/signup/confirm-email")) return jsonResponse(400, { code: "invalid-request", message: "x" });
      if (url.endsWith("/signup/confirm-email/resend")) return jsonResponse(404, { code: "not-found", message: "x" });
      return undefined;
    });
    renderRoutes(routes, "/join/confirm-email/5b0f6a0e-3c1d");
    expect(await screen.findByText(/can't be used/)).toBeInTheDocument();
    expect(screen.queryByText(/fields above/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send me a new link" }));
    expect(await screen.findByText(/start joining again/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /start again/i })).toHaveAttribute("href", "/join");
  });

  it("saves names, password and newsletter choice, checking the password rule first", async () => {
    answerWith((url, method) =>
      url.endsWith("/contact/me") && method === "PATCH" ? jsonResponse(200, {}) : undefined,
    );
    renderRoutes(routes, "/join/setup");
    const first = await screen.findByLabelText("First name");
    await userEvent.clear(first);
    await userEvent.type(first, "Sam");
    const last = screen.getByLabelText("Last name");
    await userEvent.clear(last);
    await userEvent.type(last, "Reader");
    await userEvent.type(screen.getByLabelText("New password"), "password");
    await userEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByText(/needs a number, an uppercase and a lowercase letter/)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText("New password"));
    await userEvent.type(screen.getByLabelText("New password"), "Passw0rd!");
    await userEvent.type(screen.getByLabelText("Confirm password"), "Passw0rd?");
    await userEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByText("The passwords don't match")).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText("Confirm password"));
    await userEvent.type(screen.getByLabelText("Confirm password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("checkbox", { name: "Send me the newsletter" }));
    await userEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByRole("heading", { name: "Profile" })).toBeInTheDocument();
    expect(sentTo("/contact/me").filter((call) => call.method === "PATCH")).toEqual([
      {
        method: "PATCH",
        body: {
          firstname: "Sam",
          lastname: "Reader",
          password: "Passw0rd!",
          profile: { newsletterStatus: "subscribed" },
        },
      },
    ]);
  });
});
