import { screen } from "@testing-library/react";
import { Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { useOwnPageTitle } from "../../app/shell/page-title";
import { fetchMock, renderRoutes, stubFetch } from "../../test/harness";
import { riverCallout } from "../../test/callouts";
import { contact, generalContent, jsonResponse, requestUrl } from "../../test/json-response";
import { CalloutPage } from "./callouts/pages/callout-page";
import { ContactPage } from "./contacts/pages/contact-page";

/** Shows the title the open page gave itself, as the document title would carry it. */
function TitleProbe() {
  return <p data-testid="title">{useOwnPageTitle() ?? ""}</p>;
}

const withProbe = (Page: () => React.ReactNode) =>
  function Probed() {
    return (
      <>
        <TitleProbe />
        <Page />
      </>
    );
  };

describe("admin page titles", () => {
  stubFetch();

  it("name the contact on a contact's pages", async () => {
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
      if (url.includes("/contact/")) return Promise.resolve(jsonResponse(200, { ...contact(), roles: [] }));
      return Promise.resolve(jsonResponse(200, []));
    });
    renderRoutes(
      [
        {
          path: "/admin/contacts/:id",
          Component: withProbe(ContactPage),
          children: [{ index: true, Component: Outlet }],
        },
      ],
      `/admin/contacts/${contact().id}`,
    );
    expect(await screen.findByText("Sam Reader", { selector: "[data-testid=title]" })).toBeInTheDocument();
  });

  it("name the callout on a callout's pages", async () => {
    const callout = riverCallout({ title: "Flooding on your street" });
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
      if (url.includes("/callout/")) return Promise.resolve(jsonResponse(200, callout));
      return Promise.resolve(jsonResponse(200, []));
    });
    renderRoutes(
      [
        {
          path: "/admin/callouts/view/:id",
          Component: withProbe(CalloutPage),
          children: [{ index: true, Component: () => null }],
        },
      ],
      `/admin/callouts/view/${callout.id}`,
    );
    expect(await screen.findByText("Flooding on your street", { selector: "[data-testid=title]" })).toBeInTheDocument();
  });
});
