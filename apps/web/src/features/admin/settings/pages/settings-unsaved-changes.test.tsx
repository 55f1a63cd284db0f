import type { ReactNode } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultJoinContent, defaultPaymentContent } from "@cohort/common/content";
import { generalContent, jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { EmailSettingsPage, GeneralSettingsPage, PaymentSettingsPage, ThemeSettingsPage } from "./settings-tabs";

function renderTab(Component: () => ReactNode) {
  return renderRoutes(
    [
      { path: "/admin/settings", Component },
      { path: "/admin/dashboard", Component: () => <p>Dashboard</p> },
    ],
    "/admin/settings",
  );
}

stubFetch();
beforeEach(() => {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (url.includes("/content/general")) {
      return Promise.resolve(jsonResponse(200, { ...generalContent, ...body }));
    }
    if (url.includes("/content/email")) {
      return Promise.resolve(jsonResponse(200, { supportEmail: "", supportEmailName: "", footer: "", ...body }));
    }
    if (url.includes("/content/payment")) {
      return Promise.resolve(
        jsonResponse(200, { ...defaultPaymentContent, stripePublicKey: "", stripeCountry: "eu", ...body }),
      );
    }
    if (url.includes("/content/join")) {
      const joinContent = {
        ...defaultJoinContent,
        stripePublicKey: "",
        stripeCountry: "eu",
        paymentMethods: ["s_card"],
      };
      return Promise.resolve(jsonResponse(200, { ...joinContent, ...body }));
    }
    if (url.includes("/setup/sample-data")) return Promise.resolve(jsonResponse(200, { loaded: false }));
    return Promise.resolve(jsonResponse(404, { code: "not-found" }));
  });
});

type Router = ReturnType<typeof renderTab>;
type User = ReturnType<typeof userEvent.setup>;

/** Tries to leave for the dashboard, which asks first, and answers the question. */
async function tryToLeave(router: Router, user: User, answer: "Stay here" | "Leave and lose changes") {
  void router.navigate("/admin/dashboard");
  const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
  expect(dialog).toHaveTextContent("You have unsaved changes.");
  await user.click(within(dialog).getByRole("button", { name: answer }));
}

async function expectToLeave(router: Router) {
  void router.navigate("/admin/dashboard");
  expect(await screen.findByText("Dashboard")).toBeInTheDocument();
}

/** Saves the tab's main form, after which leaving asks nothing. */
async function saveAndLeave(router: Router, user: User) {
  await user.click(screen.getByRole("button", { name: "Save" }));
  await waitFor(() => expect(screen.queryByText("You have unsaved changes.")).toBeNull());
  await expectToLeave(router);
}

describe("settings with unsaved changes", () => {
  it.each([
    { tab: "General", Page: GeneralSettingsPage, field: "Organisation name", typed: " Weekly" },
    { tab: "Email", Page: EmailSettingsPage, field: "Sender name", typed: "Riverside Gazette" },
  ])("ask before the $tab tab is left, and let a saved form go", async ({ Page, field, typed }) => {
    const user = userEvent.setup();
    const router = renderTab(Page);
    const input = await screen.findByLabelText(field);
    const edited = `${(input as HTMLInputElement).value}${typed}`;
    await user.type(input, typed);
    expect(screen.getByText("You have unsaved changes.")).toBeInTheDocument();
    await tryToLeave(router, user, "Stay here");
    expect(screen.getByLabelText(field)).toHaveValue(edited);
    await saveAndLeave(router, user);
  });

  it("ask before the Theme tab is left, and leave when told to", async () => {
    const user = userEvent.setup();
    const router = renderTab(ThemeSettingsPage);
    const primary = await screen.findByLabelText("Primary");
    await user.clear(primary);
    await user.type(primary, "#123456");
    await tryToLeave(router, user, "Leave and lose changes");
    expect(await screen.findByText("Dashboard")).toBeInTheDocument();
  });

  it("ask before the Payment tab is left with a changed tax rate", async () => {
    const user = userEvent.setup();
    const router = renderTab(PaymentSettingsPage);
    await user.click(await screen.findByLabelText("Contributions include tax"));
    await user.type(screen.getByLabelText("Tax rate (%)"), "7");
    expect(screen.getByText("You have unsaved changes.")).toBeInTheDocument();
    await tryToLeave(router, user, "Leave and lose changes");
    expect(await screen.findByText("Dashboard")).toBeInTheDocument();
  });

  it("ask before the Payment tab is left with changed payment methods, until they are saved", async () => {
    const user = userEvent.setup();
    const router = renderTab(PaymentSettingsPage);
    const methods = await screen.findByRole("group", { name: "Payment methods" });
    await user.click(within(methods).getByRole("checkbox", { name: "PayPal" }));
    await tryToLeave(router, user, "Stay here");
    expect(within(methods).getByRole("checkbox", { name: "PayPal" })).toBeChecked();

    await user.click(screen.getByRole("button", { name: "Save payment methods" }));
    await waitFor(() => {
      const save = screen.getByRole("button", { name: "Save payment methods" });
      expect(save).toBeDisabled();
      expect(save).not.toHaveAttribute("aria-busy");
    });
    // The saved state reaches the question through effects, which Preact runs after the next frame.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await expectToLeave(router);
  });
});
