import pg from "pg";

/**
 * pg queues a query sent on a connection that is still running another, and warns (once a
 * process) that its next major version will refuse it. A transaction is one connection, so its
 * queries must go one after another: here a query sent while another already waits on the same
 * connection fails at once, as pg 9 will, so a `Promise.all` over a transaction fails its test.
 * Test files share their worker's modules, so the check is put in place once a worker.
 */
const checked = Symbol.for("cohort.one-query-at-a-time");
type Query = typeof pg.Client.prototype.query;
const prototype = pg.Client.prototype as typeof pg.Client.prototype & { [checked]?: true };

if (!prototype[checked]) {
  prototype[checked] = true;
  // Called below with the connection it was taken from.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const query = prototype.query;
  prototype.query = function (this: pg.Client & { _queryQueue?: unknown[]; pipeline?: boolean }, ...args: unknown[]) {
    if ((this._queryQueue?.length ?? 0) > 0 && !this.pipeline) {
      throw new Error("Queries sent together on one connection: pg 9 refuses a query while another waits");
    }
    return (query as (...rest: unknown[]) => unknown).apply(this, args);
  } as Query;
}
