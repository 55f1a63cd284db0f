import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Contact } from "@cohort/common/contacts";
import { contact, jsonResponse, requestUrl } from "../../../../test/json-response";
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

const superadmin: Contact = {
  ...contact(["superadmin", "admin"]),
  id: "0d5e7a52-3f0f-4c1f-9a57-5b8f8f0b6c21",
  email: "boss@example.com",
  roles: [{ role: "superadmin", dateAdded: "2024-01-01T00:00:00.000Z", dateExpires: null }],
} as Contact;

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

  it("leave a superadmin's role alone for a plain admin, and offer only the roles they may give", async () => {
    signedInAs(["admin"]);
    render(
      <TestProviders>
        <RolesEditor contact={superadmin} />
      </TestProviders>,
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes("/contact/me"))).toBe(true),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Add role" }));
    await waitFor(() => expect(optionNames(screen.getByLabelText("Role"))).toEqual(["Member", "Admin"]));
    expect(screen.queryByRole("button", { name: "Change the dates of the role Superadmin" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove the role Superadmin" })).not.toBeInTheDocument();
  });
});
