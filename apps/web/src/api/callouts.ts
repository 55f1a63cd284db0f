import type { Attribution } from "@cohort/common/attribution";
import { queryOptions } from "@tanstack/react-query";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import type { Callout, CalloutFunnelReport, CalloutResponse, CreateCalloutResponse } from "@cohort/common/callouts";
import { DEFAULT_VARIANT, calloutStatuses, variantForLocale } from "@cohort/common/callouts";
import type { RuleGroup } from "@cohort/common/filters";
import { publicCalloutRead, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import { pageLocale } from "../app/i18n/i18n";
import { apiRead, apiSend, apiUrl } from "./client";
import { ClientError } from "./client-error";
import { sendOnce } from "./idempotent-send";
import { hasStrings, isRecord, UnexpectedAnswerError } from "./read-body";

/*
 * Public callout calls. Every visitor of a callout page loads this file, so
 * answers are checked by hand (read-body.ts) instead of with the zod schemas
 * of @cohort/common/callouts; only types and constants come from there.
 */

export interface PublicCalloutList {
  items: Callout[];
  total: number;
  offset: number;
  count: number;
}

/**
 * How long a public callout is shown without being read again: long enough that the page does not
 * read it a second time as it mounts after its loader, short enough that a callout that has just
 * closed shows as closed. A sent answer or an edit reads it again at once.
 */
const PUBLIC_CALLOUT_STALE_MS = 5_000;

/** The list shows open callouts, newest first, this many at a time. */
export const CALLOUT_LIST_PAGE_SIZE = 12;

export const calloutKeys = {
  all: ["callouts"] as const,
  publicList: (offset: number, view: PublicListView) =>
    [...calloutKeys.all, "public-list", view.status, view.title, offset] as const,
  publicDetail: (slug: string, locale: string) => [...calloutKeys.all, "public-detail", slug, locale] as const,
  myResponses: (slug: string) => [...calloutKeys.all, "my-responses", slug] as const,
};

const calloutPath = (slug: string) => `/callout/${encodeURIComponent(slug)}`;

function isForm(value: unknown): boolean {
  return (
    isRecord(value) &&
    Array.isArray(value.slides) &&
    value.slides.every((slide) => isRecord(slide) && typeof slide.id === "string" && Array.isArray(slide.components))
  );
}

/** Checks the fields the public pages rely on. */
export function readCallout(body: unknown): Callout {
  const isCallout =
    isRecord(body) &&
    hasStrings(body, ["id", "slug", "title", "excerpt", "image", "access", "captcha"]) &&
    (calloutStatuses as readonly unknown[]).includes(body.status) &&
    typeof body.allowUpdate === "boolean" &&
    typeof body.allowMultiple === "boolean" &&
    (body.formSchema === undefined || isForm(body.formSchema));
  if (!isCallout) throw new UnexpectedAnswerError("callout");
  return body as Callout;
}

function readPage<T>(body: unknown, readItem: (item: unknown) => T) {
  if (!isRecord(body) || !Array.isArray(body.items) || typeof body.total !== "number") {
    throw new UnexpectedAnswerError("list");
  }
  const items = body.items.map(readItem);
  return { items, total: body.total, offset: Number(body.offset) || 0, count: items.length };
}

/** A response of the logged-in person, with answers in the form model's terms. */
export interface OwnResponse extends Omit<CalloutResponse, "answers"> {
  answers?: CalloutAnswers;
}

function readResponse(body: unknown): OwnResponse {
  const isResponse =
    isRecord(body) &&
    hasStrings(body, ["id", "createdAt", "updatedAt"]) &&
    typeof body.number === "number" &&
    (body.answers === undefined || (isRecord(body.answers) && Object.values(body.answers).every(isRecord)));
  if (!isResponse) throw new UnexpectedAnswerError("response");
  return body as unknown as OwnResponse;
}

/** Which callouts the members' list shows: the open ones or the archive of ended ones, optionally by title. */
export interface PublicListView {
  status: "open" | "ended";
  title: string;
}

function publicListRules({ status, title }: PublicListView): RuleGroup {
  return {
    condition: "AND",
    rules: [
      { field: "status", operator: "equal", value: [status] },
      { field: "hidden", operator: "equal", value: [false] },
      ...(title.trim() ? [{ field: "title", operator: "contains" as const, value: [title.trim()] }] : []),
    ],
  };
}

export function publicCalloutListQueryOptions(offset: number, view: PublicListView = { status: "open", title: "" }) {
  return queryOptions({
    queryKey: calloutKeys.publicList(offset, view),
    queryFn: ({ signal }): Promise<PublicCalloutList> =>
      apiRead("/callout", (body) => readPage(body, readCallout), {
        signal,
        query: {
          limit: CALLOUT_LIST_PAGE_SIZE,
          offset,
          // Open ones newest first; the archive by when they ended, latest first.
          sort: view.status === "open" ? "starts" : "expires",
          order: "DESC",
          rules: JSON.stringify(publicListRules(view)),
          with: ["hasAnswered"],
        },
      }),
  });
}

/**
 * One callout with its form, in the visitor's language when the callout has
 * a variant for it: the first answer names the variants, and a second call
 * fetches the texts of the visitor's one.
 */
export async function fetchPublicCallout(slug: string, locale: string, signal?: AbortSignal): Promise<Callout> {
  // The map and gallery settings too: the map page, its address picker and the gallery read them from this cache.
  const read = publicCalloutRead(slug);
  const callout = await apiRead(read.path, readCallout, { signal, query: read.query });
  const variant = calloutVariant(callout, locale);
  if (variant === DEFAULT_VARIANT) return callout;
  return apiRead(read.path, readCallout, { signal, query: { ...read.query, variant } });
}

/** The variant of the callout a visitor in the locale reads (see `variantForLocale`). */
export function calloutVariant(callout: Pick<Callout, "variantNames">, locale: string): string {
  return variantForLocale(callout.variantNames, locale);
}

export function publicCalloutQueryOptions(slug: string, locale: string) {
  return queryOptions({
    queryKey: calloutKeys.publicDetail(slug, locale),
    queryFn: ({ signal }) => fetchPublicCallout(slug, locale, signal),
    // Read by the page's loader just before the page shows: fresh enough not to be read again as it mounts.
    staleTime: PUBLIC_CALLOUT_STALE_MS,
  });
}

const contactIsMe: RuleGroup = {
  condition: "AND",
  rules: [{ field: "contact", operator: "equal", value: ["me"] }],
};

/** The logged-in person's latest response to the callout, with its answers, or null. */
export function myLatestResponseQueryOptions(slug: string) {
  return queryOptions({
    queryKey: calloutKeys.myResponses(slug),
    queryFn: async ({ signal }): Promise<OwnResponse | null> => {
      const page = await apiRead(`${calloutPath(slug)}/responses`, (body) => readPage(body, readResponse), {
        signal,
        query: { limit: 1, sort: "createdAt", order: "DESC", with: ["answers"], rules: JSON.stringify(contactIsMe) },
      });
      return page.items[0] ?? null;
    },
  });
}

export interface SubmitResponseInput {
  answers: CalloutAnswers;
  guest?: CreateCalloutResponse["guest"];
  newsletter?: { optIn: boolean; groups: string[] };
  /** The campaign fields of the link the page was opened with (decision 074). */
  attribution?: Attribution | undefined;
  captchaToken?: string;
  /** One per submission (`newIdempotencyKey`): automatic retries reuse it, so nothing is saved twice. */
  idempotencyKey: string;
}

/** Sends a response; the answer (a response or just an id) is not needed by the pages. */
export async function submitCalloutResponse(slug: string, input: SubmitResponseInput): Promise<void> {
  const { captchaToken, idempotencyKey, ...answer } = input;
  // The responder's emails are in the language of the page they answer on.
  const body = { ...answer, locale: pageLocale() };
  await sendOnce("POST", `${calloutPath(slug)}/responses`, body, idempotencyKey, { query: { captchaToken } });
}

/**
 * Tells the server how far a visit got in a callout's form (decision 073): without cookies, so that
 * no report can be tied to a session, and kept alive when the page is closed. Nothing comes back;
 * a report that fails is let go.
 */
export function reportFunnelStage(slug: string, report: CalloutFunnelReport): void {
  fetch(apiUrl(`${calloutPath(slug)}/responses/funnel`), {
    method: "POST",
    credentials: "omit",
    keepalive: true,
    headers: { "Content-Type": "application/json", [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    body: JSON.stringify(report),
  }).catch(() => undefined);
}

/** Opens the link from a guest's confirmation email; answers the callout's slug. */
export async function confirmGuestResponse(token: string): Promise<string> {
  const answer = await apiSend("POST", "/callout/responses/confirm", { token });
  if (!isRecord(answer) || typeof answer.calloutSlug !== "string") {
    throw new UnexpectedAnswerError("confirmed response");
  }
  return answer.calloutSlug;
}

/** A proof-of-work challenge for the captcha (ALTCHA format). */
export interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

function readChallenge(body: unknown): CaptchaChallenge {
  if (!isRecord(body) || !hasStrings(body, ["algorithm", "challenge", "salt", "signature"])) {
    throw new UnexpectedAnswerError("captcha challenge");
  }
  const maxnumber = typeof body.maxnumber === "number" ? body.maxnumber : undefined;
  const { algorithm, challenge, salt, signature } = body as Record<string, string>;
  return { algorithm: algorithm!, challenge: challenge!, salt: salt!, signature: signature!, maxnumber };
}

export function fetchCaptchaChallenge(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return apiRead("/captcha/challenge", readChallenge, { signal });
}

/** Starts an upload: a one-time token for one file. */
export async function createUploadToken(): Promise<string> {
  const body = await apiSend("POST", "/upload", {});
  if (!isRecord(body) || typeof body.id !== "string") throw new UnexpectedAnswerError("upload");
  return body.id;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends one file with a token from `createUploadToken` to the upload endpoint
 * at the site root, reporting progress as it goes. Answers the file's address.
 */
export function sendUpload(
  file: File,
  token: string,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/upload/?token=${encodeURIComponent(token)}`);
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader(REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE);
    request.upload.addEventListener("progress", (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    });
    request.addEventListener("load", () => {
      const body = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(ClientError.fromResponse(request.status, body));
      } else if (isRecord(body) && typeof body.url === "string") {
        resolve(body.url);
      } else {
        reject(new UnexpectedAnswerError("upload"));
      }
    });
    request.addEventListener("error", () => reject(new ClientError(0)));
    request.addEventListener("abort", () => reject(new DOMException("The upload was cancelled", "AbortError")));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    const body = new FormData();
    body.append("file", file);
    request.send(body);
  });
}
