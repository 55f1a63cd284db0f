import path from "node:path";

const featuresDir = path.resolve(import.meta.dirname, "../../apps/web/src/features");

/** The feature area a path lies in (`join`, `admin`, …), or undefined outside src/features. */
function areaOf(file) {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  const [area, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? area : undefined;
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
    const check = (node, source) => {
      const specifier = source?.type === "Literal" ? source.value : undefined;
      if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
      const target = path.resolve(path.dirname(context.filename), specifier);
      const area = areaOf(path.join(target, "_"));
      if (!area || area === ownArea) return;
      const entry = path.join(featuresDir, area);
      if (target === entry || target === path.join(entry, "index")) return;
      context.report({ node: source, messageId: "internal", data: { path: specifier, area } });
    };
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
  },
};

export const featureBoundaries = { rules: { "public-entry-only": publicEntryOnly } };
