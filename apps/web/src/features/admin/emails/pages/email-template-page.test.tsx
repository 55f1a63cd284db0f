import type { ReactNode } from "react";
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EmailTemplate } from "@cohort/common/emails";
import { i18n } from "../../../../app/i18n/i18n";
import { generalContent, jsonResponse, requestUrl } from "../../../../test/json-response";
import { EmailTemplatePage } from "./email-template-page";

const fetchMock = vi.fn<typeof fetch>();

function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

const builtIn: EmailTemplate = {
  id: "welcome",
  locale: "de",
  subject: "Willkommen bei *|ORGNAME|*",
  body: "Guten Tag *|NAME|*,\n\nwillkommen.",
  isDefault: true,
};

/** Method, path with query, and body of every template request. */
function templateRequests() {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input).includes("/email/"))
    .map(([input, init]) => ({
      method: init?.method ?? "GET",
      url: requestUrl(input),
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "/admin/emails/templates/:id", Component: EmailTemplatePage }], {
    initialEntries: [path],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe("the template editor", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockImplementation((input, init) => {
      const url = requestUrl(input);
      if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
      if (init?.method === "PUT") {
        const body = JSON.parse(typeof init.body === "string" ? init.body : "{}") as { subject: string; body: string };
        return Promise.resolve(jsonResponse(200, { ...builtIn, ...body, isDefault: false }));
      }
      return Promise.resolve(jsonResponse(200, builtIn));
    });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("refuses merge fields the email does not offer before asking the server", async () => {
    renderAt("/admin/emails/templates/welcome?locale=de");
    const body = await screen.findByLabelText("Text");
    expect(body).toHaveValue(builtIn.body);
    expect(screen.getByRole("button", { name: "Use the standard text" })).toBeDisabled();
    await userEvent.clear(body);
    await userEvent.type(body, "Ihr Code: *|REFCODE|*");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This email has no merge field *|REFCODE|*.")).toBeInTheDocument();
    expect(templateRequests().filter((request) => request.method === "PUT")).toHaveLength(0);
  });

  it("saves the wording for the chosen language and can put the standard text back", async () => {
    renderAt("/admin/emails/templates/welcome?locale=de");
    const subject = await screen.findByLabelText("Subject");
    await userEvent.clear(subject);
    await userEvent.type(subject, "Schön, dass Sie da sind, *|FNAME|*");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(templateRequests().some((request) => request.method === "PUT")).toBe(true));
    const put = templateRequests().find((request) => request.method === "PUT")!;
    expect(put.url).toBe("/api/1.0/email/welcome?locale=de");
    expect(put.body).toEqual({ subject: "Schön, dass Sie da sind, *|FNAME|*", body: builtIn.body });
    expect(await screen.findByText("This language uses your own version.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Use the standard text" }));
    const dialog = await screen.findByRole("dialog", { name: "Use the standard text again?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Use the standard text" }));
    await waitFor(() => expect(templateRequests().some((request) => request.method === "DELETE")).toBe(true));
    expect(templateRequests().find((request) => request.method === "DELETE")?.url).toBe(
      "/api/1.0/email/welcome?locale=de",
    );
  });

  it("asks for the organisation's language when none is chosen, and switches language", async () => {
    const router = renderAt("/admin/emails/templates/welcome");
    await screen.findByLabelText("Subject");
    expect(templateRequests()[0]?.url).toBe("/api/1.0/email/welcome?locale=en");
    await userEvent.selectOptions(screen.getByLabelText("Language"), "nl");
    expect(router.state.location.search).toBe("?locale=nl");
    await waitFor(() => expect(templateRequests().at(-1)?.url).toBe("/api/1.0/email/welcome?locale=nl"));
  });

  it("warns about an empty subject and text but still saves them", async () => {
    renderAt("/admin/emails/templates/welcome?locale=de");
    const subject = await screen.findByLabelText("Subject");
    expect(screen.queryByText(/has no subject/)).not.toBeInTheDocument();
    await userEvent.clear(subject);
    await userEvent.clear(screen.getByLabelText("Text"));
    expect(
      await screen.findByText(
        "This email has no subject. It will be sent without one. This email has no text. It will be sent empty.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(templateRequests().some((request) => request.method === "PUT")).toBe(true));
    expect(templateRequests().find((request) => request.method === "PUT")?.body).toEqual({ subject: "", body: "" });
  });
});
