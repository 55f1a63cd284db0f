import type { ReactNode } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../../../../app/i18n/i18n";
import { contact, generalContent, jsonResponse, requestUrl } from "../../../../test/json-response";
import { defaultJoinContent, defaultPaymentContent } from "@cohort/common/content";
import { ApiKeysSettingsPage, GeneralSettingsPage, PaymentSettingsPage, ThemeSettingsPage } from "./settings-tabs";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";

const TOKEN = "0123456789abcdef_" + "a".repeat(48);

function renderPage(Component: () => ReactNode) {
  renderRoutes([{ path: "/", Component }], "/");
}

function writes() {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== "GET")
    .map(([input, init]) => ({
      method: init?.method,
      url: requestUrl(input),
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    }));
}

let keys: {
  id: string;
  description: string;
  expires: string | null;
  createdAt: string;
  lastUsed: string | null;
  creator: unknown;
}[] = [];

let sampleRemoved = false;

stubFetch();
beforeEach(() => {
  keys = [];
  sampleRemoved = false;
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (url.includes("/content/general")) {
      return Promise.resolve(jsonResponse(200, method === "PATCH" ? { ...generalContent, ...body } : generalContent));
    }
    if (url.includes("/api-key")) {
      if (method === "POST") {
        keys = [
          {
            id: "0123456789abcdef",
            description: String(body.description),
            expires: null,
            createdAt: "2026-01-01T10:00:00.000Z",
            lastUsed: null,
            creator: contact(["admin"]),
          },
        ];
        return Promise.resolve(jsonResponse(200, { token: TOKEN }));
      }
      if (method === "DELETE") {
        keys = [];
        return Promise.resolve(jsonResponse(204));
      }
      return Promise.resolve(jsonResponse(200, { items: keys, total: keys.length, offset: 0, count: keys.length }));
    }
    if (url.includes("/content/payment")) {
      return Promise.resolve(jsonResponse(200, { ...defaultPaymentContent, stripePublicKey: "", stripeCountry: "eu" }));
    }
    if (url.includes("/content/join")) {
      // The server keeps only the methods of providers set up: here, the test provider's card.
      const methods = method === "PATCH" ? (body.paymentMethods as string[]).filter((m) => m === "s_card") : ["s_card"];
      return Promise.resolve(
        jsonResponse(200, { ...defaultJoinContent, stripePublicKey: "", stripeCountry: "eu", paymentMethods: methods }),
      );
    }
    if (url.includes("/setup/sample-data")) {
      const counts = { contacts: 60, payments: 310, tags: 5, callouts: 2, responses: 340 };
      if (method === "DELETE") {
        sampleRemoved = true;
        return Promise.resolve(jsonResponse(200, counts));
      }
      if (method === "POST") {
        sampleRemoved = false;
        return Promise.resolve(jsonResponse(200, counts));
      }
      return Promise.resolve(
        jsonResponse(200, sampleRemoved ? { contacts: 0, payments: 0, tags: 0, callouts: 0, responses: 0 } : counts),
      );
    }
    return Promise.resolve(jsonResponse(404, { code: "not-found" }));
  });
});
describe("the General tab", () => {
  it("checks addresses with the shared rule and saves the organisation name", async () => {
    const user = userEvent.setup();
    renderPage(GeneralSettingsPage);
    const name = await screen.findByLabelText("Organisation name");
    expect(name).toHaveValue("Riverside Gazette");
    await user.type(screen.getByLabelText("Privacy policy"), "javascript:alert(1)");
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Invalid URL")).toBeInTheDocument();
    expect(screen.getByText("Name is required")).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.clear(screen.getByLabelText("Privacy policy"));
    await user.type(screen.getByLabelText("Privacy policy"), "https://example.org/privacy");
    await user.type(name, "Hillside Herald");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({
      organisationName: "Hillside Herald",
      privacyLink: "https://example.org/privacy",
    });
    expect(screen.getByText(`${generalContent.currencyCode} (${generalContent.currencySymbol})`)).toBeInTheDocument();
  });
});

