import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

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
