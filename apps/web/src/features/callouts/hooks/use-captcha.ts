import { useCallback, useEffect, useRef, useState } from "react";
import { ONE_MINUTE } from "@cohort/common/time";

export type CaptchaStatus = "idle" | "solving" | "ready" | "failed";

/** A solved challenge is used well before the server's ten minutes run out. */
const TOKEN_LIFETIME_MS = 8 * ONE_MINUTE;

interface Solving {
  token: Promise<string>;
  startedAt: number;
}

/**
 * The proof of work a callout may ask for: solved in the background as soon
 * as it is needed, so that Submit rarely waits. Each token is good for one
 * submit; `takeToken` hands it over and the next call solves a new one.
 */
export function useCaptcha(isRequired: boolean) {
  const [status, setStatus] = useState<CaptchaStatus>("idle");
  const solving = useRef<Solving | null>(null);

  const start = useCallback((): Promise<string> => {
    const current = solving.current;
    if (current && Date.now() - current.startedAt < TOKEN_LIFETIME_MS) return current.token;
    setStatus("solving");
    // The solver loads with the first challenge: callouts without the check never download it.
    const token = import("./solve-captcha").then((module) => module.solveCaptcha());
    const attempt: Solving = { token, startedAt: Date.now() };
    solving.current = attempt;
    token.then(
      () => {
        if (solving.current === attempt) setStatus("ready");
      },
      () => {
        if (solving.current !== attempt) return;
        solving.current = null;
        setStatus("failed");
      },
    );
    return token;
  }, []);

  useEffect(() => {
    if (isRequired) void start().catch(() => undefined);
  }, [isRequired, start]);

  /** The token for one submit; the next submit gets a new one. */
  const takeToken = useCallback(async (): Promise<string> => {
    const token = await start();
    solving.current = null;
    setStatus("idle");
    return token;
  }, [start]);

  /** Starts solving a new challenge now (after a failed submit, or when solving failed). */
  const prepare = useCallback(() => void start().catch(() => undefined), [start]);

  return { status, takeToken, prepare };
}
