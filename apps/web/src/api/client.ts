import type { z } from "zod";
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, VERSION_HEADER } from "@cohort/common/http";
import { appConfig } from "../config";
import { ClientError } from "./client-error";

export type QueryValue = string | number | boolean | undefined | readonly (string | number | boolean)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an `Idempotency-Key`. */
  headers?: Record<string, string>;
}

/** What the app wants to hear about, whatever call failed. */
export interface ApiEvents {
  /** Any 401: the session is gone. */
  onUnauthorized: () => void;
  /** Any status of 500 or more. */
  onServerError: (error: ClientError) => void;
}

/** How requests reach the API: the browser's `fetch`, or the server's own routes while it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** Sends the API requests of this module through another transport (the server's renderer). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

const noEvents: ApiEvents = { onUnauthorized: () => undefined, onServerError: () => undefined };
let events: ApiEvents = noEvents;

export function setApiEvents(next: Partial<ApiEvents>): void {
  events = { ...noEvents, ...next };
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) search.append(key, String(item));
  }
  const queryString = search.toString();
  return `${appConfig.apiUrl}${path}${queryString ? `?${queryString}` : ""}`;
}

function requestHeaders(hasBody: boolean, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({
    ...extra,
    Accept: "application/json",
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
    [VERSION_HEADER]: `${appConfig.version} / ${appConfig.revision}`,
  });
  if (hasBody) headers.set("Content-Type", "application/json");
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

let hasSentSincePageOpened = false;

/** Whether this page has sent anything but reads (a login, a join…) since it opened. */
export const sentSincePageOpened = (): boolean => hasSentSincePageOpened;

/** Sends one request to the API and returns its parsed JSON body (undefined when empty). */
export async function apiRequest(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
  if (method !== "GET") hasSentSincePageOpened = true;
  const hasBody = options.body !== undefined;
  const response = await transport(apiUrl(path, options.query), {
    method,
    credentials: "same-origin",
    headers: requestHeaders(hasBody, options.headers),
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  if (response.ok) return readBody(response);
  throw await responseError(response);
}

/** The error a refused request stands for, told to the app as any failed call is. */
export async function responseError(response: Response): Promise<ClientError> {
  const error = ClientError.fromResponse(response.status, await readBody(response));
  if (response.status === 401) events.onUnauthorized();
  if (response.status >= 500) events.onServerError(error);
  return error;
}

/** A GET whose answer is checked against the shared schema. */
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: Omit<RequestOptions, "body"> = {},
): Promise<z.output<S>> {
  return schema.parse(await apiRequest("GET", path, options));
}

/** A GET whose answer is checked by a hand-written reader (see read-body.ts). */
export async function apiRead<T>(
  path: string,
  read: (body: unknown) => T,
  options: Omit<RequestOptions, "body"> = {},
): Promise<T> {
  return read(await apiRequest("GET", path, options));
}

export async function apiSend(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
  options: Omit<RequestOptions, "body"> = {},
): Promise<unknown> {
  return apiRequest(method, path, { ...options, body });
}

/**
 * A `PUT` of bytes as they are (`application/octet-stream`), not as JSON: a part of a large
 * file, which the server writes to disk as it arrives. Answers the parsed JSON body.
 */
export async function apiPutBytes(
  path: string,
  body: Blob,
  options: Omit<RequestOptions, "body" | "query"> = {},
): Promise<unknown> {
  const headers = requestHeaders(false, options.headers);
  headers.set("Content-Type", "application/octet-stream");
  const response = await transport(apiUrl(path), {
    method: "PUT",
    credentials: "same-origin",
    headers,
    body,
    signal: options.signal,
  });
  if (response.ok) return readBody(response);
  throw await responseError(response);
}
