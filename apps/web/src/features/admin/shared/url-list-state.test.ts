import { describe, expect, it } from "vitest";
import { oneOfParam, pageParam, pageSizeParam, textParam, urlList } from "./url-list-state";

const list = urlList({
  status: oneOfParam("status", ["open", "ended"] as const, undefined),
  search: textParam("q"),
  size: pageSizeParam([25, 50]),
  page: pageParam(10),
});

describe("urlList", () => {
  it("writes the parameters in the order they are declared and leaves the defaults out", () => {
    expect(list.write({ status: "open", search: "bike", size: 50, page: 3 }).toString()).toBe(
      "status=open&q=bike&size=50&page=3",
    );
    expect(list.write(list.defaults).toString()).toBe("");
    expect(list.defaults).toEqual({ status: undefined, search: "", size: 25, page: 1 });
  });

  it("reads anything odd as the default", () => {
    expect(list.read(new URLSearchParams("status=gone&size=7&page=11"))).toEqual(list.defaults);
    expect(list.read(new URLSearchParams("page=-2&size=abc"))).toEqual(list.defaults);
    expect(list.write({ ...list.defaults, search: "  " }).toString()).toBe("");
  });
});
