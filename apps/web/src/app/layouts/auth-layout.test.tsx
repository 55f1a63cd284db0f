import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import standardBackground from "../../../public/backgrounds/standard.svg?raw";
import { fetchMock, renderRoutes, stubFetch } from "../../test/harness";
import { generalContent, jsonResponse } from "../../test/json-response";
import { AuthLayout, STANDARD_BACKGROUND_CLASS } from "./auth-layout";

describe("the login and join pages' background", () => {
  stubFetch();

  it("is the standard image the settings promise when the organisation set none", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ...generalContent, backgroundUrl: "" }));
    const Page = () => (
      <AuthLayout>
        <p>Log in</p>
      </AuthLayout>
    );
    renderRoutes([{ path: "/auth/login", Component: Page }], "/auth/login");
    const main = await screen.findByRole("main");
    const page = main.closest(".min-h-window");
    expect(page?.className).toContain("bg-[url(/backgrounds/standard.svg)]");
    expect(STANDARD_BACKGROUND_CLASS).toContain("/backgrounds/standard.svg");
  });

  it("ships as a small picture", () => {
    expect(standardBackground).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(standardBackground.length).toBeLessThan(4096);
  });
});
