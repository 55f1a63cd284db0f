#!/usr/bin/env node
// Lists the members whose membership started on or after a date, using an API key.
//
//   COHORT_URL=https://members.example.org COHORT_KEY=… node docs/examples/new-members.mjs 2026-01-01
//
// The key is one from Settings → API keys. The description of every route is at
// /api/1.0/openapi.json; this script uses one: GET /api/1.0/contact with a filter.

const [since] = process.argv.slice(2);
const base = (process.env.COHORT_URL ?? "http://localhost:3000").replace(/\/$/, "");
const key = process.env.COHORT_KEY;
if (!key || !/^\d{4}-\d{2}-\d{2}$/.test(since ?? "")) {
  process.stderr.write("usage: COHORT_KEY=… [COHORT_URL=…] node new-members.mjs YYYY-MM-DD\n");
  process.exit(2);
}

// Members now, whose membership began on or after the date (the filter grammar of the README).
const rules = {
  condition: "AND",
  rules: [
    { field: "activeMembership", operator: "equal", value: [true] },
    { field: "membershipStarts", operator: "greater_or_equal", value: [since] },
  ],
};

const PAGE = 100;
for (let offset = 0; ; offset += PAGE) {
  const url = new URL(`${base}/api/1.0/contact`);
  url.searchParams.set("rules", JSON.stringify(rules));
  url.searchParams.set("with", "roles");
  url.searchParams.set("sort", "joined");
  url.searchParams.set("order", "ASC");
  url.searchParams.set("limit", String(PAGE));
  url.searchParams.set("offset", String(offset));
  const response = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
  const body = await response.json();
  if (!response.ok) {
    // Every error has the same body: {httpCode, code, message, errors?}.
    process.stderr.write(`${body.httpCode} ${body.code}: ${body.message}\n`);
    process.exit(1);
  }
  for (const contact of body.items) {
    const member = contact.roles?.find((role) => role.role === "member");
    const line = [member?.dateAdded?.slice(0, 10) ?? "", contact.email, contact.firstname, contact.lastname];
    process.stdout.write(`${line.join("\t")}\n`);
  }
  if (offset + body.count >= body.total) break;
}
