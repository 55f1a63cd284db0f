/**
 * Solves one proof-of-work challenge away from the page's thread: receives
 * the challenge, answers `{ number }` (null when no number up to the maximum fits).
 */
import { solveChallenge } from "altcha-lib/v1";
import type { CaptchaChallenge } from "../../../api/callouts";

declare const self: {
  onmessage: ((event: MessageEvent<CaptchaChallenge>) => void) | null;
  postMessage: (message: { number: number | null }) => void;
};

self.onmessage = (event) => {
  const { challenge, salt, algorithm, maxnumber } = event.data;
  void solveChallenge(challenge, salt, algorithm, maxnumber).promise.then((solution) => {
    self.postMessage({ number: solution?.number ?? null });
  });
};
