import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { OutboxEmail } from "@cohort/common/emails";
import { generalContent, jsonResponse, requestUrl } from "../../../../test/json-response";
import { EmailsPage } from "./emails-page";
import { OutboxEmailPage } from "./outbox-email-page";
import { OutboxPage } from "./outbox-page";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";

const sent: OutboxEmail = {
  id: "3c0b8a52-6f7e-4b0e-9a51-0d7f3f1c2a10",
  templateId: "confirm-email",
  to: { email: "noor@example.org", name: "Noor Haddad" },
  subject: "Please confirm your email address",
  createdAt: "2026-03-02T09:15:00.000Z",
  sentAt: "2026-03-02T09:15:02.000Z",
  attempts: 1,
  lastError: null,
  status: "sent",
};
const retrying: OutboxEmail = {
  ...sent,
  id: "8d7e6f5a-4b3c-4d2e-8f1a-0b9c8d7e6f5a",
  templateId: "new-member",
  to: { email: "desk@example.org", name: "" },
  subject: "New member: Noor Haddad",
  sentAt: null,
  lastError: "451 Mailbox busy",
  status: "retrying",
};

/** The offset of each outbox list request the page made. */
function listOffsets(): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), "http://localhost"))
    .filter((url) => url.pathname.endsWith("/email-outbox"))
    .map((url) => url.searchParams.get("offset") ?? "");
}

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: "/admin/emails", Component: EmailsPage, children: [{ index: true, Component: OutboxPage }] },
      { path: "/admin/emails/outbox/:id", Component: OutboxEmailPage },
    ],
    path,
  );
}

describe("the outbox", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
      if (url.includes(`/email-outbox/${retrying.id}`)) {
        return Promise.resolve(
          jsonResponse(200, {
            ...retrying,
            contactId: null,
            textBody: "Noor Haddad has just joined Riverside Gazette.\n\nContact id: 42",
            htmlBody: "<p>…</p>",
            mergeFields: { MEMBERNAME: "Noor Haddad" },
          }),
        );
      }
      return Promise.resolve(jsonResponse(200, { items: [sent, retrying], total: 30, offset: 0, count: 2 }));
    });
  });

  it("lists who each email went to, its subject, template and status, a page at a time", async () => {
    const router = renderAt("/admin/emails");
    const table = await screen.findByRole("table", { name: "Emails, newest first" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText("noor@example.org")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Noor Haddad")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Confirm email address")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Sent")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("New member (to your team)")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Retrying")).toBeInTheDocument();
    expect(screen.getByText("1–2 of 30")).toBeInTheDocument();
    expect(listOffsets()).toEqual(["0"]);

    await userEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(router.state.location.search).toBe("?page=2");
    expect(listOffsets()).toContain("25");
  });

  it("opens an email to show its text and why it is not sent yet", async () => {
    const router = renderAt("/admin/emails");
    await userEvent.click(await screen.findByRole("link", { name: "New member: Noor Haddad" }));
    expect(router.state.location.pathname).toBe(`/admin/emails/outbox/${retrying.id}`);
    expect(await screen.findByRole("heading", { name: "New member: Noor Haddad" })).toBeInTheDocument();
    expect(screen.getByText("451 Mailbox busy")).toBeInTheDocument();
    expect(screen.getByText(/has just joined Riverside Gazette/)).toHaveTextContent("Contact id: 42");
  });

  it("says when nothing has been written yet", async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).includes("/email-outbox")
          ? jsonResponse(200, { items: [], total: 0, offset: 0, count: 0 })
          : jsonResponse(200, generalContent),
      ),
    );
    renderAt("/admin/emails");
    expect(await screen.findByText("No emails yet")).toBeInTheDocument();
  });

  it("explains that emails are only kept when no mail server is set up", async () => {
    const stored = { ...retrying, status: "stored", attempts: 0, lastError: null };
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).includes("/email-outbox")
          ? jsonResponse(200, { items: [stored], total: 1, offset: 0, count: 1 })
          : jsonResponse(200, generalContent),
      ),
    );
    renderAt("/admin/emails");
    expect(await screen.findByText(/No mail server is set up \(SMTP_URL\)/)).toBeInTheDocument();
    expect(screen.getByText("Not sent")).toBeInTheDocument();
  });
});