describe("removing the sample data", () => {
  it("says what will go before removing it, then offers to load it again", async () => {
    const user = userEvent.setup();
    renderPage(GeneralSettingsPage);
    await user.click(await screen.findByRole("button", { name: "Remove sample data" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("60 sample contacts");
    expect(dialog).toHaveTextContent("310 sample payments, 5 sample tags");
    expect(dialog).toHaveTextContent("2 sample callouts with their 340 responses");
    await user.click(within(dialog).getByRole("button", { name: "Remove sample data" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Remove sample data" })).toBeNull());
    expect(writes()).toEqual([
      { method: "DELETE", url: expect.stringContaining("/setup/sample-data") as string, body: undefined },
    ]);

    await user.click(await screen.findByRole("button", { name: "Load sample data" }));
    expect(await screen.findByRole("button", { name: "Remove sample data" })).toBeInTheDocument();
    expect(writes()[1]).toEqual({
      method: "POST",
      url: expect.stringContaining("/setup/sample-data") as string,
      body: undefined,
    });
  });
});

describe("the Theme tab", () => {
  it("refuses a missing or malformed colour and warns about weak contrast", async () => {
    const user = userEvent.setup();
    renderPage(ThemeSettingsPage);
    const primary = await screen.findByLabelText("Primary");
    await user.clear(primary);
    const link = screen.getByLabelText("Links");
    await user.clear(link);
    await user.type(link, "teal");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Color is required")).toBeInTheDocument();
    expect(screen.getByText("Invalid color")).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.type(primary, "#262453");
    await user.clear(link);
    await user.type(link, "#ffee00");
    expect(await screen.findByText("Some text may be hard to read")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({ theme: { colors: { primary: "#262453", link: "#ffee00" } } });
  });

  it("says when a chosen font is shown only where it is installed", async () => {
    const user = userEvent.setup();
    renderPage(ThemeSettingsPage);
    const headings = await screen.findByLabelText("Headings");
    expect(screen.queryByTestId("device-font-hint")).toBeNull();
    await user.selectOptions(headings, "helvetica-neue-lt");
    expect(await screen.findByTestId("device-font-hint")).toHaveTextContent(
      "Helvetica Neue: no freely licensed web font exists",
    );
    await user.selectOptions(headings, "roboto-slab");
    expect(screen.queryByTestId("device-font-hint")).toBeNull();
  });
});

describe("the API keys tab", () => {
  it("shows a new token once, and revokes a key after asking", async () => {
    const user = userEvent.setup();
    renderPage(ApiKeysSettingsPage);
    expect(await screen.findByText("No API keys yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByText("This field is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Description"), "Newsletter sync");
    await user.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByText("Please enter your current password.")).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.type(screen.getByLabelText("Current password"), "Admin-pass-1");
    await user.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByText(TOKEN)).toBeInTheDocument();
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Newsletter sync")).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Last used" })).toBeInTheDocument();
    expect(within(table).getByText("Not yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByText(TOKEN)).toBeNull();

    await user.click(screen.getByRole("button", { name: "Revoke the key “Newsletter sync”" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(screen.getByText("No API keys yet")).toBeInTheDocument());
    expect(writes().map((write) => write.method)).toEqual(["POST", "DELETE"]);
    expect(writes()[0]?.body).toEqual({
      description: "Newsletter sync",
      expires: null,
      currentPassword: "Admin-pass-1",
    });
  });
});

describe("the Payment tab", () => {
  it("chooses the methods the join form offers and shows what the server kept", async () => {
    renderPage(PaymentSettingsPage);
    const card = await screen.findByRole("group", { name: "Payment methods" });
    const save = within(card.closest("form")!).getByRole("button", { name: "Save payment methods" });
    expect(within(card).getByRole("checkbox", { name: "Credit or debit card" })).toBeChecked();
    expect(save).toBeDisabled();
    await userEvent.click(within(card).getByRole("checkbox", { name: "Direct debit (GoCardless)" }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(writes()).toContainEqual({
        method: "PATCH",
        url: expect.stringContaining("/content/join"),
        body: { paymentMethods: ["s_card", "gc_direct-debit"] },
      }),
    );
    await waitFor(() =>
      expect(within(card).getByRole("checkbox", { name: "Direct debit (GoCardless)" })).not.toBeChecked(),
    );
  });
});

describe("the Payment tab's refusals", () => {
  it("shows the server's refusal of the methods beside them", async () => {
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      requestUrl(input).includes("/content/join") && init?.method === "PATCH"
        ? Promise.resolve(
            jsonResponse(400, {
              httpCode: 400,
              name: "BadRequestError",
              code: "invalid-request",
              message: "Invalid body",
              errors: [{ property: "paymentMethods", constraints: { custom: "Not a method" }, children: [] }],
            }),
          )
        : answer(input, init),
    );
    renderPage(PaymentSettingsPage);
    const card = await screen.findByRole("group", { name: "Payment methods" });
    await userEvent.click(within(card).getByRole("checkbox", { name: "PayPal" }));
    await userEvent.click(within(card.closest("form")!).getByRole("button", { name: "Save payment methods" }));
    expect(await within(card).findByText(i18n.t("validation.invalid"))).toBeInTheDocument();
  });
});
