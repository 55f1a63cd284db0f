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
import { createAppRouter } from "./app/router/create-app-router";
import { installPreloadRecovery } from "./app/shell/preload-recovery";
import { installErrorReporting } from "./app/error-reporting";

installPreloadRecovery();
installErrorReporting();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
connectApiEvents(queryClient, router);

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} router={router} />
  </StrictMode>,
);
