import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bulkDeleteContacts } from "../../../../api/contacts";
import { selectedIdsRules } from "../../shared/selection-rules";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { BulkDeleteDialog } from "./bulk-delete-dialog";
import { TestProviders } from "../../../../test/harness";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("BulkDeleteDialog", () => {
  it("states how many contacts will go and deletes only on confirmation", async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <TestProviders>
        <BulkDeleteDialog targetCount={1234} isPending={false} error={null} onConfirm={onConfirm} onClose={onClose} />
      </TestProviders>,
    );
    expect(screen.getByRole("dialog", { name: "Delete the selected contacts?" })).toBeInTheDocument();
    expect(screen.getByText("Contacts to delete: 1,234")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Delete contacts" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("sends the rules of the selection to DELETE /contact", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, { deleted: 2, skipped: 1 }));
    vi.stubGlobal("fetch", fetchMock);
    const rules = selectedIdsRules(["a", "b", "c"]);
    await expect(bulkDeleteContacts(rules)).resolves.toEqual({ deleted: 2, skipped: 1 });
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe("DELETE");
    expect(requestUrl(input)).toMatch(/\/contact$/);
    expect(JSON.parse(init?.body as string)).toEqual({ rules });
  });
});
