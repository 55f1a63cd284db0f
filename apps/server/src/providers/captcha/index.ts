/**
 * Captcha behind one interface. The default is a self-hosted proof of work, so
 * it works with no outside service; another provider can replace it.
 */
export type CaptchaVerdict = { ok: true } | { ok: false; errors: string[] };

export interface CaptchaProvider {
  /** A fresh challenge for the browser's widget (shape defined by the provider). */
  createChallenge(): Promise<unknown>;
  /** Checks a solved token; a token is accepted once only. */
  verify(token: string): Promise<CaptchaVerdict>;
}
