import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ACCOUNT_LOCK_MINUTES } from "@cohort/common/auth";
import { contact, jsonResponse, requestUrl } from "../../../test/json-response";
import { joinedLoginState } from "../../../shared/auth/login-notice";
import { LoginPage } from "./login-page";
import { fetchMock, renderRoutes, stubFetch } from "../../../test/harness";

function renderLogin(path = "/auth/login?next=%2Fadmin") {
  return renderRoutes(
    [
      { path: "/auth/login", Component: LoginPage },
      { path: "/admin", element: <h1>Admin home</h1> },
      { path: "/", element: <h1>Home</h1> },
    ],
    path,
  );
}

function loginBodies(): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input).endsWith("/auth/login"))
    .map(([, init]) => (typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined));
}

describe("LoginPage", () => {
  stubFetch();

  it("shows field errors without calling the server", async () => {
    renderLogin();
    await userEvent.click(await screen.findByRole("button", { name: "Log in" }));
    // Only a confirmed join that did not log in says the membership is active.
    expect(screen.queryByText(/Your membership is active/)).not.toBeInTheDocument();
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(loginBodies()).toEqual([]);
  });

  it("says the membership is active after a join whose account logs in as usual, then goes on", async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(requestUrl(input).endsWith("/auth/login") ? jsonResponse(204) : jsonResponse(404, {})),
    );
    const router = renderRoutes(
      [
        { path: "/", element: <h1>Home</h1> },
        { path: "/auth/login", Component: LoginPage },
        { path: "/join/setup", element: <h1>Set up your account</h1> },
      ],
      "/",
    );
    await router.navigate("/auth/login?next=%2Fjoin%2Fsetup", { state: joinedLoginState });
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Your membership is active. Log in to your account to continue.",
    );
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("heading", { name: "Set up your account" })).toBeInTheDocument();
  });

  it("shows the login-failed message", async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).endsWith("/auth/login")
          ? jsonResponse(401, { code: "login-failed", message: "Nope" })
          : jsonResponse(404, {}),
      ),
    );
    renderLogin();
    await userEvent.type(await screen.findByLabelText("Email"), "sam@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid password/email combination");
  });

  it("says when a locked account opens again", async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).endsWith("/auth/login")
          ? jsonResponse(401, { code: "account-locked", message: "Locked" })
          : jsonResponse(404, {}),
      ),
    );
    renderLogin();
    await userEvent.type(await screen.findByLabelText("Email"), "sam@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`try again in ${ACCOUNT_LOCK_MINUTES} minutes or reset your password`);
  });

  it("asks for the code when 2FA is on, then goes to the next page", async () => {
    let attempts = 0;
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.endsWith("/auth/login")) {
        attempts += 1;
        return Promise.resolve(
          attempts === 1 ? jsonResponse(401, { code: "requires-2fa", message: "Token needed" }) : jsonResponse(204),
        );
      }
      if (url.includes("/contact/me")) return Promise.resolve(jsonResponse(200, contact(["member", "admin"])));
      return Promise.resolve(jsonResponse(404, {}));
    });
    const router = renderLogin();

    await userEvent.type(await screen.findByLabelText("Email"), "Sam@Example.com ");
    await userEvent.type(screen.getByLabelText("Password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));

    const code = await screen.findByLabelText("Verification code");
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(screen.getByRole("status")).toHaveTextContent("Two-step verification is on for this account.");

    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Code is required")).toBeInTheDocument();

    await userEvent.type(code, "123 456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByRole("heading", { name: "Admin home" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin");
    expect(loginBodies()).toEqual([
      { email: "sam@example.com", password: "Passw0rd!" },
      { email: "sam@example.com", password: "Passw0rd!", token: "123456" },
    ]);
  });

  it("clears a refused code, but keeps one typed while the refused one was being checked", async () => {
    let answerFirst: (response: Response) => void = () => undefined;
    let attempts = 0;
    fetchMock.mockImplementation((input) => {
      if (!requestUrl(input).endsWith("/auth/login")) return Promise.resolve(jsonResponse(404, {}));
      attempts += 1;
      if (attempts === 1) return Promise.resolve(jsonResponse(401, { code: "requires-2fa", message: "Token needed" }));
      const refused = jsonResponse(401, { code: "invalid-token", message: "Invalid token" });
      if (attempts === 2) return new Promise<Response>((resolve) => (answerFirst = resolve));
      return Promise.resolve(refused);
    });
    renderLogin();
    await userEvent.type(await screen.findByLabelText("Email"), "sam@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));

    const code = await screen.findByLabelText("Verification code");
    await userEvent.type(code, "111111");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    // While the first code is checked, the right one is typed over it.
    await userEvent.clear(code);
    await userEvent.type(code, "222222");
    answerFirst(jsonResponse(401, { code: "invalid-token", message: "Invalid token" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That code is not right.");
    expect(code).toHaveValue("222222");

    // A code refused with nothing typed since is cleared for the next one.
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await vi.waitFor(() => expect(code).toHaveValue(""));
    expect(loginBodies().slice(1)).toEqual([
      { email: "sam@example.com", password: "Passw0rd!", token: "111111" },
      { email: "sam@example.com", password: "Passw0rd!", token: "222222" },
    ]);
  });

  it("says that a code was just used and to wait for the next one", async () => {
    let attempts = 0;
    fetchMock.mockImplementation((input) => {
      if (!requestUrl(input).endsWith("/auth/login")) return Promise.resolve(jsonResponse(404, {}));
      attempts += 1;
      if (attempts === 1) return Promise.resolve(jsonResponse(401, { code: "requires-2fa", message: "Token needed" }));
      return Promise.resolve(jsonResponse(401, { code: "token-already-used", message: "Used" }));
    });
    renderLogin();
    await userEvent.type(await screen.findByLabelText("Email"), "sam@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    await userEvent.type(await screen.findByLabelText("Verification code"), "111111");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This code was just used. Wait for the next code");
  });

  it("ignores a next page on another site", async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(requestUrl(input).includes("/contact/me") ? jsonResponse(200, contact()) : jsonResponse(204)),
    );
    const router = renderLogin("/auth/login?next=%2F%2Fevil.example");
    await userEvent.type(await screen.findByLabelText("Email"), "sam@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("offers a way to join", async () => {
    renderLogin();
    expect(await screen.findByRole("link", { name: "Join now" })).toHaveAttribute("href", "/join");
  });
});
