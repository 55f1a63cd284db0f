import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TABLE_OWNERS } from "../src/db/owners.js";

/*
 * Two rules over the server's sources, read as text (decision 083):
 * - every table is written (inserted into, updated, deleted from) by its owner in
 *   `src/db/owners.ts` only, through drizzle or in raw SQL;
 * - the modules' imports of one another point one way: no cycle.
 */

const src = fileURLToPath(new URL("../src/", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "migrations" ? [] : sourceFiles(full);
    return name.endsWith(".ts") ? [full] : [];
  });
}

/**
 * The part of the server a file belongs to: `modules/<area>` (with all its sub-folders, decision 089),
 * `providers/<kind>`, or a top folder of `src/`.
 */
function partOf(file: string): string {
  const [top, next] = path.relative(src, file).split(path.sep);
  if (top === "modules" || top === "providers") return `${top}/${next}`;
  return next === undefined ? "src" : top!;
}

/** Comments out of the way, so that prose is never read as SQL. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/** Export name → SQL name of every table in `db/schema`. */
function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of sourceFiles(path.join(src, "db/schema"))) {
    for (const [, name, sqlName] of readFileSync(file, "utf8").matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
      tables.set(name!, sqlName!);
    }
  }
  return tables;
}

interface Write {
  file: string;
  /** The table's export name, or the text written in place of a table that is none. */
  table: string;
  how: string;
}

/**
 * Every write in a source file: drizzle's `.insert(t)`, `.update(t)` and `.delete(t)` on a table
 * imported from `db/schema` (by name, renamed, or through `import * as`), and in SQL text the
 * target of `INSERT INTO`, `UPDATE … SET`, `DELETE FROM`, `MERGE INTO` and `TRUNCATE`, named
 * `${table}` or by its SQL name (an `ON CONFLICT … DO UPDATE` writes the table of its insert).
 */
function writesIn(file: string, text: string, tables: Map<string, string>): Write[] {
  const code = withoutComments(text);
  const local = new Map<string, string>();
  const namespaces = new Set<string>();
  for (const [, names, from] of code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)) {
    if (!/(^|\/)(db\/)?schema(\/|\.js|$)/.test(from!) && !from!.startsWith("./schema/")) continue;
    for (const part of names!.split(",")) {
      const [name, alias] = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/);
      if (name && tables.has(name)) local.set(alias ?? name, name);
    }
  }
  for (const [, name] of code.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s+"[^"]*schema[^"]*"/g)) namespaces.add(name!);
  const sqlNames = new Map([...tables].map(([name, sqlName]) => [sqlName, name]));
  const tableOf = (expression: string): string | undefined => {
    const direct = local.get(expression);
    if (direct) return direct;
    const [space, member] = expression.split(".");
    return member && namespaces.has(space!) && tables.has(member) ? member : undefined;
  };

  const writes: Write[] = [];
  for (const [, verb, target] of code.matchAll(/\.(insert|update|delete)\(\s*([\w$]+(?:\.[\w$]+)?)\s*\)/g)) {
    const table = tableOf(target!);
    if (table) writes.push({ file, table, how: `drizzle .${verb}()` });
  }
  const statement =
    /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|MERGE\s+INTO|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:\$\{\s*([\w$.]+)\s*\}|"?([a-z_][a-z0-9_]*)"?)(\s+(?:AS\s+)?\w+)?(\s+SET\b)?/gi;
  for (const match of code.matchAll(statement)) {
    const [, keyword, interpolated, named, alias, set] = match;
    const verb = keyword!.toUpperCase().replace(/\s+/g, " ");
    // Only `UPDATE <table> [AS alias] SET` names a table: not `FOR UPDATE …` nor `DO UPDATE SET`.
    if (verb === "UPDATE" && !set && !/^\s*set$/i.test(alias ?? "")) continue;
    const table = interpolated ? tableOf(interpolated) : sqlNames.get(named!.toLowerCase());
    writes.push({ file, table: table ?? `unknown table ${interpolated ?? named}`, how: `SQL ${verb}` });
  }
  return writes;
}

const tables = schemaTables();
const files = sourceFiles(src);
const texts = new Map(files.map((file) => [file, readFileSync(file, "utf8")]));
const owners: Record<string, string> = TABLE_OWNERS;

