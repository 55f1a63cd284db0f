/**
 * The ceiling the benchmark compares Cohort's reads with: a bare Fastify
 * server whose one route answers the same JSON body every time (`BODY`, the
 * body of `GET /content/general` as the benchmark read it) on `PORT`.
 */
import Fastify from "fastify";

const body: unknown = JSON.parse(process.env.BODY ?? "{}");
const app = Fastify({ logger: false });
app.get("/", async () => body);
await app.listen({ port: Number(process.env.PORT ?? 3999), host: "127.0.0.1" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
