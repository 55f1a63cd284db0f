import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { admin, calloutId, renderCalloutPage } from "../../../../test/inbox-fixtures";
import { fetchMock, stubFetch } from "../../../../test/harness";
import { ImportAnswersPage } from "./import-answers-page";

const csv = [
  "What happened?,Age,Email,Notes",
  "The bridge closed,41,ada@example.org,x",
  "Flooding,-4,bea@example.org,y",
  "Nothing,30,not-an-email,z",
].join("\n");

const checked = {
  imported: 1,
  skipped: 2,
  errors: [
    { row: 2, column: "answers.s1.age", reason: "min", params: { min: 0 } },
    { row: 3, column: "guest.email", reason: "email" },
  ],
};

/** The `Idempotency-Key` each request to the import sent, in order (null for none). */
function importKeys() {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === "POST" && requestUrl(input).includes("/responses/import"))
    .map(([, init]) => new Headers(init?.headers).get("idempotency-key"));
}

function posts() {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === "POST" && requestUrl(input).includes("/responses/import"))
    .map(([, init]) => JSON.parse(init?.body as string) as { rows: Record<string, string>[]; dryRun: boolean });
}

describe("ImportAnswersPage", () => {
  stubFetch();
  let finishImport: () => void = () => undefined;

  beforeEach(() => {
    fetchMock.mockImplementation((input, init) => {
      const url = new URL(requestUrl(input), "http://x");
      if (url.pathname.endsWith("/contact/me")) return Promise.resolve(jsonResponse(200, admin));
      if (url.pathname.endsWith(`/callout/${calloutId}/responses/import`)) {
        const body = JSON.parse(init?.body as string) as { rows: unknown[]; dryRun: boolean };
        if (body.dryRun) return Promise.resolve(jsonResponse(200, checked));
        return new Promise((resolve) => {
          finishImport = () => resolve(jsonResponse(200, { imported: body.rows.length, skipped: 0, errors: [] }));
        });
      }
      return Promise.resolve(jsonResponse(404, { httpCode: 404, name: "NotFoundError" }));
    });
  });

  it("maps the columns, previews the first rows with their problems, and imports the others with progress", async () => {
    const user = userEvent.setup();
    renderCalloutPage(`/admin/callouts/view/${calloutId}/responses/import`, <ImportAnswersPage />, "responses/import");
    const file = new File([csv], "paper.csv", { type: "text/csv" });
    // The test DOM's files cannot be read as text.
    Object.defineProperty(file, "text", { value: () => Promise.resolve(csv) });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);

    // Headers that name a question (by its label) or the respondent's email are matched at once.
    expect(await screen.findByRole("combobox", { name: "Import column “What happened?” as" })).toHaveValue(
      "answers.s1.story",
    );
    expect(screen.getByRole("combobox", { name: "Import column “Age” as" })).toHaveValue("answers.s1.age");
    expect(screen.getByRole("combobox", { name: "Import column “Email” as" })).toHaveValue("guest.email");
    const notes = screen.getByRole("combobox", { name: "Import column “Notes” as" });
    expect(notes).toHaveValue("");
    // A file input and a question already taken cannot be chosen.
    expect(within(notes).queryByRole("option", { name: "Photo" })).not.toBeInTheDocument();
    expect(within(notes).getByRole("option", { name: "Age" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(posts()[0]).toEqual({
      dryRun: true,
      rows: [
        { "answers.s1.story": "The bridge closed", "answers.s1.age": "41", "guest.email": "ada@example.org" },
        { "answers.s1.story": "Flooding", "answers.s1.age": "-4", "guest.email": "bea@example.org" },
        { "answers.s1.story": "Nothing", "answers.s1.age": "30", "guest.email": "not-an-email" },
      ],
    });
    const preview = await screen.findByRole("table", { name: "The first rows of the file" });
    const previewRows = within(preview).getAllByRole("row").slice(1);
    expect(previewRows.map((row) => row.children[1]?.textContent)).toEqual([
      "Ready to import",
      "Age: This field must be at least 0",
      "Respondent's email: Invalid email address",
    ]);
    const refused = screen.getAllByRole("table", { name: "Refused rows" })[0]!;
    expect(within(refused).getAllByRole("row")).toHaveLength(3);

    await user.click(screen.getByRole("button", { name: "Import" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Import now" }));
    expect(await screen.findByRole("heading", { name: "Importing answers" })).toBeInTheDocument();
    expect(posts()[1]).toEqual({
      dryRun: false,
      rows: [{ "answers.s1.story": "The bridge closed", "answers.s1.age": "41", "guest.email": "ada@example.org" }],
    });
    // The batch carries a key of its own, so that sending it again cannot import it twice; the check needs none.
    const [checkKey, batchKey] = importKeys();
    expect(checkKey).toBeNull();
    expect(batchKey).toMatch(/^[0-9a-f-]{32,36}$/);
    finishImport();

    expect(await screen.findByText("Imported responses: 1. Refused rows: 2.")).toBeInTheDocument();
    const report = screen.getByRole("table", { name: "Refused rows" });
    expect(within(report).getAllByRole("row")[1]?.textContent).toBe("2AgeThis field must be at least 0");
    expect(screen.getByRole("link", { name: "Go to the responses" })).toHaveAttribute(
      "href",
      `/admin/callouts/view/${calloutId}/responses`,
    );
  });
});
