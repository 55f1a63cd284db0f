import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Contact } from "@cohort/common/contacts";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { AccountSecurityCard } from "./account-security-card";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";

const target: Contact = {
  id: "0f8c1a4e-3b7d-4e8a-9c2f-5d6b7a8e9f01",
  email: "lee@example.org",
  firstname: "Lee",
  lastname: "Park",
  joined: "2024-01-01T00:00:00.000Z",
  activeRoles: ["superadmin"],
};

const calls = (method: string, suffix: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? "GET") === method && requestUrl(input).endsWith(suffix),
  );

function renderCard() {
  renderRoutes([{ path: "/", element: <AccountSecurityCard contact={target} /> }], "/");
}

describe("AccountSecurityCard", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((input, init) => {
      const url = requestUrl(input);
      const method = init?.method ?? "GET";
      if (url.endsWith("/mfa") && method === "GET") {
        return Promise.resolve(jsonResponse(200, { id: "7d2f1c3e-1b2a-4c5d-8e9f-0a1b2c3d4e5f", type: "totp" }));
      }
      if (url.endsWith("/mfa") && method === "DELETE") {
        return Promise.resolve(jsonResponse(403, { code: "forbidden", message: "You don't have access to that." }));
      }
      if (url.endsWith("/reset-password")) return Promise.resolve(new Response(null, { status: 204 }));
      return Promise.resolve(jsonResponse(404, { code: "not-found" }));
    });
  });
  it("asks before removing two-step verification and shows the server's refusal", async () => {
    renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Remove two-step verification" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Remove two-step verification for Lee Park?");
    expect(calls("DELETE", "/mfa")).toHaveLength(0);
    const buttons = screen.getAllByRole("button", { name: "Remove two-step verification" });
    await userEvent.click(buttons.at(-1)!);
    expect(await screen.findByText("You don't have access to that.")).toBeInTheDocument();
    expect(calls("DELETE", `/contact/${target.id}/mfa`)).toHaveLength(1);
  });

  it("sends a reset link to the contact's address once confirmed", async () => {
    renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Send password reset link" }));
    expect(await screen.findByRole("dialog")).toHaveTextContent("lee@example.org");
    await userEvent.click(screen.getByRole("button", { name: "Send link" }));
    await vi.waitFor(() => expect(calls("POST", "/reset-password")).toHaveLength(1));
    const body = JSON.parse(calls("POST", "/reset-password")[0]?.[1]?.body as string) as { email: string };
    expect(body.email).toBe("lee@example.org");
  });

  it("checks a password set for the contact before sending it", async () => {
    renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Set password" }));
    await screen.findByRole("dialog");
    await userEvent.type(screen.getByLabelText("New password"), "short");
    await userEvent.click(screen.getAllByRole("button", { name: "Set password" }).at(-1)!);
    expect(await screen.findByText(/at least 8 characters/)).toBeInTheDocument();
    expect(calls("PATCH", `/contact/${target.id}`)).toHaveLength(0);
  });
});
