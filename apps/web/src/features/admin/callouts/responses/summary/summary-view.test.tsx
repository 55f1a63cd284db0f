import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ResponseSummary } from "@cohort/common/callouts";
import type { RuleGroup } from "@cohort/common/filters";
import { captureSavedFiles, fetchMock, renderWithProviders, stubFetch } from "../../../../../test/harness";
import { generalContent, jsonResponse } from "../../../../../test/json-response";
import { ResponseSummaryView } from "./summary-view";

vi.mock("./chart-png", () => ({
  svgToPngBlob: vi.fn(() => Promise.resolve(new Blob(["png"], { type: "image/png" }))),
}));

const summary: ResponseSummary = {
  total: 4,
  locale: "en",
  components: [
    {
      key: "s1.mood",
      type: "radio",
      label: "Mood",
      answered: 4,
      kind: "choice",
      options: [
        { value: "happy", label: "Happy", count: 3 },
        { value: "sad", label: "Sad", count: 1 },
      ],
    },
    {
      key: "s1.age",
      type: "number",
      label: "Age",
      answered: 2,
      kind: "number",
      min: 20,
      median: 25,
      max: 30,
      buckets: [
        { from: 20, to: 25, count: 1 },
        { from: 25, to: 30, count: 1 },
      ],
    },
    {
      key: "s1.story",
      type: "textarea",
      label: "Story",
      answered: 3,
      kind: "text",
      words: [{ text: "flooded", count: 2 }],
      phrases: [{ text: "flooded street", count: 2 }],
      recent: [{ number: 4, createdAt: "2026-11-01T10:00:00.000Z", text: "Our street flooded" }],
    },
    { key: "s1.photo", type: "file", label: "Photo", answered: 1, kind: "count" },
  ],
};

const emptyFunnel = { opened: 0, started: 0, slides: [], submitted: 0, firstDay: null, lastDay: null };

const rules: RuleGroup = { condition: "AND", rules: [{ field: "bucket", operator: "is_empty", value: [] }] };

describe("the summary of answers", () => {
  stubFetch();
  const saved = captureSavedFiles();
  beforeEach(() => {
    fetchMock.mockImplementation((input) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
      if (url.includes("/responses/funnel")) return Promise.resolve(jsonResponse(200, emptyFunnel));
      return Promise.resolve(jsonResponse(200, summary));
    });
  });

  it("shows each input in form order with its figures, for the table's filter", async () => {
    renderWithProviders(<ResponseSummaryView callout={{ id: "c1", slug: "floods" }} rules={rules} />);

    expect(await screen.findByText("Responses summarised: 4")).toBeInTheDocument();
    const headings = screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
    // How far readers got comes first (its own test is funnel-view.test.tsx), then each input.
    expect(headings).toEqual(["How far readers got", "Mood", "Age", "Story", "Photo"]);

    const mood = screen.getByRole("region", { name: "Mood" });
    expect(within(mood).getByText("Answered: 4 of 4 (100%)")).toBeInTheDocument();
    expect(within(mood).getByRole("img", { name: "Mood" })).toBeInTheDocument();
    expect(within(mood).getByRole("row", { name: "Happy 3 · 75%" })).toBeInTheDocument();

    const age = screen.getByRole("region", { name: "Age" });
    expect(within(age).getByText("Median").nextSibling).toHaveTextContent("25");

    const story = screen.getByRole("region", { name: "Story" });
    expect(within(story).getByText(/flooded street/)).toBeInTheDocument();
    expect(within(story).getByText("Our street flooded")).toBeInTheDocument();

    const photo = screen.getByRole("region", { name: "Photo" });
    expect(within(photo).getByText("Answered: 1 of 4 (25%)")).toBeInTheDocument();
    // Nothing to draw for files: no image to download.
    expect(within(photo).queryByRole("button", { name: /PNG/ })).not.toBeInTheDocument();

    const [url] = fetchMock.mock.calls
      .map(([input]) => (input instanceof Request ? input.url : input.toString()))
      .filter((text) => text.includes("summary"));
    expect(new URL(url!, "http://localhost").searchParams.get("rules")).toBe(JSON.stringify(rules));
  });

  it("saves a chart as a PNG named after the callout and the question", async () => {
    renderWithProviders(<ResponseSummaryView callout={{ id: "c1", slug: "floods" }} rules={rules} />);
    const button = await screen.findByRole("button", { name: "Download the chart of “Mood” as a PNG image" });
    await userEvent.click(button);
    await waitFor(() => expect(saved).toEqual(["summary-floods-s1-mood.png"]));
    expect(screen.getByRole("button", { name: "Download the figures of “Mood” as CSV" })).toBeInTheDocument();
  });
});
