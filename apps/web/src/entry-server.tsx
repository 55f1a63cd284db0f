import "./app/zod-jitless";
import { dehydrate, QueryClientProvider, type DehydratedState } from "@tanstack/react-query";
import { renderToStringAsync } from "preact-render-to-string";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { chooseLocale, isLocale, localeTags } from "@cohort/common/i18n";
import type { Callout } from "@cohort/common/callouts";
import { generalContentQueryOptions } from "./api/content";
import { setApiTransport, type ApiTransport } from "./api/client";
import { i18n, loadMessages } from "./app/i18n/i18n";
import { isAdminPath } from "./app/i18n/locale-choice";
import { deferredMessagesFor } from "./app/i18n/message-split";
import { createQueryClient } from "./app/providers/query-client";
import { appRoutes } from "./app/router/create-app-router";
import type { GuardContext } from "./app/router/guard-loader";
import { prerenderedPages } from "./app/router/prerendered-pages";
import { routeTable } from "./app/router/route-table";
import { themeVariables } from "./app/theme/theme-variables";
import { appConfig, setSiteOrigin } from "./config";
import { setHtmlCleaner } from "./ui/safe-html";

/** A page rendered on the server, for the browser to show before the app has started (decision 047). */
export interface PrerenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The app's reads, for its query cache: the app starts from them instead of asking again. */
  state: DehydratedState;
  /** The page's language, as a BCP 47 tag for `<html lang>`. */
  lang: string;
  /** The theme's custom properties, as one CSS rule for the page's head. */
  themeCss: string;
}

/**
 * What the server lends the renderer: its API, its sanitiser for rich text (the page has no DOM to
 * clean in), and the site's public address (the page has no location to read it from).
 */
export interface RenderServices {
  transport: ApiTransport;
  cleanHtml: (html: string) => string;
  siteOrigin?: string;
}

const patterns = prerenderedPages(routeTable).map(
  (path) => new RegExp(`^${path.replace(/:[a-z]+/gi, "[^/]+").replace(/[.]/g, "\\.")}/?$`),
);

/** True for the addresses whose first view the server renders: a few public pages people open from a link. */
export function isPrerendered(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}

/** The statuses of callouts that give a link preview (decision 032). */
const previewStatuses = new Set<Callout["status"]>(["open", "ended"]);

let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders the first view of a public page as a visitor without a session sees it, with the API
 * answers it read. The app's modules keep some state of their own (the interface language, the page
 * title), so renders run one at a time; each is a few milliseconds. Null when the page is not
 * rendered on the server or sends the visitor elsewhere: the browser then starts the app as usual.
 */
export function renderPage(url: URL, server: RenderServices): Promise<PrerenderedPage | null> {
  const render = queue.then(() => renderOne(url, server));
  queue = render.catch(() => undefined);
  return render;
}

async function renderOne(
  url: URL,
  { transport, cleanHtml, siteOrigin }: RenderServices,
): Promise<PrerenderedPage | null> {
  if (!isPrerendered(url.pathname)) return null;
  setApiTransport(transport);
  setHtmlCleaner(cleanHtml);
  if (siteOrigin) setSiteOrigin(siteOrigin);
  const queryClient = createQueryClient();
  let lang = localeTags.en;
  const context: GuardContext = {
    queryClient,
    isReviewerMode: appConfig.isReviewerMode,
    isInFrame: () => false,
    prepareLocale: async (pageUrl, content) => {
      const queryLang = pageUrl.searchParams.get("lang");
      const locale = chooseLocale({
        queryLang: isLocale(queryLang) ? queryLang : undefined,
        organisationLocale: content.locale,
        isAdminPath: isAdminPath(pageUrl.pathname),
      });
      await loadMessages(locale, deferredMessagesFor(pageUrl.pathname));
      await i18n.changeLanguage(locale);
      lang = localeTags[locale];
    },
    onCancel: () => undefined,
    currentLocation: () => null,
  };
  const handler = createStaticHandler(appRoutes(routeTable, context));
  const routing = await handler.query(new Request(url));
  if (routing instanceof Response || routing.errors) return null;

  // Only a callout that gives a link preview is rendered: a hidden one, or one not yet open, stays
  // out of what crawlers read (decision 032); readers still get it from the app.
  const { calloutKeys } = await import("./api/callouts");
  const callouts = queryClient.getQueriesData<Callout>({ queryKey: [...calloutKeys.all, "public-detail"] });
  if (callouts.some(([, callout]) => !callout || callout.hidden || !previewStatuses.has(callout.status))) return null;

  const router = createStaticRouter(handler.dataRoutes, routing);
  const html = await renderToStringAsync(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={routing} hydrate={false} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const { theme } = queryClient.getQueryData(generalContentQueryOptions.queryKey) ?? {};
  const themeCss = `:root{${Object.entries(themeVariables(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(";")}}`;
  return { html, state: dehydrate(queryClient), lang, themeCss };
}
