import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { CalloutNotifications } from "@cohort/common/callouts";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, stubFetch, TestProviders } from "../../../../test/harness";
import { admin, calloutId, reviewer } from "../../../../test/inbox-fixtures";
import { NotificationsCard } from "./notifications-card";

const person = (contact: typeof admin) => ({
  contactId: contact.id,
  email: contact.email,
  firstname: contact.firstname,
  lastname: contact.lastname,
});
const settings: CalloutNotifications = {
  recipients: [{ ...person(admin), eachResponse: true, thresholds: false, dailyDigest: false }],
  thresholds: [],
  candidates: [person(admin), { ...person(reviewer), email: "rex@example.org" }],
};

function sentBodies(): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === "PUT")
    .map(([, init]) => (typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined));
}

describe("NotificationsCard", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).endsWith(`/callout/${calloutId}/notifications`)
          ? jsonResponse(200, settings)
          : jsonResponse(404),
      ),
    );
  });

  it("offers a daily digest beside every response and count alerts, and saves each person's choices", async () => {
    render(
      <TestProviders>
        <NotificationsCard calloutId={calloutId} />
      </TestProviders>,
    );
    expect(await screen.findByRole("columnheader", { name: "Daily digest" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Email Ada Editor about every response" })).toBeChecked();
    await userEvent.click(screen.getByRole("checkbox", { name: "Email Rex Editor a daily digest of new responses" }));
    await userEvent.click(screen.getByRole("button", { name: "Save notifications" }));
    await screen.findByRole("status");
    expect(sentBodies()).toEqual([
      {
        recipients: [
          { contactId: admin.id, eachResponse: true, dailyDigest: false, thresholds: false },
          { contactId: reviewer.id, eachResponse: false, dailyDigest: true, thresholds: false },
        ],
        thresholds: [],
      },
    ]);
  });
});
