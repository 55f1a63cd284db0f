import path from "node:path";

const featuresDir = path.resolve(import.meta.dirname, "../../apps/web/src/features");
const adminDir = path.join(featuresDir, "admin");
/** The folders of the admin feature every admin area may import from; `shared` imports only itself. */
const adminCommons = new Set(["shared", "ui-toolkit"]);

/** The feature area a path lies in (`join`, `admin`, …), or undefined outside src/features. */
function areaOf(file) {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  const [area, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? area : undefined;
}

/** The admin area a path lies in (`contacts`, `callouts`, …), or undefined outside them. */
function adminAreaOf(file) {
  const relative = path.relative(adminDir, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  const [area, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? area : undefined;
}

/** The relative specifier of an import, export, dynamic import or vi.mock, as a resolved path. */
function relativeTarget(context, source) {
  const specifier = source?.type === "Literal" ? source.value : undefined;
  if (typeof specifier !== "string" || !specifier.startsWith(".")) return undefined;
  return { specifier, target: path.resolve(path.dirname(context.filename), specifier) };
}

/** The visitors that hand every module reference of a file to `check(node, source)`. */
function moduleReferences(check) {
  const checkSource = (node) => check(node, node.source);
  return {
    ImportDeclaration: checkSource,
    ExportNamedDeclaration: checkSource,
    ExportAllDeclaration: checkSource,
    ImportExpression: checkSource,
    // vi.mock("../../other-feature/…") reaches in just the same.
    "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]": (node) =>
      check(node, node.arguments[0]),
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
    return moduleReferences((node, source) => {
      const reference = relativeTarget(context, source);
      if (!reference) return;
      const area = areaOf(path.join(reference.target, "_"));
      if (!area || area === ownArea) return;
      const entry = path.join(featuresDir, area);
      if (reference.target === entry || reference.target === path.join(entry, "index")) return;
      context.report({ node: source, messageId: "internal", data: { path: reference.specifier, area } });
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
    return moduleReferences((node, source) => {
      const reference = relativeTarget(context, source);
      if (!reference) return;
      const area = adminAreaOf(path.join(reference.target, "_"));
      if (!area || allowed(area)) return;
      context.report({ node: source, messageId: "otherArea", data: { path: reference.specifier, area } });
    });
  },
};

export const featureBoundaries = {
  rules: { "public-entry-only": publicEntryOnly, "admin-areas-apart": adminAreasApart },
};