describe("every table has one owner", () => {
  it("names an owner for each table of the schema, and only for those", () => {
    expect(Object.keys(owners).sort()).toEqual([...tables.keys()].sort());
  });

  it("finds writes of every kind it looks for", () => {
    const sample = `import { contacts as people } from "../../db/schema/index.js";
      import * as schema from "../../db/schema/index.js";
      db.insert(people); tx.update(schema.payments); db.delete(people);
      sql\`INSERT INTO \${people} (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET id = 2 FOR UPDATE\`;
      sql\`UPDATE contact_roles AS r SET role = 'x'\`; sql\`DELETE FROM notices\`;
      sql\`UPDATE \${schema.jobs} SET kind = ''\`; sql\`INSERT INTO nothing_known (a) VALUES (1)\`;
      // db.delete(people) in a comment is no write`;
    const found = writesIn("x.ts", sample, tables).map((write) => `${write.how} ${write.table}`);
    expect(found.sort()).toEqual(
      [
        "drizzle .insert() contacts",
        "drizzle .update() payments",
        "drizzle .delete() contacts",
        "SQL INSERT INTO contacts",
        "SQL UPDATE contactRoles",
        "SQL DELETE FROM notices",
        "SQL UPDATE jobs",
        "SQL INSERT INTO unknown table nothing_known",
      ].sort(),
    );
  });

  it("counts a sub-module's files as its module's", () => {
    expect(partOf(path.join(src, "modules/responses/tags/queries.ts"))).toBe("modules/responses");
    expect(partOf(path.join(src, "modules/responses/queries.ts"))).toBe("modules/responses");
  });

  it("sees each table written by its owner only", () => {
    const strays = files.flatMap((file) =>
      writesIn(file, texts.get(file)!, tables)
        .filter((write) => owners[write.table] !== partOf(file))
        .map((write) => {
          const owner = owners[write.table] ?? "no owner";
          return `${path.relative(src, file)}: ${write.how} ${write.table} (owned by ${owner})`;
        }),
    );
    expect(strays, "ask the owner's service for these writes (src/db/owners.ts)").toEqual([]);
  });
});

const modulesDir = path.join(src, "modules");

/** Module → the modules it imports from (values, types, re-exports and dynamic imports alike). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const [top, from] = path.relative(src, file).split(path.sep);
    if (top !== "modules") continue;
    const targets = graph.get(from!) ?? new Set<string>();
    graph.set(from!, targets);
    const code = withoutComments(texts.get(file)!);
    for (const [, specifier] of code.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)"([^"]+)"/g)) {
      if (!specifier!.startsWith(".")) continue;
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier!)).split(path.sep);
      if (target.length > 1 && target[0] !== ".." && target[0] !== from) targets.add(target[0]!);
    }
  }
  return graph;
}

/** The cycles of the graph: each strongly connected group of more than one module (Tarjan). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/**
 * The graph as the architecture document shows it: one line per module, the modules that import
 * nothing from another module first, then each module after everything it imports.
 */
function describeGraph(graph: Map<string, Set<string>>): string {
  const level = new Map<string, number>();
  const levelOf = (node: string): number => {
    const known = level.get(node);
    if (known !== undefined) return known;
    level.set(node, 0);
    const value = Math.max(-1, ...[...(graph.get(node) ?? [])].map(levelOf)) + 1;
    level.set(node, value);
    return value;
  };
  const nodes = [...graph.keys()].sort((a, b) => levelOf(a) - levelOf(b) || a.localeCompare(b));
  return nodes
    .map((node) => {
      const targets = [...graph.get(node)!].sort();
      return targets.length ? `${node} → ${targets.join(", ")}` : `${node}`;
    })
    .join("\n");
}

const architecture = fileURLToPath(new URL("../../../docs/architecture.md", import.meta.url));
const GRAPH_START = "<!-- module graph: written by apps/server/test/module-boundaries.test.ts -->";
const GRAPH_END = "<!-- end of module graph -->";

describe("module dependencies point one way", () => {
  const graph = moduleGraph();

  it("finds an import of every kind it looks for", () => {
    expect(graph.get("setup")).toContain("contacts");
    expect(graph.get("responses")).toContain("callouts");
    // Only a sub-module of responses (responses/tags) imports the tags module; sub-modules are no nodes.
    expect(graph.get("responses")).toContain("tags");
    expect([...graph.keys()]).not.toContain("inbox");
    expect(
      cyclesOf(
        new Map([
          ["a", new Set(["b"])],
          ["b", new Set(["c"])],
          ["c", new Set(["a"])],
        ]),
      ),
    ).toEqual([["a", "b", "c"]]);
  });

  it("has no cycle between modules", () => {
    expect(cyclesOf(graph), "a module imports, through others, a module that imports it").toEqual([]);
  });

  it("is drawn as it is in docs/architecture.md", () => {
    const text = readFileSync(architecture, "utf8");
    const start = text.indexOf(GRAPH_START);
    const end = text.indexOf(GRAPH_END);
    expect(start, `docs/architecture.md marks the graph with ${GRAPH_START}`).toBeGreaterThan(-1);
    const drawn = `${GRAPH_START}\n\n\`\`\`text\n${describeGraph(graph)}\n\`\`\`\n\n`;
    const written = text.slice(start, end);
    // WRITE_MODULE_GRAPH=1 writes the graph as it is now in place of the old one.
    if (written !== drawn && process.env.WRITE_MODULE_GRAPH === "1") {
      writeFileSync(architecture, text.slice(0, start) + drawn + text.slice(end));
      return;
    }
    expect(written, "the module graph changed: run this test with WRITE_MODULE_GRAPH=1 and commit the document").toBe(
      drawn,
    );
  });
});
