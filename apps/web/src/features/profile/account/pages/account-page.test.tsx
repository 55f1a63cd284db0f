import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultJoinSetupContent } from "@cohort/common/content";
import { notifications } from "../../../../app/notifications/notification-store";
import { contact, jsonResponse } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { answerWith, sentTo } from "../../../../test/member-api";
import { AccountPage } from "./account-page";

const routes = [{ path: "/profile/account", Component: AccountPage }];

const profile = {
  telephone: "",
  twitter: "",
  preferredContact: "",
  deliveryOptIn: false,
  deliveryAddress: null,
  newsletterStatus: "subscribed",
  newsletterGroups: ["weekly"],
};

interface ServeOptions {
  mfa?: boolean;
  patch?: (body: Record<string, unknown>) => Response;
  mfaAnswer?: () => Response;
  sessions?: () => Response;
}

const FIREFOX_SESSION = {
  id: "6f1c1f5e-2d4b-4c55-9a55-0b4f7e1d2a01",
  browser: "Firefox",
  system: "Windows",
  address: "203.0.113.7",
  createdAt: "2026-11-20T09:00:00.000Z",
  lastUsedAt: "2026-11-27T18:30:00.000Z",
  current: false,
};
const THIS_SESSION = {
  ...FIREFOX_SESSION,
  id: "6f1c1f5e-2d4b-4c55-9a55-0b4f7e1d2a02",
  browser: "Chrome",
  system: "Linux",
  address: "198.51.100.20",
  current: true,
};

function serve({ mfa = false, patch, mfaAnswer, sessions }: ServeOptions = {}) {
  answerWith((url, method) => {
    const path = url.split("?")[0] ?? "";
    if (path.includes("/contact/me/session")) {
      if (method === "DELETE" && path.endsWith("/session")) return jsonResponse(200, { ended: 1 });
      if (method === "DELETE") return new Response(null, { status: 204 });
      return sessions ? sessions() : jsonResponse(200, [THIS_SESSION]);
    }
    if (path.endsWith("/content/join/setup")) {
      return jsonResponse(200, {
        ...defaultJoinSetupContent,
        showNewsletterOptIn: true,
        newsletterGroups: [
          { id: "weekly", label: "Weekly digest", checked: false },
          { id: "events", label: "Events", checked: false },
        ],
      });
    }
    if (path.endsWith("/contact/me/mfa")) {
      if (method === "GET") {
        return mfa ? jsonResponse(200, { id: crypto.randomUUID(), type: "totp" }) : new Response(null, { status: 204 });
      }
      return mfaAnswer ? mfaAnswer() : new Response(null, { status: 201 });
    }
    if (path.endsWith("/contact/me") && method === "GET") return jsonResponse(200, { ...contact(), profile });
    if (path.endsWith("/contact/me") && method === "PATCH") {
      const body = JSON.parse(fetchMock.mock.calls.at(-1)?.[1]?.body as string) as Record<string, unknown>;
      const saved = { ...contact(), ...body, profile: { ...profile, ...(body.profile as object) } };
      return patch ? patch(body) : jsonResponse(200, saved);
    }
    return undefined;
  });
}

const patches = () => sentTo("/contact/me").filter((call) => call.method === "PATCH");

