import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * The names `react` and `react-dom` export that Preact's compatibility layer does not (decision
 * 043): imported in the web app they are `undefined` at run time, whatever React's types say.
 * Worked out from the installed packages, so an upgrade of either side updates the list.
 */
function missingFromPreact() {
  const compat = require("preact/compat");
  const missing = new Map();
  for (const source of ["react", "react-dom"]) {
    for (const name of Object.keys(require(source))) {
      if (!(name in compat) && !name.startsWith("__")) missing.set(`${source}:${name}`, true);
    }
  }
  return missing;
}

const REACT_SOURCES = new Set(["react", "react-dom", "react-dom/client"]);

/** Refuses imports (and `React.x` uses) of React APIs that the Preact layer lacks. */
const onlyWhatPreactHas = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      missing:
        "'{{name}}' comes from React 19 and Preact's compatibility layer has no '{{name}}': it would be undefined in the browser (decision 043).",
    },
  },
  create(context) {
    const missing = missingFromPreact();
    const lacks = (name) => missing.has(`react:${name}`) || missing.has(`react-dom:${name}`);
    const namespaces = new Set();
    return {
      ImportDeclaration(node) {
        if (!REACT_SOURCES.has(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === "ImportSpecifier") {
            const name = specifier.imported.name ?? specifier.imported.value;
            if (lacks(name)) context.report({ node: specifier, messageId: "missing", data: { name } });
          } else {
            namespaces.add(specifier.local.name);
          }
        }
      },
      MemberExpression(node) {
        if (node.object.type !== "Identifier" || !namespaces.has(node.object.name)) return;
        const name = node.property.type === "Identifier" ? node.property.name : undefined;
        if (name && lacks(name)) context.report({ node: node.property, messageId: "missing", data: { name } });
      },
    };
  },
};

export const reactOnPreact = { rules: { "only-what-preact-has": onlyWhatPreactHas } };
