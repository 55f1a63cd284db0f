import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { check, indexTable, readDecisions } from "./decisions.mjs";

const README = (index) =>
  `# Decision records\n\n<!-- index: made by \`node scripts/decisions.mjs\`; do not edit by hand -->\n\n${index}\n\n<!-- end of index -->\n`;

let dir;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** A folder of records with the given texts, and an index made from them unless one is given. */
function records(files, index) {
  dir = mkdtempSync(path.join(os.tmpdir(), "decisions-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  writeFileSync(path.join(dir, "README.md"), README(index ?? indexTable(readDecisions(dir))));
  return dir;
}

const record = (title, status = "accepted", date = "2026-11-28") =>
  `# ${title}\n\nDate: ${date} · Status: ${status}\n\nText.\n`;

describe("the decision records", () => {
  it("each open with their title, date and status, and the index lists them all", () => {
    expect(check()).toEqual([]);
  });

  it("are refused with a title, date or status out of form", () => {
    const problems = check(
      records({
        "001-first.md": record("001: First"),
        "002-second.md": "# 002 — Second\n\nNo date here.\n",
        "003-third.md": record("003 — Third", "maybe"),
        "004-fourth.md": record("005 — Fourth"),
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^001-first\.md: its first line/),
      expect.stringMatching(/^002-second\.md: its third line/),
      expect.stringMatching(/^003-third\.md: its status/),
      expect.stringMatching(/^004-fourth\.md: its title's number 005/),
    ]);
  });

  it("are superseded only by a later record that exists", () => {
    const problems = check(
      records({
        "001-old.md": record("001 — Old", "superseded by [002](002-new.md)"),
        "002-new.md": record("002 — New", "superseded by [001](001-old.md)"),
        "003-other.md": record("003 — Other", "accepted, in part superseded by [009](009-gone.md)"),
      }),
    );
    expect(problems).toEqual([
      "002-new.md: it is superseded by 001, which is not a later record",
      "003-other.md: it names 009-gone.md, which is not a record",
    ]);
  });

  it("fail the check when the index is not made from them", () => {
    const problems = check(records({ "001-one.md": record("001 — One") }, "| No. | Decision | Date | Status |"));
    expect(problems).toEqual([expect.stringMatching(/^README\.md: its index is not the records'/)]);
  });
});
