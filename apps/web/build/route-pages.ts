import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { PageReadName } from "@cohort/common/http";

/**
 * A page people often open first, from a link outside: its path in the route
 * table, the source modules of its lazily loaded code (its frames' and its
 * own), and the API reads it makes beside those every page makes.
 */
export interface FirstPage {
  path: string;
  modules: readonly string[];
  reads: readonly PageReadName[];
}

const webRoot = path.resolve(import.meta.dirname, "..");
const tableFile = path.join(webRoot, "src/app/router/route-table.tsx");

/** A page of the table as its source declares it, for the build and benches that run outside the app. */
interface DeclaredPage {
  path: string;
  /** The modules its code loads from, relative to `apps/web`: its frames' first, then its own. */
  modules: string[];
  meta: ts.ObjectLiteralExpression;
}

function fail(node: ts.Node | undefined, message: string): never {
  const line = node ? node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1 : "?";
  throw new Error(`${path.relative(webRoot, tableFile)}:${line}: ${message}`);
}

/**
 * The members of an object written out, by name. Any other kind of member (a spread, a shorthand,
 * a computed name) fails the build, since what it stands for cannot be read from the source.
 */
function members(object: ts.ObjectLiteralExpression): Map<string, ts.PropertyAssignment> {
  const byName = new Map<string, ts.PropertyAssignment>();
  for (const item of object.properties) {
    if (!ts.isPropertyAssignment(item) || !(ts.isIdentifier(item.name) || ts.isStringLiteral(item.name))) {
      return fail(item, "expected `name: value` (the build reads the table's source)");
    }
    byName.set(item.name.text, item);
  }
  return byName;
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  return members(object).get(name)?.initializer;
}

function stringOf(node: ts.Node | undefined): string {
  if (node && ts.isStringLiteral(node)) return node.text;
  return fail(node, "expected a string written out");
}

function objectOf(node: ts.Node | undefined): ts.ObjectLiteralExpression {
  if (node && ts.isObjectLiteralExpression(node)) return node;
  return fail(node, "expected an object written out");
}

/** `() => import("../../features/…/x-page")` → `src/features/…/x-page.tsx`. */
function moduleOf(load: ts.Node | undefined): string {
  const call = load && ts.isArrowFunction(load) ? load.body : undefined;
  if (!call || !ts.isCallExpression(call) || call.expression.kind !== ts.SyntaxKind.ImportKeyword) {
    return fail(load, "expected () => import(…)");
  }
  const base = path.resolve(path.dirname(tableFile), stringOf(call.arguments[0]));
  const file = [".tsx", ".ts"].map((extension) => base + extension).find((candidate) => existsSync(candidate));
  return file ? path.relative(webRoot, file).split(path.sep).join("/") : fail(call, `no module at ${base}`);
}

function pagesOf(list: ts.Node | undefined, parentPath: string, parentModules: string[]): DeclaredPage[] {
  if (!list || !ts.isArrayLiteralExpression(list)) return fail(list, "expected a list of pages");
  return list.elements.flatMap((element): DeclaredPage[] => {
    let own: string | null;
    let modules = parentModules;
    let meta: ts.ObjectLiteralExpression;
    let children: ts.Expression | undefined;
    if (ts.isCallExpression(element) && element.expression.getText() === "page") {
      const [pathArgument, load, , metaArgument, options] = element.arguments;
      own = pathArgument?.getText() === "index" ? null : stringOf(pathArgument);
      modules = [...parentModules, moduleOf(load)];
      meta = objectOf(metaArgument);
      children = options && property(objectOf(options), "children");
    } else if (ts.isObjectLiteralExpression(element)) {
      own = property(element, "path") ? stringOf(property(element, "path")) : null;
      meta = objectOf(property(element, "meta"));
      children = property(element, "children");
    } else {
      return fail(element, "expected page(…) or a route written out");
    }
    const fullPath = own === null ? parentPath : `${parentPath}/${own}`;
    return children ? pagesOf(children, fullPath, modules) : [{ path: fullPath || "/", modules, meta }];
  });
}

/** Every page of the route table, read from its source (the build cannot run the app's modules). */
function declaredPages(text = readFileSync(tableFile, "utf8")): DeclaredPage[] {
  const source = ts.createSourceFile(tableFile, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const declaration = statement.declarationList.declarations.find((item) => item.name.getText() === "routeTable");
    if (declaration) return pagesOf(declaration.initializer, "", []);
  }
  throw new Error(`${tableFile} declares no routeTable`);
}

/**
 * The pages whose meta says `firstPage`: the build lists the files each is
 * made of, and the server names them, with the page's reads, in the page's
 * head, so the browser fetches everything the page needs at once instead of
 * learning of it script by script (decision 045). Other pages load as the
 * app finds them.
 */
export function readFirstPages(): FirstPage[] {
  return declaredPages().flatMap((page) => {
    const firstPage = property(page.meta, "firstPage");
    if (!firstPage) return [];
    const reads = property(objectOf(firstPage), "reads");
    if (!reads || !ts.isArrayLiteralExpression(reads)) return fail(firstPage, "expected reads: [ … ]");
    return [
      { path: page.path, modules: page.modules, reads: reads.elements.map((read) => stringOf(read) as PageReadName) },
    ];
  });
}

/** The meta that only the build and the server's renderer read. */
const buildOnlyMeta = new Set(["firstPage", "prerendered"]);

/**
 * The route table's source as the browser's bundle gets it: without the meta
 * only the build and the server's renderer read, blanked out in place so that
 * every other character keeps its position.
 */
export function withoutBuildOnlyMeta(text: string): string {
  const characters = text.split(""); // UTF-16 units, as the parser counts positions
  for (const page of declaredPages(text)) {
    const items = page.meta.properties;
    const buildOnly = new Set(
      [...members(page.meta)].filter(([name]) => buildOnlyMeta.has(name)).map(([, item]) => item),
    );
    items.forEach((item, index) => {
      if (!buildOnly.has(item as ts.PropertyAssignment)) return;
      // From the end of the property before (its comma included), or from this one's start when it is the first.
      const start = index > 0 ? (items[index - 1]?.getEnd() ?? item.getStart()) : item.getStart();
      const end = index > 0 ? item.getEnd() : (items[index + 1]?.getStart() ?? item.getEnd());
      for (let position = start; position < end; position++) {
        if (characters[position] !== "\n") characters[position] = " ";
      }
    });
  }
  return characters.join("");
}
