import "./app/zod-jitless";
import "@fontsource/open-sans/400.css";
import "@fontsource/open-sans/600.css";
import "@fontsource/open-sans/700.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/providers/app-providers";
import { connectApiEvents } from "./app/providers/api-events";
import { createQueryClient } from "./app/providers/query-client";
import { keepVisitorInput, readServerState } from "./app/providers/server-state";
import { createAppRouter, routerReady } from "./app/router/create-app-router";
import { installPreloadRecovery } from "./app/shell/preload-recovery";
import { installErrorReporting } from "./app/error-reporting";

installPreloadRecovery();
installErrorReporting();

const queryClient = createQueryClient();
// A page the server rendered comes with the answers it was rendered from (decision 047).
const serverState = readServerState(queryClient);
const router = createAppRouter(queryClient);
connectApiEvents(queryClient, router);

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient} router={router} />
  </StrictMode>
);

if (serverState) {
  // Over a rendered page, the app waits for its first route to be ready, so that it takes over the
  // markup on screen instead of replacing it with the loading screen, and keeps what the visitor
  // has typed meanwhile.
  void routerReady(router).then(() => {
    const restoreInput = keepVisitorInput(container);
    createRoot(container).render(app);
    restoreInput();
  });
} else {
  createRoot(container).render(app);
}
