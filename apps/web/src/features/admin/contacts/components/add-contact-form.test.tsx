import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createContactSchema } from "@cohort/common/contacts";
import { contact, jsonResponse, requestUrl } from "../../../../test/json-response";
import { AddContactForm } from "./add-contact-form";
import { fetchMock, stubFetch, TestProviders } from "../../../../test/harness";

/** Answers the contact POST with `response`; the tag list the form loads is empty. */
function answerWith(response: Response) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(requestUrl(input).includes("/contact-tags") ? jsonResponse(200, []) : response.clone()),
  );
}

function renderForm() {
  const onCreated = vi.fn();
  render(
    <TestProviders>
      <AddContactForm onCreated={onCreated} onCancel={vi.fn()} />
    </TestProviders>,
  );
  return onCreated;
}

function sentBodies(): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => requestUrl(input).endsWith("/contact") && init?.method === "POST")
    .map(([, init]) => (typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined));
}

async function fillBasics() {
  await userEvent.type(screen.getByLabelText("First name"), "Sam");
  await userEvent.type(screen.getByLabelText("Last name"), "Reader");
  await userEvent.type(screen.getByLabelText("Email"), "sam@example.com");
}

describe("AddContactForm", () => {
  stubFetch();

  it("explains each missing field without calling the server", async () => {
    renderForm();
    await userEvent.click(screen.getByLabelText("Send printed items by post"));
    await userEvent.click(screen.getByRole("button", { name: "Add contact" }));
    for (const message of [
      "First name is required",
      "Last name is required",
      "Email is required",
      "Address line 1 is required",
      "City/Town is required",
      "Postcode is required",
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText("First name")).toHaveFocus();
    expect(sentBodies()).toEqual([]);
  });

  it("puts the duplicate email message under the email field", async () => {
    answerWith(
      jsonResponse(400, { httpCode: 400, name: "BadRequestError", code: "duplicate-email", message: "Taken" }),
    );
    renderForm();
    await fillBasics();
    await userEvent.click(screen.getByRole("button", { name: "Add contact" }));
    expect(await screen.findByText("Email address already exists")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
  });

  it("shows the server's field errors by their path", async () => {
    answerWith(
      jsonResponse(400, {
        httpCode: 400,
        name: "BadRequestError",
        code: "invalid-request",
        message: "Invalid body",
        errors: [
          {
            property: "profile.deliveryAddress.city",
            // The key decides the text shown, whatever the English says.
            constraints: { too_small: "Too small: expected string to have >=1 characters" },
            children: [],
            key: "validation.cityRequired",
          },
        ],
      }),
    );
    renderForm();
    await fillBasics();
    await userEvent.type(screen.getByLabelText("Address line 1"), "1 Mill Road");
    await userEvent.type(screen.getByLabelText("City/Town"), "Leeds");
    await userEvent.type(screen.getByLabelText("Postcode"), "LS1 1AA");
    await userEvent.click(screen.getByRole("button", { name: "Add contact" }));
    expect(await screen.findByText("City/Town is required")).toBeInTheDocument();
    expect(screen.getByLabelText("City/Town")).toHaveAttribute("aria-invalid", "true");
    expect(sentBodies()).toHaveLength(1);
  });

  it("sends the contact with a role and hands back what the server made", async () => {
    const created = contact(["member"]);
    answerWith(jsonResponse(200, created));
    const onCreated = renderForm();
    await fillBasics();
    await userEvent.type(screen.getByLabelText("Telephone"), "+44 20 7946 0000");
    await userEvent.click(screen.getByRole("button", { name: "Add role" }));
    await userEvent.click(screen.getByRole("button", { name: "Add contact" }));

    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: created.id })));
    const [body] = sentBodies();
    expect(body).toMatchObject({
      email: "sam@example.com",
      firstname: "Sam",
      lastname: "Reader",
      profile: { telephone: "+44 20 7946 0000", deliveryOptIn: false, deliveryAddress: null, newsletterStatus: "none" },
      roles: [{ role: "member", dateExpires: null }],
    });
    expect(body).not.toHaveProperty("password");
    expect(createContactSchema.safeParse(body).success).toBe(true);
  });
});
