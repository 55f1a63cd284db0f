import path from "node:path";

const featuresDir = path.resolve(import.meta.dirname, "../../apps/web/src/features");
const adminDir = path.join(featuresDir, "admin");
/** The folders of the admin feature every admin area may import from; `shared` imports only itself. */
const adminCommons = new Set(["shared", "ui-toolkit"]);

/** The first folder of `file` below `root` (`join` below features, `contacts` below admin), or undefined outside it. */
function folderBelow(root, file) {
  const relative = path.relative(root, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  const [area, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? area : undefined;
}

/** The feature area a path lies in (`join`, `admin`, …), or undefined outside src/features. */
const areaOf = (file) => folderBelow(featuresDir, file);

/** The admin area a path lies in (`contacts`, `callouts`, …), or undefined outside them. */
const adminAreaOf = (file) => folderBelow(adminDir, file);

/**
 * The visitors that hand every relative module reference of a file (an import, export, dynamic
 * import or vi.mock) to `check(source, specifier, target)`, `target` being the resolved path.
 */
function relativeReferences(context, check) {
  const checkSource = (source) => {
    const specifier = source?.type === "Literal" ? source.value : undefined;
    if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
    check(source, specifier, path.resolve(path.dirname(context.filename), specifier));
  };
  return {
    ImportDeclaration: (node) => checkSource(node.source),
    ExportNamedDeclaration: (node) => checkSource(node.source),
    ExportAllDeclaration: (node) => checkSource(node.source),
    ImportExpression: (node) => checkSource(node.source),
    // vi.mock("../../other-feature/…") reaches in just the same.
    "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]": (node) =>
      checkSource(node.arguments[0]),
  };
}

/**
 * A web feature reaches another feature only through that feature's public entry,
 * `features/<area>/index.ts`; what two features share lives in src/shared or src/ui.
 */
const publicEntryOnly = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      internal:
        "'{{path}}' is inside the {{area}} feature: import it from features/{{area}} (its index.ts), or move what is shared to src/shared or src/ui.",
    },
  },
  create(context) {
    const ownArea = areaOf(context.filename);
    if (!ownArea) return {};
    return relativeReferences(context, (source, specifier, target) => {
      const area = areaOf(path.join(target, "_"));
      if (!area || area === ownArea) return;
      const entry = path.join(featuresDir, area);
      if (target === entry || target === path.join(entry, "index")) return;
      context.report({ node: source, messageId: "internal", data: { path: specifier, area } });
    });
  },
};

/**
 * The areas of the admin feature (`features/admin/<area>/`) stay apart: a file in one imports
 * from its own area, from admin's `shared` (and `ui-toolkit`) and from outside the feature,
 * never from another area; `shared` serves the areas and imports none of them. What two areas
 * use lives in `features/admin/shared`. Files directly in features/admin (no area) are not held.
 */
const adminAreasApart = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      otherArea:
        "'{{path}}' is inside the admin area '{{area}}': move what both areas use to features/admin/shared (or below src/features).",
    },
  },
  create(context) {
    const ownArea = adminAreaOf(context.filename);
    if (!ownArea) return {};
    const allowed = (area) => area === ownArea || (ownArea !== "shared" && adminCommons.has(area));
    return relativeReferences(context, (source, specifier, target) => {
      const area = adminAreaOf(path.join(target, "_"));
      if (!area || allowed(area)) return;
      context.report({ node: source, messageId: "otherArea", data: { path: specifier, area } });
    });
  },
};

export const featureBoundaries = {
  rules: { "public-entry-only": publicEntryOnly, "admin-areas-apart": adminAreasApart },
};
