import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** An answer of a JSON stand-in: a status and a body (none for 204). */
export interface JsonAnswer {
  status: number;
  body?: unknown;
}

/** The request's JSON body, or `{}` when it has none. */
export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Serves `handle` on a free loopback port; a handler that throws answers 500 with the error. */
export async function serveJson(
  handle: (request: IncomingMessage) => Promise<JsonAnswer>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    handle(request).then(
      (answer) => {
        response.writeHead(answer.status, answer.body === undefined ? {} : { "content-type": "application/json" });
        response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
      },
      (error: unknown) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ message: String(error) }));
      },
    );
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.close();
      server.closeAllConnections();
      await once(server, "close");
    },
  };
}
