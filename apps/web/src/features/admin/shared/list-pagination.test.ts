import { describe, expect, it } from "vitest";
import { pageRange } from "./list-pagination";

describe("pageRange", () => {
  it("says which rows a page shows", () => {
    expect(pageRange({ page: 2, pageSize: 25 }, 61)).toEqual({ from: 26, to: 50, pageCount: 3 });
    expect(pageRange({ page: 3, pageSize: 25 }, 61)).toEqual({ from: 51, to: 61, pageCount: 3 });
    expect(pageRange({ page: 1, pageSize: 25 }, 0)).toEqual({ from: 0, to: 0, pageCount: 1 });
    // Fewer rows than a page holds, when rows went away since the count.
    expect(pageRange({ page: 2, pageSize: 25 }, 61, 3)).toEqual({ from: 26, to: 28, pageCount: 3 });
  });
});
