import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Contact } from "@cohort/common/contacts";
import { contact, jsonResponse, requestUrl, superadminContact } from "../../../../test/json-response";
import { fetchMock, stubFetch, TestProviders } from "../../../../test/harness";
import { AddContactForm } from "./add-contact-form";
import { RolesEditor } from "./roles-editor";

/** The session is a contact with `roles`; every other read answers an empty list. */
function signedInAs(roles: string[]) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      requestUrl(input).includes("/contact/me") ? jsonResponse(200, contact(roles)) : jsonResponse(200, []),
    ),
  );
}

const superadmin = superadminContact();

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((option) => option.textContent);

describe("the roles an admin is offered", () => {
  stubFetch();

  it("leave out superadmin for a plain admin adding a contact", async () => {
    signedInAs(["admin", "member"]);
    render(
      <TestProviders>
        <AddContactForm onCreated={vi.fn()} onCancel={vi.fn()} />
      </TestProviders>,
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes("/contact/me"))).toBe(true),
    );
    for (let added = 0; added < 2; added++) {
      await userEvent.click(await screen.findByRole("button", { name: "Add role" }));
    }
    const pickers = screen.getAllByLabelText("Role");
    await waitFor(() => expect(optionNames(pickers[1]!)).toEqual(["Admin"]));
    expect(optionNames(pickers[0]!)).toEqual(["Member"]);
    expect(screen.queryByRole("button", { name: "Add role" })).not.toBeInTheDocument();
  });

  it("include superadmin for a superadmin", async () => {
    signedInAs(["superadmin", "admin"]);
    render(
      <TestProviders>
        <AddContactForm onCreated={vi.fn()} onCancel={vi.fn()} />
      </TestProviders>,
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes("/contact/me"))).toBe(true),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Add role" }));
    await waitFor(() => expect(optionNames(screen.getByLabelText("Role"))).toEqual(["Member", "Admin", "Superadmin"]));
  });

  /** Renders the roles card of `target` for someone signed in with `roles`, once the session has loaded. */
  async function editorFor(roles: string[], target: Contact) {
    signedInAs(roles);
    render(
      <TestProviders>
        <RolesEditor contact={target} />
      </TestProviders>,
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes("/contact/me"))).toBe(true),
    );
    await screen.findByText("Superadmin");
  }

  const member = { role: "member" as const, dateAdded: "2024-01-01T00:00:00.000Z", dateExpires: null };

  it("offer a plain admin no change at all to a superadmin, whose rights exceed theirs", async () => {
    await editorFor(["admin"], { ...superadmin, roles: [...superadmin.roles!, member] });
    expect(screen.getByText("Member")).toBeInTheDocument();
    expect(screen.getByText("Only a superadmin can change a superadmin's account.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add role" })).not.toBeInTheDocument();
    for (const role of ["Superadmin", "Member"]) {
      expect(screen.queryByRole("button", { name: `Change the dates of the role ${role}` })).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: `Remove the role ${role}` })).not.toBeInTheDocument();
    }
  });

  it("count a superadmin role that starts later, as the server does", async () => {
    const later = { role: "superadmin" as const, dateAdded: "2999-01-01T00:00:00.000Z", dateExpires: null };
    await editorFor(["admin"], { ...superadmin, activeRoles: ["member"], roles: [member, later] });
    expect(screen.queryByRole("button", { name: "Add role" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove the role Member" })).not.toBeInTheDocument();
  });

  it("let a superadmin change another superadmin's roles", async () => {
    await editorFor(["superadmin", "admin"], superadmin);
    expect(await screen.findByRole("button", { name: "Remove the role Superadmin" })).toBeInTheDocument();
    expect(screen.queryByText("Only a superadmin can change a superadmin's account.")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add role" }));
    await waitFor(() => expect(optionNames(screen.getByLabelText("Role"))).toEqual(["Member", "Admin"]));
  });

  it("offer a plain admin the roles they may give to a contact whose superadmin role has ended", async () => {
    const ended = {
      role: "superadmin" as const,
      dateAdded: "2020-01-01T00:00:00.000Z",
      dateExpires: "2021-01-01T00:00:00.000Z",
    };
    await editorFor(["admin"], { ...superadmin, activeRoles: [], roles: [ended] });
    expect(screen.queryByRole("button", { name: "Remove the role Superadmin" })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Add role" }));
    await waitFor(() => expect(optionNames(screen.getByLabelText("Role"))).toEqual(["Member", "Admin"]));
  });
});
