import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Contact } from "@cohort/common/contacts";
import { useSession } from "../../../../api/session";
import { contact, generalContent, jsonResponse, requestUrl, superadminContact } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { ContactContributionPage } from "../contact-contribution/contact-contribution-page";
import { ContactAccountPage } from "./contact-account-page";

const explanation = "Only a superadmin can change a superadmin's account.";

const boss = superadminContact();

const manual = { type: "Manual", amount: 5, period: "monthly", membershipStatus: "active" };
const noPayments = { items: [], total: 0, offset: 0, count: 0 };

/** Shows whose session has loaded, so a test knows the page has decided what to offer. */
function SessionProbe() {
  const session = useSession();
  return session ? <p>Signed in as {session.email}</p> : null;
}

/**
 * Opens `tab` of `target` for someone signed in as `user`, and waits for the
 * session. The contact has two-step login on and gives €5 a month by hand.
 */
async function openAs(user: object & { email: string }, target: Contact, tab: "account" | "contribution") {
  fetchMock.mockImplementation((input) => {
    const url = requestUrl(input);
    if (url.endsWith("/mfa")) return Promise.resolve(jsonResponse(200, { id: target.id, type: "totp" }));
    if (url.includes("/contact/me")) return Promise.resolve(jsonResponse(200, user));
    if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
    if (url.includes("/contribution")) return Promise.resolve(jsonResponse(200, manual));
    if (url.includes("/payment")) return Promise.resolve(jsonResponse(200, noPayments));
    return Promise.resolve(jsonResponse(200, []));
  });
  renderRoutes(
    [
      {
        path: "/admin/contacts/:id",
        Component: () => (
          <>
            <SessionProbe />
            <Outlet context={target} />
          </>
        ),
        children: [
          { path: "account", Component: ContactAccountPage },
          { path: "contribution", Component: ContactContributionPage },
        ],
      },
    ],
    `/admin/contacts/${target.id}/${tab}`,
  );
  await screen.findByText(`Signed in as ${user.email}`);
}

const controls = [
  "Save changes",
  "Send password reset link",
  "Set password",
  "Remove two-step verification",
  "Add role",
  "Delete contact",
];

describe("a contact whose rights exceed the user's", () => {
  stubFetch();

  it("is only shown to a plain admin, with a word on why, where the controls would be", async () => {
    await openAs(contact(["admin"]), boss, "account");
    expect(await screen.findByRole("heading", { name: "Roles" })).toBeInTheDocument();
    for (const name of controls) expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove the role Superadmin" })).not.toBeInTheDocument();
    // Once for the account, once in the roles card.
    expect(screen.getAllByText(explanation)).toHaveLength(2);
  });

  it("offers a plain admin no change to their contribution", async () => {
    await openAs(contact(["admin"]), boss, "contribution");
    expect(await screen.findByText(explanation)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save contribution" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel contribution" })).not.toBeInTheDocument();
  });

  it("keeps every control for a superadmin", async () => {
    await openAs({ ...contact(["superadmin", "admin"]), email: "chief@example.com" }, boss, "account");
    for (const name of controls) expect(await screen.findByRole("button", { name })).toBeInTheDocument();
    expect(screen.queryByText(explanation)).not.toBeInTheDocument();
  });

  it("keeps the controls of someone on their own page, whose superadmin role starts later", async () => {
    const later = { role: "superadmin" as const, dateAdded: "2999-01-01T00:00:00.000Z", dateExpires: null };
    const self = { ...boss, activeRoles: ["admin"], roles: [later] } as Contact;
    await openAs(self, self, "account");
    expect(await screen.findByRole("button", { name: "Delete contact" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save changes" })).toBeInTheDocument();
    expect(screen.queryByText(explanation)).not.toBeInTheDocument();
  });

  it("asks an admin changing their own address for their password and code, and sends them", async () => {
    const self = { ...contact(), activeRoles: ["admin"] } as Contact;
    await openAs(self, self, "account");
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    const email = await screen.findByLabelText("Email");
    await userEvent.clear(email);
    await userEvent.type(email, "moved@example.org");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Please enter your current password.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Current password"), "Admin-pass-1");
    await userEvent.type(screen.getByLabelText("Code from the app"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => {
      const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
      expect(JSON.parse(patch?.[1]?.body as string)).toMatchObject({
        email: "moved@example.org",
        currentPassword: "Admin-pass-1",
        token: "123456",
      });
    });
  });
});
