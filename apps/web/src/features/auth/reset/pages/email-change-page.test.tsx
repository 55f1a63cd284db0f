import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EMAIL_CHANGE_PAGE_PATH } from "@cohort/common/contacts";
import { routeTable } from "../../../../app/router/route-table";
import { jsonResponse } from "../../../../test/json-response";
import { renderRoutes, stubFetch } from "../../../../test/harness";
import { answerWith, sentTo } from "../../../../test/member-api";
import { EmailChangePage } from "./email-change-page";

const linkId = "0d3e1c2b-5a6f-4b7c-8d9e-1f2a3b4c5d6e";
const routes = [{ path: `${EMAIL_CHANGE_PAGE_PATH}/:id`, Component: EmailChangePage }];

describe("email change page", () => {
  stubFetch();
  it("is where the server's links point, open to visitors", () => {
    const route = routeTable.find((def) => def.path === `${EMAIL_CHANGE_PAGE_PATH.slice(1)}/:id`);
    expect(route?.meta).toMatchObject({ noLogin: true, layout: "auth" });
  });

  it("confirms the new address once, on opening", async () => {
    answerWith((url) => (url.endsWith(`/email-change/${linkId}`) ? jsonResponse(204) : undefined));
    renderRoutes(routes, `${EMAIL_CHANGE_PAGE_PATH}/${linkId}`);
    expect(await screen.findByText("Your email address has changed")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your account" })).toHaveAttribute("href", "/profile");
    expect(sentTo(`/email-change/${linkId}`)).toEqual([{ method: "PUT", body: undefined }]);
  });

  it("says when the link is no longer valid", async () => {
    answerWith((url) =>
      url.includes("/email-change/") ? jsonResponse(404, { code: "not-found", message: "x" }) : undefined,
    );
    renderRoutes(routes, `${EMAIL_CHANGE_PAGE_PATH}/${linkId}`);
    expect(await screen.findByText("Your email address could not be changed")).toBeInTheDocument();
    expect(screen.getByText(/This link has expired or was already used/)).toBeInTheDocument();
  });

  it("says when the address was taken meanwhile", async () => {
    answerWith((url) =>
      url.includes("/email-change/") ? jsonResponse(400, { code: "duplicate-email", message: "x" }) : undefined,
    );
    renderRoutes(routes, `${EMAIL_CHANGE_PAGE_PATH}/${linkId}`);
    expect(await screen.findByText(/This address now belongs to another account/)).toBeInTheDocument();
  });
});
