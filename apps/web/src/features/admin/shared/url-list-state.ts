import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { RuleGroup } from "@cohort/common/filters";
import { ruleGroupSchema } from "@cohort/common/filters";

/** One value of a list's state and the query parameter that keeps it. */
export interface UrlParam<Value> {
  /** The parameter's name in the address. */
  name: string;
  /** The value the parameter's text reads as (null when it is absent); anything odd reads as the default. */
  read: (text: string | null) => Value;
  /** The parameter's text, or undefined to leave it out of the address (defaults stay out). */
  write: (value: Value) => string | undefined;
}

/**
 * A list's state as the address keeps it: a parameter per value. The parameters are written in
 * the order they are declared, so a screen's addresses read the same as before.
 */
export interface UrlList<State> {
  read: (params: URLSearchParams) => State;
  write: (state: State) => URLSearchParams;
  /** The state of an address without parameters. */
  defaults: State;
}

export function urlList<State>(params: { [Key in keyof State]: UrlParam<State[Key]> }): UrlList<State> {
  const keys = Object.keys(params) as (keyof State)[];
  const read = (search: URLSearchParams) =>
    Object.fromEntries(keys.map((key) => [key, params[key].read(search.get(params[key].name))])) as State;
  const write = (state: State) => {
    const search = new URLSearchParams();
    for (const key of keys) {
      const text = params[key].write(state[key]);
      if (text !== undefined) search.set(params[key].name, text);
    }
    return search;
  };
  return { read, write, defaults: read(new URLSearchParams()) };
}

interface UpdateOptions {
  /** Replaces the history entry instead of adding one (for typing). */
  replace?: boolean;
}

/**
 * A list screen's state, read from and written to the query string so a view can be shared and
 * survives a reload. Any change other than the page itself goes back to the first page.
 */
export function useUrlListState<State extends { page: number }>(list: UrlList<State>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => list.read(params), [list, params]);
  const update = useCallback(
    (change: Partial<State>, options: UpdateOptions = {}) => {
      setParams((previous) => list.write({ ...list.read(previous), page: 1, ...change }), {
        replace: options.replace ?? false,
      });
    },
    [list, setParams],
  );
  return { state, search: params.toString(), update };
}

// The parameters the lists share.

function positiveInteger(text: string | null, fallback: number): number {
  const parsed = Number(text);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** `page`, from 1; `max` caps it where a list has one. */
export function pageParam(max = Number.POSITIVE_INFINITY): UrlParam<number> {
  return {
    name: "page",
    read: (text) => {
      const page = positiveInteger(text, 1);
      return page <= max ? page : 1;
    },
    write: (page) => (page !== 1 ? String(page) : undefined),
  };
}

/** `size`: one of the list's page sizes, the first by default. */
export function pageSizeParam(sizes: readonly number[], fallback = sizes[0] ?? 25): UrlParam<number> {
  return {
    name: "size",
    read: (text) => {
      const size = Number(text);
      return sizes.includes(size) ? size : fallback;
    },
    write: (size) => (size !== fallback ? String(size) : undefined),
  };
}

/** One of a set of words, else the fallback (which stays out of the address). */
export function oneOfParam<Option extends string, Fallback extends Option | undefined>(
  name: string,
  options: readonly Option[],
  fallback: Fallback,
): UrlParam<Option | Fallback> {
  return {
    name,
    read: (text) => options.find((option) => option === text) ?? fallback,
    write: (value) => (value !== undefined && value !== fallback ? value : undefined),
  };
}

/** `order`: ASC or DESC. */
export function orderParam(fallback: "ASC" | "DESC" = "DESC") {
  return oneOfParam("order", ["ASC", "DESC"] as const, fallback);
}

/**
 * Free text such as a search (`q`); absent reads as "". A blank text stays out of the address
 * unless `keepBlank`; `maxLength` cuts what is read.
 */
export function textParam(name: string, options: { maxLength?: number; keepBlank?: boolean } = {}): UrlParam<string> {
  return {
    name,
    read: (text) => (text ?? "").slice(0, options.maxLength),
    write: (text) => ((options.keepBlank ? text : text.trim()) ? text : undefined),
  };
}

/** A text that matches a pattern (an id, a day), else undefined. */
export function matchingParam(name: string, pattern: RegExp): UrlParam<string | undefined> {
  return {
    name,
    read: (text) => (text && pattern.test(text) ? text : undefined),
    write: (text) => text || undefined,
  };
}

/** Any text but an empty one, else undefined. */
export function optionalTextParam(name: string): UrlParam<string | undefined> {
  return { name, read: (text) => text || undefined, write: (text) => text || undefined };
}

/** `rules`: a filter as JSON; one that is not a filter, or has no rules, reads as none. */
export const rulesParam: UrlParam<RuleGroup | undefined> = {
  name: "rules",
  read: (text) => {
    if (!text) return undefined;
    try {
      const parsed = ruleGroupSchema.safeParse(JSON.parse(text));
      return parsed.success && parsed.data.rules.length > 0 ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  },
  write: (rules) => (rules && rules.rules.length > 0 ? JSON.stringify(rules) : undefined),
};
