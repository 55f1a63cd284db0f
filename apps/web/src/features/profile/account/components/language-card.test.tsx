import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Contact } from "@cohort/common/contacts";
import { notifications } from "../../../../app/notifications/notification-store";
import { contact, jsonResponse } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { answerWith, sentTo } from "../../../../test/member-api";
import { LanguageCard } from "./language-card";

const member: Contact = { ...contact(), activeRoles: ["member"], locale: "de" };

function Page() {
  return <LanguageCard contact={member} />;
}

describe("LanguageCard", () => {
  stubFetch();
  beforeEach(() => {
    answerWith((url, method) => {
      if (url.split("?")[0]?.endsWith("/contact/me") && method === "PATCH") {
        const body = JSON.parse(fetchMock.mock.calls.at(-1)?.[1]?.body as string) as Record<string, unknown>;
        return jsonResponse(200, { ...contact(), ...(body.locale ? { locale: body.locale } : {}) });
      }
      return undefined;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the stored language and saves a new one, or the organisation's", async () => {
    const addToast = vi.spyOn(notifications, "addToast");
    renderRoutes([{ path: "/profile/account", Component: Page }], "/profile/account");
    const select = await screen.findByLabelText("Email language");
    expect(select).toHaveValue("de");
    await userEvent.selectOptions(select, "it");
    await userEvent.click(screen.getByRole("button", { name: "Save language" }));
    await vi.waitFor(() =>
      expect(addToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Your language has been saved." })),
    );
    await userEvent.selectOptions(select, "");
    await userEvent.click(screen.getByRole("button", { name: "Save language" }));
    await vi.waitFor(() => expect(sentTo("/contact/me")).toHaveLength(2));
    expect(sentTo("/contact/me").map((call) => call.body)).toEqual([{ locale: "it" }, { locale: null }]);
  });
});
