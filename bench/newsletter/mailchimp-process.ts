/**
 * The Mailchimp stand-in in a process of its own, so that the benchmark's memory figures are
 * the server's alone. Prints its address as one JSON line, then serves until killed.
 */
import { startMailchimpStandIn } from "@cohort/stand-ins/mailchimp";

const standIn = await startMailchimpStandIn();
process.stdout.write(`${JSON.stringify({ url: standIn.url, apiKey: standIn.apiKey, listId: standIn.listId })}\n`);
process.on("SIGTERM", () => void standIn.close().then(() => process.exit(0)));
