import type { FastifyInstance } from "fastify";

/**
 * JSON bodies as the framework parses them, except that a DELETE may carry
 * the JSON content type with nothing after it, as common HTTP clients send
 * it: that request has no body (decision 024). Other methods still answer
 * `body-required` for an empty JSON body.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (request.method === "DELETE" && body.toString().trim() === "") {
      done(null, undefined);
      return;
    }
    void parseJson(request, body.toString(), done);
  });
}
