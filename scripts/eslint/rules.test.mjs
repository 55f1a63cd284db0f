import path from "node:path";
import { ESLint, RuleTester } from "eslint";
import { builtinRules } from "eslint/use-at-your-own-risk";
import { afterAll, describe, expect, it } from "vitest";
import { featureBoundaries } from "./feature-boundaries.js";
import { reactOnPreact } from "./react-on-preact.js";

// RuleTester reports each case through the test framework's hooks.
RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: "module" } });
const features = path.resolve(import.meta.dirname, "../../apps/web/src/features");
const inJoin = path.join(features, "join", "pages", "join-page.tsx");

tester.run("react-on-preact/only-what-preact-has", reactOnPreact.rules["only-what-preact-has"], {
  valid: [
    'import { useState, useEffect } from "react";',
    'import * as React from "react"; React.useMemo(() => 1, []);',
    'import { createPortal } from "react-dom";',
    'import { useOptimistic } from "./my-hooks";',
  ],
  invalid: [
    { code: 'import { useOptimistic } from "react";', errors: [{ messageId: "missing" }] },
    { code: 'import { useActionState, useState } from "react";', errors: [{ messageId: "missing" }] },
    { code: 'import * as React from "react"; React.cache(load);', errors: [{ messageId: "missing" }] },
    { code: 'import { useFormStatus } from "react-dom";', errors: [{ messageId: "missing" }] },
  ],
});

tester.run("feature-boundaries/public-entry-only", featureBoundaries.rules["public-entry-only"], {
  valid: [
    { code: 'import { x } from "../../callouts";', filename: inJoin },
    { code: 'import { x } from "../../callouts/index";', filename: inJoin },
    { code: 'import { x } from "../steps/amount";', filename: inJoin },
    { code: 'import { x } from "../../../ui/button";', filename: inJoin },
    { code: 'import { x } from "../../callouts/form";', filename: path.join(features, "..", "app", "x.ts") },
  ],
  invalid: [
    { code: 'import { x } from "../../callouts/form/field";', filename: inJoin, errors: [{ messageId: "internal" }] },
    { code: 'export * from "../../admin/contacts/list";', filename: inJoin, errors: [{ messageId: "internal" }] },
    { code: 'const m = import("../../callouts/map/map");', filename: inJoin, errors: [{ messageId: "internal" }] },
    { code: 'vi.mock("../../callouts/api");', filename: inJoin, errors: [{ messageId: "internal" }] },
  ],
});

const admin = path.join(features, "admin");
const inSettings = path.join(admin, "settings", "pages", "settings-tabs.tsx");
const inShared = path.join(admin, "shared", "list-pagination.tsx");
/** A reference from `filename` into another admin area, which the rule reports. */
const otherArea = (code, filename = inSettings) => ({ code, filename, errors: [{ messageId: "otherArea" }] });

tester.run("feature-boundaries/admin-areas-apart", featureBoundaries.rules["admin-areas-apart"], {
  valid: [
    { code: 'import { x } from "../components/theme-form";', filename: inSettings },
    { code: 'import { x } from "../../shared/load-error";', filename: inSettings },
    { code: 'import { x } from "../../ui-toolkit/ui-toolkit-page";', filename: inSettings },
    { code: 'import { x } from "../../../../ui/button";', filename: inSettings },
    { code: 'import { x } from "./filters/filter-catalogue";', filename: inShared },
    { code: 'import { x } from "./contacts/pages/contact-page";', filename: path.join(admin, "page-titles.test.tsx") },
  ],
  invalid: [
    otherArea('import { x } from "../../callouts/editor/choice-group";'),
    otherArea('export * from "../../contacts/hooks/list-state";'),
    otherArea('const m = import("../../notices/list-state");'),
    otherArea('vi.mock("../../emails/hooks/use-template-name");'),
    otherArea('import { x } from "../contacts/hooks/list-state";', inShared),
  ],
});

// No function of the web app's source is over 120 lines (decision 086).
const root = path.resolve(import.meta.dirname, "../..");
const lengthOptions = { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true };
/** A component of `lines` lines, blank lines and comments between them not counted. */
const componentOf = (lines) =>
  ["function Long() {", ...Array.from({ length: lines - 2 }, (_, n) => `  const a${n} = ${n};\n\n  // ${n}`), "}"].join(
    "\n",
  );

describe("the length of the web app's functions", () => {
  it("is held to 120 lines in the source and not in the tests", async () => {
    const eslint = new ESLint({ cwd: root });
    const source = await eslint.calculateConfigForFile("apps/web/src/features/join/pages/join-page.tsx");
    expect(source.rules["max-lines-per-function"]).toEqual([2, lengthOptions]);
    const test = await eslint.calculateConfigForFile("apps/web/src/features/join/pages/join-page.test.tsx");
    expect(test.rules["max-lines-per-function"]).toBeUndefined();
  });
});

tester.run("max-lines-per-function", builtinRules.get("max-lines-per-function"), {
  valid: [{ code: componentOf(120), options: [lengthOptions] }],
  invalid: [{ code: componentOf(121), options: [lengthOptions], errors: [{ messageId: "exceed" }] }],
});
