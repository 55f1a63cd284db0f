import { appConfig, ERROR_REPORTING_DSN } from "../../config";
import type * as SdkModule from "./sdk";

type Sdk = typeof SdkModule;

let loading: Promise<Sdk> | undefined;

/**
 * The error-reporting SDK, loaded and set up on first use. Only called when a
 * DSN is configured: a build without one drops this code, and its chunk, altogether
 * (decision 033).
 */
function sdk(): Promise<Sdk> {
  loading ??= import("./sdk").then((module) => {
    module.startReporting(ERROR_REPORTING_DSN, `${appConfig.version}+${appConfig.revision}`);
    return module;
  });
  return loading;
}

/** Starts reporting the page's uncaught errors when a DSN is configured; does nothing otherwise. */
export function installErrorReporting(): void {
  if (!ERROR_REPORTING_DSN) return;
  sdk().catch(() => undefined);
}

/** Reports an error the app caught itself (a page that failed to render), when a DSN is configured. */
export function reportError(error: unknown): void {
  if (!ERROR_REPORTING_DSN) return;
  sdk()
    .then((module) => module.captureError(error))
    .catch(() => undefined);
}
