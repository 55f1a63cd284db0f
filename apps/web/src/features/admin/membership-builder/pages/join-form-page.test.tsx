import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonResponse } from "../../../../test/json-response";
import { stubFetch } from "../../../../test/harness";
import { joinContent } from "../../../../test/member-api";
import { bodyOf, mockApi, renderBuilder, sentBodies } from "../../../../test/membership-builder-kit";

const save = () => userEvent.click(screen.getByRole("button", { name: "Save changes" }));

async function openForm() {
  renderBuilder();
  return screen.findByRole("group", { name: "Monthly" });
}

describe("JoinFormPage", () => {
  stubFetch();
  beforeEach(() => {
    mockApi((url, init) =>
      url.includes("/content/join") && init?.method === "PATCH"
        ? jsonResponse(200, { ...joinContent, ...bodyOf(init) })
        : undefined,
    );
  });

  it("saves changed presets and minimum, without touching the payment methods", async () => {
    const monthly = await openForm();
    const second = within(monthly).getByLabelText("Amount 2 (Monthly)");
    await userEvent.clear(second);
    await userEvent.type(second, "12,50");
    await userEvent.clear(screen.getByLabelText("Minimum monthly amount"));
    await userEvent.type(screen.getByLabelText("Minimum monthly amount"), "5");
    expect(screen.getByText("You have changes that are not saved yet.")).toBeInTheDocument();
    await save();
    await waitFor(() => expect(sentBodies("PATCH", "/content/join")).toHaveLength(1));
    const body = sentBodies("PATCH", "/content/join")[0] as Record<string, unknown>;
    expect(body).toMatchObject({
      minMonthlyAmount: 5,
      periods: [
        { name: "monthly", presetAmounts: [5, 12.5, 15] },
        { name: "annually", presetAmounts: [60, 120, 180] },
      ],
      initialAmount: 10,
      initialPeriod: "monthly",
    });
    expect(body).not.toHaveProperty("paymentMethods");
    await waitFor(() => expect(screen.queryByText("You have changes that are not saved yet.")).not.toBeInTheDocument());
  });

  it("adds, moves and removes presets, and shows them in the preview", async () => {
    const monthly = await openForm();
    await userEvent.click(within(monthly).getByRole("button", { name: "Add an amount" }));
    await userEvent.type(within(monthly).getByLabelText("Amount 4 (Monthly)"), "25");
    await userEvent.click(within(monthly).getByRole("button", { name: "Move Amount 4 (Monthly) up" }));
    await userEvent.click(within(monthly).getByRole("button", { name: "Remove Amount 1 (Monthly)" }));
    const preview = screen.getByRole("list", { name: "Suggested amounts" });
    expect(
      within(preview)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["€10.00", "€25.00", "€15.00"]);
    await save();
    await waitFor(() => expect(sentBodies("PATCH", "/content/join")).toHaveLength(1));
    expect(sentBodies("PATCH", "/content/join")[0]).toMatchObject({
      periods: [{ name: "monthly", presetAmounts: [10, 25, 15] }, { name: "annually" }],
    });
  });

  it("checks the server's rules before saving: minimum, first period and a way to join", async () => {
    const monthly = await openForm();
    await userEvent.clear(screen.getByLabelText("Minimum monthly amount"));
    await userEvent.type(screen.getByLabelText("Minimum monthly amount"), "11");
    await userEvent.click(within(monthly).getByLabelText("Offer “Monthly” on the join form"));
    for (const method of ["Credit or debit card", "SEPA direct debit", "Bacs direct debit (UK)", "PayPal", "iDEAL"]) {
      await userEvent.click(screen.getByLabelText(method));
    }
    await userEvent.click(screen.getByLabelText("Direct debit (GoCardless)"));
    await save();
    expect(await screen.findByText("The period shown first must be one you offer.")).toBeInTheDocument();
    const annually = screen.getByRole("group", { name: "Annually" });
    expect(within(annually).getAllByText("This must be at least €132.00.")).toHaveLength(2);
    expect(
      screen.getByText("Offer at least one payment method, or allow joining without a contribution."),
    ).toBeInTheDocument();
    expect(sentBodies("PATCH", "/content/join")).toHaveLength(0);
  });

  it("asks for a whole minimum and for amounts it can read", async () => {
    const monthly = await openForm();
    await userEvent.clear(screen.getByLabelText("Minimum monthly amount"));
    await userEvent.type(screen.getByLabelText("Minimum monthly amount"), "2.5");
    await userEvent.type(within(monthly).getByLabelText("Amount 1 (Monthly)"), "x");
    await save();
    expect(await screen.findByText("Enter a whole amount without decimals.")).toBeInTheDocument();
    expect(screen.getByText("Enter an amount, for example 10 or 7.50.")).toBeInTheDocument();
    expect(sentBodies("PATCH", "/content/join")).toHaveLength(0);
  });

  it("sends the payment methods when they change, and shows the server's field errors beside the fields", async () => {
    mockApi((url, init) =>
      url.includes("/content/join") && init?.method === "PATCH"
        ? jsonResponse(400, {
            httpCode: 400,
            name: "BadRequestError",
            code: "invalid-request",
            message: "Invalid body",
            errors: [
              {
                property: "periods.1.presetAmounts.2",
                constraints: { custom: "This field must be at least 200" },
                children: [],
                key: "adminMembership.errors.atLeast",
                params: { amount: 200 },
              },
            ],
          })
        : undefined,
    );
    await openForm();
    await userEvent.click(screen.getByLabelText("PayPal"));
    await save();
    const annually = screen.getByRole("group", { name: "Annually" });
    expect(await within(annually).findByText("This must be at least €200.00.")).toBeInTheDocument();
    expect(sentBodies("PATCH", "/content/join")[0]).toMatchObject({
      paymentMethods: ["s_card", "s_sepa", "s_bacs", "s_ideal", "gc_direct-debit"],
    });
  });

  it("says so when the settings cannot be loaded, and tries again", async () => {
    let fails = true;
    mockApi((url) =>
      url.includes("/content/join") && fails
        ? jsonResponse(500, { httpCode: 500, name: "InternalServerError", message: "" })
        : undefined,
    );
    renderBuilder();
    expect(await screen.findByText("The settings could not be loaded.")).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("group", { name: "Monthly" })).toBeInTheDocument();
  });
});
