import { describe, expect, it } from "vitest";
import { MAX_IMPORT_ROWS } from "@cohort/common/contacts";
import { buildImportRows } from "../../shared/csv-import/column-mapping";
import { autoMapColumns, isMappingValid, mappingProblems, suggestField } from "./import-mapping";
import { looksLikeCsv, parseCsvText } from "../../shared/csv-import/parse-csv";

describe("autoMapColumns", () => {
  it("maps the export's own headers", () => {
    expect(autoMapColumns(["Id", "EmailAddress", "FirstName", "Joined", "Tags", "DeliveryOptIn"])).toEqual([
      null,
      "email",
      "firstname",
      null,
      "tags",
      "deliveryOptIn",
    ]);
  });

  it("matches field names whatever their case, spacing or punctuation", () => {
    expect(autoMapColumns(["EMAIL", "firstName", " lastname ", "Newsletter groups", "membership_starts"])).toEqual([
      "email",
      "firstname",
      "lastname",
      "newsletterGroups",
      "membershipStarts",
    ]);
    expect(suggestField("Email Address")).toBe("email");
    expect(suggestField("Favourite colour")).toBeNull();
  });

  it("gives a field to the first column that asks for it only", () => {
    expect(autoMapColumns(["email", "EmailAddress", "Notes"])).toEqual(["email", null, "notes"]);
  });
});

describe("mapping rules", () => {
  it("needs exactly one column for email", () => {
    expect(mappingProblems([null, "firstname"])).toEqual({ isEmailMissing: true, duplicates: [] });
    expect(isMappingValid([null, "firstname"])).toBe(false);
    expect(isMappingValid(["email", "firstname", null])).toBe(true);
  });

  it("reports a field chosen for two columns", () => {
    expect(mappingProblems(["email", "email", "tags", "tags", null])).toEqual({
      isEmailMissing: false,
      duplicates: ["email", "tags"],
    });
    expect(isMappingValid(["email", "tags", "tags"])).toBe(false);
  });
});

describe("buildImportRows", () => {
  const headers = ["Mail", "Name", "Shoe size", "Tags"];
  const records = [
    { Mail: " ana@example.org ", Name: "Ana", "Shoe size": "38", Tags: "Volunteer; Donor" },
    { Mail: "ben@example.org", Name: "", "Shoe size": "44" },
  ];

  it("keeps mapped columns, drops the others and leaves values untouched", () => {
    expect(buildImportRows(records, headers, ["email", "firstname", null, "tags"])).toEqual([
      { email: " ana@example.org ", firstname: "Ana", tags: "Volunteer; Donor" },
      { email: "ben@example.org", firstname: "" },
    ]);
  });

  it("keeps one row per record so row numbers match the file", () => {
    expect(buildImportRows(records, headers, [null, null, null, null])).toEqual([{}, {}]);
  });
});

describe("parseCsvText", () => {
  it("reads headers and rows, skipping blank lines and a byte order mark", async () => {
    const outcome = await parseCsvText("\uFEFFEmail,Name\na@example.org,Ana\n\nb@example.org,Ben\n", "people.csv");
    expect(outcome).toEqual({
      ok: true,
      csv: {
        fileName: "people.csv",
        headers: ["Email", "Name"],
        records: [
          { Email: "a@example.org", Name: "Ana" },
          { Email: "b@example.org", Name: "Ben" },
        ],
      },
    });
  });

  it("refuses a file with only a header, or with too many rows", async () => {
    expect(await parseCsvText("Email,Name\n", "empty.csv")).toEqual({ ok: false, problem: "empty" });
    expect(await parseCsvText("", "blank.csv")).toEqual({ ok: false, problem: "empty" });
    const big = `Email\n${"x@example.org\n".repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(await parseCsvText(big, "big.csv")).toEqual({ ok: false, problem: "tooManyRows" });
  });

  it("recognises CSV files by name or type", () => {
    expect(looksLikeCsv({ name: "export.CSV", type: "" })).toBe(true);
    expect(looksLikeCsv({ name: "data", type: "text/csv" })).toBe(true);
    expect(looksLikeCsv({ name: "photo.png", type: "image/png" })).toBe(false);
  });
});
