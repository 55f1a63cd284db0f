import { startStripeStandIn } from "./stripe.js";

/**
 * Runs the Stripe stand-in on its own, for browser tests that start the built
 * server: prints one JSON line with its address and keys, then serves until
 * it is stopped. Run it with `node --import tsx`.
 */
const standIn = await startStripeStandIn();
process.stdout.write(
  `${JSON.stringify({
    host: standIn.host,
    port: standIn.port,
    protocol: standIn.protocol,
    secretKey: standIn.secretKey,
    publishableKey: standIn.publishableKey,
  })}\n`,
);
const stop = () => void standIn.close().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
