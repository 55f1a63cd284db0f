import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FormComponent } from "@cohort/common/callout-form";
import { fetchMock, renderWithProviders, stubFetch } from "../../../../test/harness";
import { generalContent, jsonResponse } from "../../../../test/json-response";
import type { AnswerField } from "../../shared/answer-fields";
import { AnswerValue } from "./answer-view";

function field(component: Partial<FormComponent>): AnswerField {
  const full: FormComponent = { id: "c1", key: "when", type: "datetime", label: "When?", input: true, ...component };
  return { fullKey: "s1.when", slideId: "s1", key: "when", label: "When?", component: full };
}

describe("AnswerValue", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, generalContent)));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("writes a date with a time the reader's way", () => {
    renderWithProviders(<AnswerValue field={field({})} answer="2026-11-18T12:00:00.000Z" />);
    expect(screen.getByText(/^18 Nov 2026, \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(screen.queryByText(/2026-11-18/)).not.toBeInTheDocument();
  });

  it("keeps a bare day on that day west of Greenwich", () => {
    vi.stubEnv("TZ", "America/New_York");
    renderWithProviders(<AnswerValue field={field({ enableTime: false })} answer="2026-11-18" />);
    expect(screen.getByText("18 Nov 2026")).toBeInTheDocument();
  });

  it("leaves an answer that is not a date as it was sent", () => {
    renderWithProviders(<AnswerValue field={field({})} answer="next Tuesday" />);
    expect(screen.getByText("next Tuesday")).toBeInTheDocument();
  });

  it("leaves other answers alone", () => {
    renderWithProviders(<AnswerValue field={field({ type: "textfield" })} answer="2026-11-18" />);
    expect(screen.getByText("2026-11-18")).toBeInTheDocument();
  });
});
