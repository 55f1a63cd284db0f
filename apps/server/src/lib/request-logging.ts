import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import { redactSecretPaths } from "@cohort/common/reporting";

/**
 * A request as its log lines show it: Fastify's own fields, with the secrets a path may
 * carry (the newsletter webhook's address) removed, so no log line holds one (decision 065).
 */
export function requestForLog(request: {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactSecretPaths(request.url),
    version: typeof request.headers?.["accept-version"] === "string" ? request.headers["accept-version"] : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fastify's own lines about each request ("incoming request", "request completed") at `debug`
 * instead of `info`: at the default level a server in use logged two lines a request, burying its
 * warnings. `LOG_LEVEL=debug` shows them again. A request that fails still logs at `error`, and
 * every other line Fastify writes keeps its level.
 */
export class RequestLogsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}
