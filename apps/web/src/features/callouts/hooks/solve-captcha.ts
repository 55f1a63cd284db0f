import type { CaptchaChallenge } from "../../../api/callouts";
import { fetchCaptchaChallenge } from "../../../api/callouts";

/** The number that solves the challenge, found in a Web Worker where the browser has them. */
async function findNumber(challenge: CaptchaChallenge): Promise<number | null> {
  if (typeof Worker === "undefined") {
    const { solveChallenge } = await import("altcha-lib/v1");
    const { challenge: hash, salt, algorithm, maxnumber } = challenge;
    return (await solveChallenge(hash, salt, algorithm, maxnumber).promise)?.number ?? null;
  }
  const worker = new Worker(new URL("./captcha-worker.ts", import.meta.url), { type: "module" });
  try {
    return await new Promise<number | null>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<{ number: number | null }>) => resolve(event.data.number);
      worker.onerror = () => reject(new Error("The captcha could not be solved"));
      worker.postMessage(challenge);
    });
  } finally {
    worker.terminate();
  }
}

/**
 * Fetches a challenge and solves it: the token the server expects as
 * `captchaToken`, a base64 JSON payload in the ALTCHA format.
 */
export async function solveCaptcha(): Promise<string> {
  const challenge = await fetchCaptchaChallenge();
  const number = await findNumber(challenge);
  if (number === null) throw new Error("No solution to the captcha challenge");
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: hash, number, salt, signature }));
}
