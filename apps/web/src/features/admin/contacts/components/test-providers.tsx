import type { ReactNode } from "react";
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../../../../app/i18n/i18n";

/** Query client and messages, as the app provides them, for component tests. */
export function TestProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

export const sampleTags = [
  { id: "0bbe776b-057f-47c4-9d4d-d0c7e94c3ef0", name: "Event attendee", contactCount: 6 },
  { id: "0994f8be-a764-4748-881c-dd28bb281272", name: "Volunteer", contactCount: 7 },
];
