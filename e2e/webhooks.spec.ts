import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, PHONE_WIDTH, test } from "./fixtures/audit.js";
import { ADMIN, logIn } from "./fixtures/accounts.js";

test("an admin adds a webhook endpoint, sends it a test event and reads its delivery log", async ({ page }) => {
  const received: IncomingHttpHeaders[] = [];
  const receiver = createServer((request, response) => {
    received.push(request.headers);
    request.resume();
    request.on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await page.goto(`/auth/login?next=${encodeURIComponent("/admin/settings")}`);
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/webhooks$/);
    await expect(page).toHaveTitle(/^Webhooks - /);

    await page.getByLabel("Endpoint address").fill(url);
    await page.getByLabel("Contact created").check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("Signing secret", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Secret")).toHaveValue(/^whsec_/);
    await page.getByRole("button", { name: "Done" }).click();

    await page.getByRole("button", { name: "Send a test event" }).click();
    await page.getByRole("button", { name: "Show delivery log" }).click();
    const log = page.getByRole("table", { name: `Deliveries to ${url}` });
    // The server sends it in the background: look again until it is there.
    await expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(log.getByRole("row").filter({ hasText: "webhook.test" })).toContainText("Delivered", {
        timeout: 500,
      });
    }).toPass({ timeout: 10_000 });
    await expect(log.getByRole("row").filter({ hasText: "webhook.test" })).toContainText("204");
    expect(received).toHaveLength(1);
    expect(received[0]!["webhook-signature"]).toMatch(/^v1,/);
    // "Send again" sends the same event once more, with the same id.
    await log.getByRole("button", { name: "Send webhook.test again" }).click();
    await expect(page.getByText("Queued to be sent again")).toBeVisible();
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]!["webhook-id"]).toBe(received[0]!["webhook-id"]);

    await page.screenshot({ path: "test-results/webhooks-settings-1280.png", fullPage: true });
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await page.screenshot({ path: "test-results/webhooks-settings-375.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("button", { name: `Delete the endpoint ${url}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No webhook endpoints yet.")).toBeVisible();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
