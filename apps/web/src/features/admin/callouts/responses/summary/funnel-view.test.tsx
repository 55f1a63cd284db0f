import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CalloutFunnel } from "@cohort/common/callouts";
import type { RuleGroup } from "@cohort/common/filters";
import { activateLocale } from "../../../../../app/i18n/i18n";
import { fetchMock, renderWithProviders, stubFetch } from "../../../../../test/harness";
import { generalContent, jsonResponse, requestUrl } from "../../../../../test/json-response";
import { CalloutFunnelView } from "./funnel-view";

const funnel: CalloutFunnel = {
  opened: 200,
  started: 120,
  slides: [
    { id: "s2", title: "Your street", reached: 90 },
    { id: "s3", title: "Photos", reached: 45 },
  ],
  submitted: 40,
  firstDay: "2026-11-02",
  lastDay: "2026-11-27",
};

const rules: RuleGroup = {
  condition: "AND",
  rules: [
    { field: "bucket", operator: "is_empty", value: [] },
    { field: "createdAt", operator: "greater_or_equal", value: ["2026-11-01"] },
  ],
};

let answer: CalloutFunnel = funnel;

describe("the funnel above the summary", () => {
  stubFetch();
  beforeEach(() => {
    answer = funnel;
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
      return Promise.resolve(jsonResponse(200, answer));
    });
  });

  it("shows each step in form order with its count and its shares of opened and of the step before", async () => {
    renderWithProviders(<CalloutFunnelView calloutId="c1" rules={rules} />);
    const region = screen.getByRole("region", { name: "How far readers got" });
    expect(await within(region).findByRole("row", { name: "Opened the form 200" })).toBeInTheDocument();
    const rows = within(region)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(
      within(region)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Opened the form", "Started answering", "Reached “Your street”", "Reached “Photos”", "Sent a response"]);
    expect(rows).toEqual([
      ["200", "", ""],
      ["120", "60%", "60%"],
      ["90", "45%", "75%"],
      ["45", "22.5%", "50%"],
      ["40", "20%", "88.9%"],
    ]);
    expect(within(region).getByText(/only its dates apply, not buckets, tags or answers/)).toBeInTheDocument();
    expect(within(region).getByText("Counted from 2 Nov 2026 to 27 Nov 2026 (days in UTC).")).toBeInTheDocument();

    const [url] = fetchMock.mock.calls.map(([input]) => requestUrl(input)).filter((text) => text.includes("funnel"));
    expect(url).toContain("/callout/c1/responses/funnel?");
    expect(new URL(url!, "http://localhost").searchParams.get("rules")).toBe(JSON.stringify(rules));
    expect(within(region).queryByText(/counted more than the one it is compared with/)).not.toBeInTheDocument();
  });

  it("shows no share for a step that counts more than the one it is compared with, and says why", async () => {
    // Three responses sent through the API beside one visit; a slide reached without answering.
    answer = {
      ...funnel,
      opened: 1,
      started: 0,
      slides: [{ id: "s2", title: "Your street", reached: 1 }],
      submitted: 3,
    };
    renderWithProviders(<CalloutFunnelView calloutId="c1" rules={rules} />);
    const region = screen.getByRole("region", { name: "How far readers got" });
    expect(await within(region).findByRole("row", { name: "Opened the form 1" })).toBeInTheDocument();
    expect(within(region).getByRole("row", { name: "Started answering 0 0% 0%" })).toBeInTheDocument();
    expect(within(region).getByRole("row", { name: "Reached “Your street” 1 100% —" })).toBeInTheDocument();
    expect(within(region).getByRole("row", { name: "Sent a response 3 — —" })).toBeInTheDocument();
    expect(within(region).getByText(/counted more than the one it is compared with/)).toBeInTheDocument();
  });

  describe("in a locale that is no language tag", () => {
    afterEach(() => activateLocale("en"));

    it("formats its shares and days", async () => {
      await activateLocale("de@informal");
      renderWithProviders(<CalloutFunnelView calloutId="c1" rules={rules} />);
      // German puts a no-break space before the percent sign.
      const row = await screen.findByRole("row", { name: /^Mit Antworten begonnen 120/ });
      expect(
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ).toEqual(["120", "60\u00a0%", "60\u00a0%"]);
      expect(screen.getByText("Gezählt vom 02.11.2026 bis 27.11.2026 (Tage in UTC).")).toBeInTheDocument();
    });
  });

  it("says so when nothing is counted yet", async () => {
    answer = { opened: 0, started: 0, slides: [], submitted: 0, firstDay: null, lastDay: null };
    renderWithProviders(<CalloutFunnelView calloutId="c1" rules={rules} />);
    expect(await screen.findByText("No visit to the form has been counted yet.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
