import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ClientError } from "../../../../api/client-error";
import { renderRoutes } from "../../../../test/harness";
import { useRowSelection } from "../use-row-selection";
import type { ListData, ListScreenProps } from "./list-screen";
import { ListScreen } from "./list-screen";

interface Thing {
  id: string;
  name: string;
}

const things: Thing[] = ["Ant", "Bee", "Cat", "Dog", "Eel"].map((name, index) => ({ id: `t${index}`, name }));

/** Never answers. */
const never = () => new Promise<ListData<Thing>>(() => undefined);

/** A page of the things, as a server with `total` rows would answer it. */
const pageOf = (page: number, size: number, total = things.length) =>
  Promise.resolve({ items: things.slice((page - 1) * size, page * size), total });

type Options = Partial<Omit<ListScreenProps<Thing>, "query" | "children">> & { withBulk?: boolean; page?: number };

/** A list screen of things whose reads answer, one after the other, from `answers`; the page is kept in state. */
function listReading(answers: ((page: number, size: number) => Promise<ListData<Thing>>)[], options: Options = {}) {
  const { withBulk, page: firstPage = 1, ...props } = options;
  function Screen() {
    const [paging, setPaging] = useState({ page: firstPage, size: 2 });
    const query = useQuery({
      queryKey: ["things", paging],
      queryFn: () => (answers.shift() ?? never)(paging.page, paging.size),
      placeholderData: keepPreviousData,
    });
    const rows = useRowSelection("things");
    return (
      <ListScreen
        query={query}
        toolbar={<input aria-label="Search things" />}
        empty={{ none: <p>No things yet</p> }}
        bulk={
          withBulk
            ? {
                rows,
                idOf: (thing) => thing.id,
                texts: "admin.contacts.selection",
                label: "Selected things",
                actions: <button type="button">Tag them</button>,
              }
            : undefined
        }
        pagination={{
          keys: "admin.contacts.pagination",
          page: paging.page,
          pageSize: paging.size,
          pageSizes: [2, 4],
          onPageChange: (page) => setPaging({ ...paging, page }),
          onPageSizeChange: (size) => setPaging({ page: 1, size }),
        }}
        {...props}
      >
        {(items, table) => (
          <ul aria-label="Things" aria-busy={table.isBusy}>
            {items.map((thing) => (
              <li key={thing.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={table.selection.isSelected(thing.id)}
                    onChange={(event) => table.selection.onToggle(thing.id, event.target.checked)}
                  />
                  {thing.name}
                </label>
              </li>
            ))}
            <li>
              <label>
                <input type="checkbox" onChange={(event) => table.selection.onTogglePage(event.target.checked)} />
                Whole page
              </label>
            </li>
          </ul>
        )}
      </ListScreen>
    );
  }
  renderRoutes([{ path: "/things", element: <Screen /> }], "/things");
}

const rowNames = () =>
  within(screen.getByRole("list", { name: "Things" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("the admin list screen", () => {
  it("shows the toolbar and the loading shapes until the first page is read", async () => {
    let answer: (data: ListData<Thing>) => void = () => undefined;
    listReading([() => new Promise((resolve) => (answer = resolve))], { loading: <span>shapes</span> });
    expect(screen.getByRole("textbox", { name: "Search things" })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.getByText("shapes")).toBeInTheDocument();
    answer({ items: things.slice(0, 2), total: 5 });
    expect(await screen.findByRole("list", { name: "Things" })).toBeVisible();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says when there is nothing at all, without a bar of pages", async () => {
    listReading([() => Promise.resolve({ items: [], total: 0 })]);
    expect(await screen.findByText("No things yet")).toBeVisible();
    expect(screen.queryByRole("navigation", { name: "Pages of contacts" })).toBeNull();
  });

  it("offers to clear a search that matches nothing", async () => {
    let cleared = 0;
    listReading([() => Promise.resolve({ items: [], total: 0 })], {
      empty: { none: <p>No things yet</p>, keys: "admin.contacts.empty", onClear: () => cleared++ },
    });
    expect(await screen.findByText("No contacts match")).toBeVisible();
    expect(screen.queryByText("No things yet")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Clear search and filter" }));
    expect(cleared).toBe(1);
  });

  it("leads from a page past the last back to the first", async () => {
    listReading([() => Promise.resolve({ items: [], total: 5 }), pageOf], {
      empty: { none: <p>No things yet</p>, keys: "admin.contacts.empty" },
      page: 4,
    });
    expect(await screen.findByText("There is nothing on this page")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Go to the first page" }));
    expect(await screen.findByRole("list", { name: "Things" })).toBeVisible();
    expect(rowNames()).toEqual(["Ant", "Bee", "Whole page"]);
  });

  it("says why the list could not be read, and reads it again on retry", async () => {
    listReading([() => Promise.reject(new ClientError(503)), pageOf]);
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong");
    expect(screen.getByRole("textbox", { name: "Search things" })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Things" })).toBeVisible();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("explains a refused filter and offers to edit or clear it instead of retrying", async () => {
    const done: string[] = [];
    const refused = new ClientError(400, { code: "invalid-rule", message: "No such field: colour" });
    listReading([() => Promise.reject(refused)], {
      ruleError: {
        keys: "admin.contacts",
        isPanelOpen: false,
        onEdit: () => done.push("edit"),
        onClear: () => done.push("clear"),
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("No such field: colour");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    await userEvent.click(within(alert).getByRole("button", { name: "Edit the filter" }));
    await userEvent.click(within(alert).getByRole("button", { name: "Clear filter" }));
    expect(done).toEqual(["edit", "clear"]);
  });

  it("moves between pages and changes the page size", async () => {
    listReading([pageOf, pageOf, pageOf]);
    expect(await screen.findByText("1–2 of 5")).toBeVisible();
    const pages = screen.getByRole("navigation", { name: "Pages of contacts" });
    expect(within(pages).getByRole("button", { name: "Previous page" })).toBeDisabled();
    await userEvent.click(within(pages).getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("3–4 of 5")).toBeVisible();
    expect(rowNames()).toEqual(["Cat", "Dog", "Whole page"]);
    await userEvent.selectOptions(within(pages).getByRole("combobox", { name: "Rows per page" }), "4");
    expect(await screen.findByText("1–4 of 5")).toBeVisible();
  });

  it("shows the bulk bar once rows are selected, offers every matching row, and clears", async () => {
    listReading([pageOf], { withBulk: true });
    await screen.findByRole("list", { name: "Things" });
    expect(screen.queryByRole("region", { name: "Selected things" })).toBeNull();

    await userEvent.click(screen.getByRole("checkbox", { name: "Bee" }));
    const bar = screen.getByRole("region", { name: "Selected things" });
    expect(bar).toHaveTextContent("Selected: 1");
    expect(within(bar).getByRole("button", { name: "Tag them" })).toBeVisible();
    expect(within(bar).queryByRole("button", { name: /Select all matching/ })).toBeNull();

    await userEvent.click(screen.getByRole("checkbox", { name: "Whole page" }));
    expect(bar).toHaveTextContent("Selected: 2");
    await userEvent.click(within(bar).getByRole("button", { name: "Select all matching contacts (5)" }));
    expect(bar).toHaveTextContent("All matching contacts are selected: 5");
    expect(screen.getByRole("checkbox", { name: "Ant" })).toBeChecked();

    await userEvent.click(within(bar).getByRole("button", { name: "Clear selection" }));
    expect(screen.queryByRole("region", { name: "Selected things" })).toBeNull();
    expect(screen.getByRole("checkbox", { name: "Ant" })).not.toBeChecked();
  });

  it("keeps the rows in a card of their own when the toolbar stands on the page", async () => {
    listReading([pageOf], { frame: "page", aboveRows: (data) => <p>{data.total} things in all</p> });
    expect(await screen.findByText("5 things in all")).toBeVisible();
    const list = screen.getByRole("list", { name: "Things" });
    expect(list.parentElement).toHaveClass("rounded-2xl");
    expect(screen.getByRole("textbox", { name: "Search things" }).parentElement).not.toHaveClass("rounded-2xl");
  });

  it("puts an empty list in a card of its own on the page", async () => {
    listReading([() => Promise.resolve({ items: [], total: 0 })], { frame: "page" });
    expect((await screen.findByText("No things yet")).parentElement).toHaveClass("rounded-2xl");
  });

  it("lets an empty list stand bare on the page", async () => {
    listReading([() => Promise.resolve({ items: [], total: 0 })], {
      frame: "page",
      empty: { none: <p>No things yet</p>, isBare: true },
    });
    expect((await screen.findByText("No things yet")).parentElement).not.toHaveClass("rounded-2xl");
  });
});
