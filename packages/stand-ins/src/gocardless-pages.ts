import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the page needs of the GoCardless stand-in: a billing request flow, and completing its billing request. */
export interface PayPagesBackend {
  flow(id: string): Record<string, unknown> | undefined;
  complete(billingRequestId: string): void;
}

export interface PayPages {
  url: string;
  close(): Promise<void>;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  response.end(`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport"
content="width=device-width"><title>GoCardless stand-in</title><body style="font:16px sans-serif;max-width:32rem;
margin:3rem auto;padding:0 1rem">${body}</body></html>`);
}

/**
 * A stand-in for GoCardless's hosted payment pages, where a person gives bank
 * details and agrees to a Direct Debit mandate. `GET /flow?id=BRF…` shows the
 * flow; agreeing completes its billing request (fixed test bank details) and
 * goes on to the flow's `redirect_uri`, cancelling to its `exit_uri`.
 */
export async function startPayPages(backend: PayPagesBackend): Promise<PayPages> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const flow = url.pathname === "/flow" ? backend.flow(url.searchParams.get("id") ?? "") : undefined;
    if (!flow) return page(response, 404, "<h1>No such payment page</h1>");
    if (request.method === "POST") {
      backend.complete(text((flow.links as Record<string, unknown>).billing_request));
      response.writeHead(303, { location: text(flow.redirect_uri) });
      return response.end();
    }
    page(
      response,
      200,
      `<h1>Set up a Direct Debit</h1>
<p>A local stand-in for GoCardless: no bank is contacted. Agreeing sets up a mandate on the test account
ADA BYRON, Barclays, ending 11.</p>
<form method="post"><button type="submit">Agree and set up the Direct Debit</button></form>
<p><a href="${escapeHtml(text(flow.exit_uri))}">Cancel</a></p>`,
    );
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
