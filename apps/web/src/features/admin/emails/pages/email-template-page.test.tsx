import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmailTemplate } from "@cohort/common/emails";
import { generalContent, jsonResponse, requestUrl } from "../../../../test/json-response";
import { stubLayoutForEditor } from "../../shared/rich-text/jsdom-layout";
import { EmailTemplatePage } from "./email-template-page";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";

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
  return renderRoutes([{ path: "/admin/emails/templates/:id", Component: EmailTemplatePage }], path);
}

beforeAll(stubLayoutForEditor);

describe("the template editor", () => {
  stubFetch();
  beforeEach(() => {
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

  it("refuses merge fields the email does not offer before asking the server", async () => {
    renderAt("/admin/emails/templates/welcome?locale=de");
    const body = await screen.findByRole("textbox", { name: "Text" });
    // The built-in plain text opens as paragraphs.
    expect(body.querySelectorAll("p")).toHaveLength(2);
    expect(body).toHaveTextContent("Guten Tag *|NAME|*,willkommen.");
    expect(screen.getByRole("button", { name: "Use the standard text" })).toBeDisabled();
    await userEvent.click(body);
    await userEvent.keyboard("{Control>}a{/Control}{Backspace}");
    await userEvent.paste("Ihr Code: *|REFCODE|*");
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
    await userEvent.click(await screen.findByRole("textbox", { name: "Text" }));
    await userEvent.keyboard("{Control>}a{/Control}{Backspace}");
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
