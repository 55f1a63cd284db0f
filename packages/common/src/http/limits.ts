/**
 * The longest text each kind of field takes, in characters. Request schemas
 * use these, so nothing of unbounded size is stored and served again.
 */
export const TEXT_LIMITS = {
  /** First and last names, labels, tag and role names. */
  name: 100,
  /** RFC 5321: the longest address a mail server must accept. */
  email: 254,
  /** Slugs and other path-like keys. */
  slug: 128,
  /** Ids and keys chosen by a client (slide ids, component keys). */
  key: 100,
  /** Titles, organisation names, subjects, one-line texts. */
  short: 255,
  /** Short paragraphs: excerpts, descriptions, notes. */
  medium: 1000,
  /** Plain texts of some length: answers of text areas, translated texts. */
  long: 10_000,
  /** HTML written in the editor: callout intros, email bodies, content pages. */
  html: 50_000,
  /** Web addresses. */
  url: 2048,
  /** Passwords (hashing cost grows with length) and secret tokens. */
  password: 256,
  token: 2000,
} as const;
