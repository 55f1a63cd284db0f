import type { FastifyReply } from "fastify";

/** A file made for one person (a receipt), as a download that no shared cache keeps. */
export function sendPdf(reply: FastifyReply, file: { filename: string; pdf: Buffer }) {
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${file.filename}"`)
    .header("cache-control", "private, no-store")
    .send(file.pdf);
}
