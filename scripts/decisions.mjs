// The decision records in `docs/decisions/`: each file `NNN-name.md` opens with its title
// (`# NNN — Title`) and a line that says when it was taken and whether it still holds
// (`Date: 2026-11-28 · Status: accepted`). The index in `docs/decisions/README.md`, between its
// two markers, is made from them.
//
//   node scripts/decisions.mjs          writes the index
//   node scripts/decisions.mjs --check  fails when a record or the index is not as it should be
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DECISIONS_DIR = path.join(root, "docs", "decisions");
const INDEX_FILE = path.join(DECISIONS_DIR, "README.md");
const INDEX_START = "<!-- index: made by `node scripts/decisions.mjs`; do not edit by hand -->";
const INDEX_END = "<!-- end of index -->";

const FILE_NAME = /^(\d{3})-[a-z0-9-]+\.md$/;
const TITLE = /^# (\d{3}) — (\S.*)$/;
const STATUS_LINE = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (.+)$/;
/** `accepted`, `proposed`, `superseded by [NNN](NNN-name.md)` or `accepted, in part superseded by […](…)`. */
const STATUS =
  /^(proposed|accepted|superseded by \[(\d{3})\]\((\d{3}-[a-z0-9-]+\.md)\)|accepted, in part superseded by .+)$/;
const SUPERSEDING_LINK = /\[(\d{3})\]\((\d{3}-[a-z0-9-]+\.md)\)/g;

/** Every record, in number order, with what is wrong with it. */
export function readDecisions(dir = DECISIONS_DIR) {
  const files = readdirSync(dir)
    .filter((name) => /^\d/.test(name))
    .sort();
  const names = new Set(files);
  return files.map((file) => {
    const problems = [];
    const number = FILE_NAME.exec(file)?.[1];
    if (!number) problems.push("its file name is not NNN-words-in-lowercase.md");
    const [titleLine = "", , statusLine = ""] = readFileSync(path.join(dir, file), "utf8").split("\n");
    const title = TITLE.exec(titleLine);
    if (!title) problems.push(`its first line is not "# NNN — Title": ${JSON.stringify(titleLine)}`);
    else if (title[1] !== number) problems.push(`its title's number ${title[1]} is not its file's`);
    const dated = STATUS_LINE.exec(statusLine);
    if (!dated) problems.push(`its third line is not "Date: YYYY-MM-DD · Status: …": ${JSON.stringify(statusLine)}`);
    const status = dated?.[2] ?? "";
    if (dated && !STATUS.test(status)) {
      problems.push(`its status is not proposed, accepted or superseded by a linked record: ${status}`);
    }
    for (const [, by, link] of status.matchAll(SUPERSEDING_LINK)) {
      if (!link.startsWith(by) || !names.has(link)) problems.push(`it names ${link}, which is not a record`);
      else if (number && by <= number) problems.push(`it is superseded by ${by}, which is not a later record`);
    }
    return { file, number, title: title?.[2] ?? file, date: dated?.[1] ?? "", status, problems };
  });
}

/** The index's table, one row per record. */
export function indexTable(decisions) {
  const rows = decisions.map(
    ({ file, number, title, date, status }) =>
      `| [${number}](${file}) | ${title.replaceAll("|", "\\|")} | ${date} | ${status.replaceAll("|", "\\|")} |`,
  );
  return ["| No. | Decision | Date | Status |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

/** The README with its index made anew from the records. */
export function withIndex(readme, decisions) {
  const start = readme.indexOf(INDEX_START);
  const end = readme.indexOf(INDEX_END);
  if (start < 0 || end < start) throw new Error(`${INDEX_FILE} has lost its index markers`);
  return `${readme.slice(0, start + INDEX_START.length)}\n\n${indexTable(decisions)}\n\n${readme.slice(end)}`;
}

/** What is wrong with the records and the index, one line each (none when all is well). */
export function check(dir = DECISIONS_DIR) {
  const decisions = readDecisions(dir);
  const problems = decisions.flatMap(({ file, problems }) => problems.map((problem) => `${file}: ${problem}`));
  const seen = new Map();
  for (const { file, number } of decisions) {
    if (number && seen.has(number)) problems.push(`${file}: its number is also ${seen.get(number)}'s`);
    if (number) seen.set(number, file);
  }
  const readme = readFileSync(path.join(dir, "README.md"), "utf8");
  // Prettier pads the table's cells: compare without the padding.
  const plain = (text) => text.replace(/ *\| */g, "|").replace(/-{3,}/g, "---");
  if (plain(withIndex(readme, decisions)) !== plain(readme)) {
    problems.push("README.md: its index is not the records' (run `node scripts/decisions.mjs`)");
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--check")) {
    const problems = check();
    for (const problem of problems) process.stderr.write(`${problem}\n`);
    process.exit(problems.length > 0 ? 1 : 0);
  }
  const readme = withIndex(readFileSync(INDEX_FILE, "utf8"), readDecisions());
  const prettier = await import("prettier");
  const options = await prettier.resolveConfig(INDEX_FILE);
  writeFileSync(INDEX_FILE, await prettier.format(readme, { ...options, filepath: INDEX_FILE }));
}
