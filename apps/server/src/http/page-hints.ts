import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  API_PREFIX,
  everyPageReads,
  FIRST_PAGE_FILES,
  pageReads,
  readAddress,
  NO_SESSION_META,
  sessionRead,
  TEXT_LIMITS,
  type ApiRead,
  type FirstPageFiles,
  type PageReadName,
} from "@cohort/common/http";
import { escapeHtml } from "../lib/email-render.js";

/**
 * What a page's head names for the browser to fetch at once (decision 045):
 * the API reads every page makes, and for the pages people open first from a
 * link (a callout, the join form, the login) the files of the page's code
 * and its own reads. Without them, the browser learns of each file only when
 * the script before it has run, and of the reads only when the page renders.
 */
export type PageHints = (pathname: string) => PageHintTags;

/** The tags of the reads, and those of the files. */
export interface PageHintTags {
  reads: string;
  files: string;
}

const readNames = Object.keys(pageReads) as [PageReadName, ...PageReadName[]];
const assetPath = z.string().regex(/^\/[\w./-]+\.(js|css)$/);
const firstPageFilesSchema = z.object({
  pages: z.array(
    z.object({
      path: z.string().regex(/^(\/(:?[\w-]+))+$/),
      reads: z.array(z.enum(readNames)),
      scripts: z.array(assetPath),
      styles: z.array(assetPath),
    }),
  ),
}) satisfies z.ZodType<FirstPageFiles>;

interface FirstPage {
  pattern: RegExp;
  params: string[];
  reads: readonly PageReadName[];
  files: string;
}

const readTag = (read: ApiRead) =>
  `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(API_PREFIX + readAddress(read))}" />`;

/** `/callouts/:id/respond` as a pattern that also takes a trailing slash, and its parameters' names. */
function compile(pagePath: string): Pick<FirstPage, "pattern" | "params"> {
  const params: string[] = [];
  const source = pagePath
    .split("/")
    .slice(1)
    .map((segment) => {
      if (!segment.startsWith(":")) return segment.replace(/[.-]/g, "\\$&");
      params.push(segment.slice(1));
      return "([^/]+)";
    })
    .join("/");
  return { pattern: new RegExp(`^/${source}/?$`), params };
}

/** A path parameter as the web app's router reads it, or undefined for one no page could have. */
function decodeParam(raw: string): string | undefined {
  try {
    const value = decodeURIComponent(raw);
    return value.length <= TEXT_LIMITS.slug ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first pages of the web build in `distDir`, or none when it has no list (a build without the
 * plugin). A list that is not what the build writes stops the server at start, naming the file:
 * its addresses go into every visitor's page.
 */
function readFirstPages(distDir: string): FirstPage[] {
  const file = path.join(distDir, FIRST_PAGE_FILES);
  if (!existsSync(file)) return [];
  let pages: FirstPageFiles["pages"];
  try {
    ({ pages } = firstPageFilesSchema.parse(JSON.parse(readFileSync(file, "utf8"))));
  } catch (error) {
    throw new Error(`${file} is not a list of first pages from the web build: rebuild the web app`, { cause: error });
  }
  return pages.map((page) => ({
    ...compile(page.path),
    reads: page.reads,
    files: [
      ...page.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}" />`),
      ...page.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    ].join(""),
  }));
}

export function loadPageHints(distDir: string): PageHints {
  const firstPages = readFirstPages(distDir);
  const everyPage = everyPageReads.map(readTag).join("");
  return (pathname) => {
    for (const page of firstPages) {
      const match = page.pattern.exec(pathname);
      if (!match) continue;
      const params: Record<string, string> = {};
      for (const [index, name] of page.params.entries()) {
        const value = decodeParam(match[index + 1]!);
        if (value === undefined) return { reads: everyPage, files: "" };
        params[name] = value;
      }
      return {
        reads: everyPage + page.reads.map((name) => readTag(pageReads[name](params))).join(""),
        files: page.files,
      };
    }
    return { reads: everyPage, files: "" };
  };
}

/**
 * The hints of a visit that sends no session cookie: there is nobody to ask about, so the page
 * neither fetches the session nor lets the app ask (a 401 would be a console error on every
 * logged-out page); the meta tells the app so.
 */
export function withoutSession(hints: PageHintTags): PageHintTags {
  return { ...hints, reads: hints.reads.replace(readTag(sessionRead), "") };
}

/** Marks the page as opened without a session, for the app's first session read. */
export function markWithoutSession(html: string): string {
  return html.replace("</head>", () => `  ${NO_SESSION_META}\n  </head>`);
}

/**
 * The web app's index.html with the hints in its head. The browser asks for
 * things in the order it reads them: the reads, small and quick, go before
 * the entry script; the page's files after it and the files it imports.
 */
export function injectHints(indexHtml: string, hints: PageHintTags): string {
  const script = indexHtml.search(/<script\b/);
  const withReads =
    script === -1 || !hints.reads
      ? indexHtml
      : `${indexHtml.slice(0, script)}${hints.reads}\n    ${indexHtml.slice(script)}`;
  return hints.files ? withReads.replace("</head>", () => `  ${hints.files}\n  </head>`) : withReads;
}
