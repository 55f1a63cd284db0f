import type { AppContext } from "../../context.js";

/** A fresh proof-of-work challenge for the browser's captcha widget. */
export async function createCaptchaChallenge(ctx: AppContext): Promise<unknown> {
  return ctx.captcha.createChallenge();
}