describe("AccountPage", () => {
  stubFetch();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("saves the name with the newsletter groups as the member left them", async () => {
    const addToast = vi.spyOn(notifications, "addToast");
    serve();
    renderRoutes(routes, "/profile/account");
    const first = await screen.findByLabelText("First name");
    await userEvent.clear(first);
    await userEvent.type(first, "Samira");
    expect(screen.getByLabelText("Weekly digest")).toBeChecked();
    await userEvent.click(screen.getByLabelText("Events"));
    await userEvent.click(screen.getByRole("button", { name: "Save details" }));
    await vi.waitFor(() =>
      expect(addToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Your details were saved." })),
    );
    expect(patches()[0]?.body).toEqual({
      firstname: "Samira",
      lastname: "Reader",
      profile: { newsletterStatus: "subscribed", newsletterGroups: ["weekly", "events"] },
    });
  });

  it("says a link was sent for a new email address, and shows a taken one on the field", async () => {
    let taken = true;
    serve({
      patch: () =>
        taken ? jsonResponse(400, { code: "duplicate-email", message: "taken" }) : jsonResponse(200, contact()),
    });
    renderRoutes(routes, "/profile/account");
    const form = within(await screen.findByRole("form", { name: "Email address" }));
    const field = form.getByLabelText("New email address");
    await userEvent.click(form.getByRole("button", { name: "Change email address" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    await userEvent.type(field, "new@example.com");
    await userEvent.click(form.getByRole("button", { name: "Change email address" }));
    // The current password is asked before anything is sent.
    expect(await form.findByText("Please enter your current password.")).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
    await userEvent.type(form.getByLabelText("Current password"), "Old-pass-1");
    await userEvent.click(form.getByRole("button", { name: "Change email address" }));
    expect(await screen.findByText("Email address already exists")).toBeInTheDocument();
    taken = false;
    await userEvent.click(form.getByRole("button", { name: "Change email address" }));
    expect(await screen.findByText(/we sent a link to new@example\.com/)).toBeInTheDocument();
    expect(patches().at(-1)?.body).toEqual({ email: "new@example.com", currentPassword: "Old-pass-1" });
    expect(form.getByLabelText("Current password")).toHaveValue("");
  });

  it("asks for the code too when two-step verification is on, and shows a wrong password or code on its field", async () => {
    let answer = jsonResponse(400, { code: "wrong-password", message: "wrong", httpCode: 400 });
    serve({ mfa: true, patch: () => answer });
    renderRoutes(routes, "/profile/account");
    const form = within(await screen.findByRole("form", { name: "Email address" }));
    await userEvent.type(form.getByLabelText("New email address"), "new@example.com");
    await userEvent.type(form.getByLabelText("Current password"), "Old-pass-1");
    await userEvent.click(form.getByRole("button", { name: "Change email address" }));
    expect(await form.findByText("Code is required")).toBeInTheDocument();
    await userEvent.type(form.getByLabelText("Code from the app"), "123456");
    await userEvent.click(form.getByRole("button", { name: "Change email address" }));
    expect(await form.findByText("The current password is not correct.")).toBeInTheDocument();
    answer = jsonResponse(400, { code: "invalid-token", message: "Invalid 2FA token", httpCode: 400 });
    await userEvent.clear(form.getByLabelText("Code from the app"));
    await userEvent.type(form.getByLabelText("Code from the app"), "654321");
    await userEvent.click(form.getByRole("button", { name: "Change email address" }));
    expect(
      await form.findByText("That code is not right. Enter the current code from your authenticator app."),
    ).toBeInTheDocument();
    expect(patches().map((patch) => patch.body)).toEqual([
      { email: "new@example.com", currentPassword: "Old-pass-1", token: "123456" },
      { email: "new@example.com", currentPassword: "Old-pass-1", token: "654321" },
    ]);
  });

  it("asks for the current password and shows a wrong one on its field", async () => {
    serve({
      patch: () => jsonResponse(400, { code: "wrong-password", message: "wrong", httpCode: 400 }),
    });
    renderRoutes(routes, "/profile/account");
    const form = within(await screen.findByRole("form", { name: "Password" }));
    await userEvent.type(form.getByLabelText("New password"), "Better-pass-1");
    await userEvent.type(form.getByLabelText("Confirm password"), "Better-pass-1");
    await userEvent.click(form.getByRole("button", { name: "Change password" }));
    expect(await form.findByText("Please enter your current password.")).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
    await userEvent.type(form.getByLabelText("Current password"), "Old-pass-1");
    await userEvent.click(form.getByRole("button", { name: "Change password" }));
    expect(await form.findByText("The current password is not correct.")).toBeInTheDocument();
    expect(patches()[0]?.body).toEqual({ password: "Better-pass-1", currentPassword: "Old-pass-1" });
  });

  it("turns two-step verification on with the shown secret and a first code", async () => {
    const addToast = vi.spyOn(notifications, "addToast");
    serve();
    renderRoutes(routes, "/profile/account");
    await userEvent.click(await screen.findByRole("button", { name: "Turn on" }));
    const secret = (await screen.findByTestId("totp-secret")).dataset.secret ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await screen.findByAltText("QR code for your authenticator app")).toHaveAttribute(
      "src",
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await userEvent.click(screen.getByRole("button", { name: "Confirm and turn on" }));
    expect(await screen.findByText("Code is required")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Code from the app"), "123 456");
    await userEvent.click(screen.getByRole("button", { name: "Confirm and turn on" }));
    await vi.waitFor(() =>
      expect(addToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Two-step verification is now on." })),
    );
    expect(sentTo("/contact/me/mfa").find((call) => call.method === "POST")?.body).toEqual({
      secret,
      token: "123456",
      type: "totp",
    });
  });

  it("shows a wrong code on the field and any other failure as the spec's message", async () => {
    let answer = jsonResponse(400, { code: "invalid-token", message: "Invalid 2FA token" });
    serve({ mfa: true, mfaAnswer: () => answer });
    renderRoutes(routes, "/profile/account");
    expect(await screen.findByText("Two-step verification is on.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Turn off" }));
    const form = screen.getByRole("button", { name: "Cancel" }).closest("form")!;
    await userEvent.click(within(form).getByRole("button", { name: "Turn off" }));
    expect(await within(form).findByText("Please enter your current password.")).toBeInTheDocument();
    expect(within(form).getByText("Code is required")).toBeInTheDocument();
    expect(sentTo("/contact/me/mfa").filter((call) => call.method === "DELETE")).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText("Current password"), "Old-pass-1");
    await userEvent.type(within(form).getByLabelText("Code from the app"), "000000");
    await userEvent.click(within(form).getByRole("button", { name: "Turn off" }));
    expect(
      await screen.findByText("That code is not right. Enter the current code from your authenticator app."),
    ).toBeInTheDocument();
    answer = new Response("boom", { status: 502 });
    await userEvent.type(within(form).getByLabelText("Code from the app"), "111111");
    await userEvent.click(within(form).getByRole("button", { name: "Turn off" }));
    expect(
      await screen.findByText("Two-step verification could not be turned off. Please try again."),
    ).toBeInTheDocument();
    expect(sentTo("/contact/me/mfa").filter((call) => call.method === "DELETE")[0]?.body).toEqual({
      type: "totp",
      currentPassword: "Old-pass-1",
      token: "000000",
    });
  });

  it("lists where the member is logged in, ends one other session, and all others after asking", async () => {
    let listed = [THIS_SESSION, FIREFOX_SESSION];
    serve({ sessions: () => jsonResponse(200, listed) });
    renderRoutes(routes, "/profile/account");
    const list = await screen.findByTestId("session-list");
    expect(within(list).getByText("Firefox on Windows")).toBeInTheDocument();
    expect(within(list).getByText("This browser")).toBeInTheDocument();
    expect(within(list).getByText(/203\.0\.113\.7/)).toBeInTheDocument();
    // Only other sessions have an End button.
    expect(within(list).getAllByRole("button")).toHaveLength(1);
    listed = [THIS_SESSION];
    await userEvent.click(within(list).getByRole("button", { name: "End the session of Firefox on Windows" }));
    expect(await screen.findByText("You are logged in only in this browser.")).toBeInTheDocument();
    expect(sentTo(`/contact/me/session/${FIREFOX_SESSION.id}`).map((call) => call.method)).toEqual(["DELETE"]);
  });

  it("shows when the sessions cannot be loaded, tries again, and ends all others only after asking", async () => {
    let failing = true;
    serve({
      sessions: () =>
        failing ? new Response("boom", { status: 502 }) : jsonResponse(200, [THIS_SESSION, FIREFOX_SESSION]),
    });
    renderRoutes(routes, "/profile/account");
    const alert = await screen.findByText("Your sessions could not be loaded.");
    failing = false;
    await userEvent.click(within(alert.closest("[role=alert], div")!).getByRole("button", { name: "Try again" }));
    await userEvent.click(await screen.findByRole("button", { name: "End all other sessions" }));
    const dialog = await screen.findByRole("dialog");
    expect(sentTo("/contact/me/session").filter((call) => call.method === "DELETE")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "End all other sessions" }));
    await vi.waitFor(() =>
      expect(sentTo("/contact/me/session").filter((call) => call.method === "DELETE")).toHaveLength(1),
    );
  });

  it("offers the member's data as a zip of CSV files and as JSON", async () => {
    serve();
    renderRoutes(routes, "/profile/account");
    expect(await screen.findByRole("link", { name: /zip of CSV files/ })).toHaveAttribute(
      "href",
      "/api/1.0/contact/me/export?format=zip",
    );
    expect(screen.getByRole("link", { name: /JSON/ })).toHaveAttribute(
      "href",
      "/api/1.0/contact/me/export?format=json",
    );
  });
});
