import { useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ClientError } from "../../../api/client-error";
import { renderRoutes } from "../../../test/harness";
import { DetailHeader, DetailPage } from "./detail-page";

/** Never answers. */
const never = () => new Promise<string>(() => undefined);

/** A detail page whose reads answer, one after the other, from `answers`. */
function pageReading(answers: (() => Promise<string>)[]) {
  function Page() {
    const thing = useQuery({ queryKey: ["thing"], queryFn: () => (answers.shift() ?? never)() });
    return (
      <DetailPage
        back={{ to: "/things", label: "All things" }}
        query={thing}
        loading={<span>shapes</span>}
        notFound="No such thing"
      >
        {(name) => <DetailHeader title={name} actions={<button type="button">Act</button>} />}
      </DetailPage>
    );
  }
  renderRoutes([{ path: "/things/1", element: <Page /> }], "/things/1");
}

describe("the detail page shell", () => {
  it("keeps the way back while the thing loads, then shows its title and actions", async () => {
    let answer: (name: string) => void = () => undefined;
    pageReading([() => new Promise<string>((resolve) => (answer = resolve))]);
    expect(screen.getByRole("link", { name: "All things" })).toHaveAttribute("href", "/things");
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    answer("The thing");
    expect(await screen.findByRole("heading", { level: 1, name: "The thing" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Act" })).toBeVisible();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says a missing thing is not there, with no retry", async () => {
    pageReading([() => Promise.reject(new ClientError(404, { code: "not-found" }))]);
    expect(await screen.findByRole("alert")).toHaveTextContent("No such thing");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.getByRole("link", { name: "All things" })).toBeVisible();
  });

  it("says why the thing could not be read, and reads it again on retry", async () => {
    pageReading([() => Promise.reject(new ClientError(503)), () => Promise.resolve("Read at last")]);
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Read at last" })).toBeVisible();
  });
});
