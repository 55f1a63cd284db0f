import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// The first render of a page loads its lazy chunks; on a busy two-core machine that can
// take longer than the library's one-second default for findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
