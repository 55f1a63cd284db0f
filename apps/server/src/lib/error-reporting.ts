import type * as SentryNode from "@sentry/node";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { MAX_BREADCRUMBS, scrubEvent } from "@cohort/common/reporting";
import type { Config } from "../config.js";
import { outgoingFor, type Outgoing } from "./outgoing.js";

/** Sends unexpected errors to the error-reporting service (decision 033). */
export interface ErrorReporter {
  /** Reports an error a request ran into; the report is scrubbed of personal data before it leaves. */
  capture(error: unknown, request?: FastifyRequest): void;
  /** Waits until reports under way are sent, at most `timeoutMs`. */
  flush(timeoutMs: number): Promise<boolean>;
}

let started: { dsn: string; reporter: Promise<ErrorReporter> } | undefined;

/**
 * The reporter when `ERROR_REPORTING_DSN` is set, else undefined. The SDK is loaded only then,
 * and set up once per process and DSN (it keeps global state): a server has one DSN, while the
 * tests of one process set it up again for each stand-in they start.
 */
export function startErrorReporting(config: Config, log: FastifyBaseLogger): Promise<ErrorReporter> | undefined {
  const dsn = config.errorReporting.dsn;
  if (!dsn) return undefined;
  if (started?.dsn !== dsn) {
    const reporter = loadReporter(config, dsn).catch((error: unknown) => {
      if (started?.reporter === reporter) started = undefined;
      throw error;
    });
    started = { dsn, reporter };
  }
  return started.reporter.catch((error: unknown) => {
    log.error({ err: error }, "error reporting could not start");
    return { capture: () => undefined, flush: () => Promise.resolve(true) };
  });
}

type SentrySdk = typeof SentryNode;

/** How long sending one report may take. */
const REPORT_TIMEOUT_MS = 10_000;

/**
 * The SDK's transport over the guarded client (decision 054): the DSN's host is
 * resolved and checked like any address people set, and reports to a refused
 * address are dropped (the SDK logs nothing of them; the refusal is the same
 * each time).
 */
function guardedTransport(
  Sentry: SentrySdk,
  outgoing: Outgoing,
): NonNullable<Parameters<SentrySdk["init"]>[0]>["transport"] {
  return (options) =>
    Sentry.createTransport(options, async (request) => {
      const response = await outgoing.fetch(options.url, {
        method: "POST",
        body: request.body,
        headers: options.headers,
        redirect: "error",
        signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return {
        statusCode: response.status,
        headers: {
          "x-sentry-rate-limits": response.headers.get("x-sentry-rate-limits"),
          "retry-after": response.headers.get("retry-after"),
        },
      };
    });
}

async function loadReporter(config: Config, dsn: string): Promise<ErrorReporter> {
  const Sentry = await import("@sentry/node");
  Sentry.init({
    dsn,
    transport: guardedTransport(Sentry, outgoingFor(config.outgoingAllow)),
    release: `${config.version}+${config.revision}`,
    environment: config.env,
    maxBreadcrumbs: MAX_BREADCRUMBS,
    // The SDK collects no cookies or bodies itself; `beforeSend` keeps only the user id and cleans the rest.
    dataCollection: { cookies: false, httpBodies: [] },
    // No tracing, no module hooks: only errors are reported.
    tracesSampleRate: 0,
    enableRuntimeChannelInjection: false,
    // The error handler decides what is unexpected (`capture` below), not the SDK's own Fastify hook.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== "Fastify"),
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubEvent(breadcrumb),
  });
  return {
    capture(error, request) {
      Sentry.withScope((scope) => {
        if (request) {
          const [path = "", query = ""] = request.url.split("?", 2);
          scope.setTag("route", request.routeOptions.url ?? "");
          scope.setTag("request_id", String(request.id));
          if (request.identity?.contact) scope.setUser({ id: request.identity.contact.id });
          scope.addEventProcessor((event) => ({
            ...event,
            request: {
              method: request.method,
              url: `${config.appUrl}${path}${query ? `?${query}` : ""}`,
              query_string: query,
              headers: Object.fromEntries(
                Object.entries(request.headers).map(([name, value]) => [name, String(value ?? "")]),
              ),
            },
          }));
        }
        Sentry.captureException(error);
      });
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  };
}
