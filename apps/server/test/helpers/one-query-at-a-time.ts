/**
 * pg queues a query sent on a connection that is still running another, and warns that its
 * next major version will refuse it. A transaction is one connection, so its queries must go
 * one after another; a `Promise.all` over a transaction fails the run here instead of later.
 */
process.on("warning", (warning) => {
  if (warning.name === "DeprecationWarning" && /already executing a query/.test(warning.message)) {
    throw new Error(`Queries sent together on one connection: ${warning.message}`);
  }
});
