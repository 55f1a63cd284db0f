/**
 * A newsletter provider's stand-in (`mailchimp` or `listmonk`, the first argument) in a process of
 * its own, so that the benchmark's memory figures are the server's alone. Prints what Cohort needs
 * to connect to it as one JSON line, then serves until killed.
 */
import { startListmonkStandIn } from "@cohort/stand-ins/listmonk";
import { startMailchimpStandIn } from "@cohort/stand-ins/mailchimp";

const kind = process.argv[2];
let connection: { url: string; apiKey: string; listId: string };
let close: () => Promise<void>;
if (kind === "listmonk") {
  const standIn = await startListmonkStandIn();
  connection = { url: standIn.url, apiKey: standIn.apiKey, listId: "1" };
  close = () => standIn.close();
} else {
  const standIn = await startMailchimpStandIn();
  connection = { url: standIn.url, apiKey: standIn.apiKey, listId: standIn.listId };
  close = () => standIn.close();
}
process.stdout.write(`${JSON.stringify(connection)}\n`);
process.on("SIGTERM", () => void close().then(() => process.exit(0)));
