import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import {
  emailSettingsQueryOptions,
  generalSettingsQueryOptions,
  mapSettingsQueryOptions,
  paymentSettingsQueryOptions,
} from "../../../../api/settings";
import { newsletterSettingsQueryOptions } from "../../../../api/newsletter";
import { WhenLoaded } from "../../shared/when-loaded";
import { ApiKeysPanel } from "../components/api-keys-panel";
import { EmailForm } from "../components/email-form";
import { GeneralForm } from "../components/general-form";
import { MapSettingsForm } from "../components/map-settings-form";
import { NewsletterForm } from "../components/newsletter-form";
import { NewsletterReconciliationCard } from "../components/newsletter-reconciliation-card";
import { PaymentForm } from "../components/payment-form";
import { PaymentMethodsCard } from "../components/payment-methods-card";
import { SampleDataCard } from "../components/sample-data-card";
import { ThemeForm } from "../components/theme-form";
import { WebhooksPanel } from "../components/webhooks-panel";

export function GeneralSettingsPage() {
  const content = useQuery({ ...generalSettingsQueryOptions, staleTime: 0 });
  return (
    <WhenLoaded query={content}>
      {(data) => (
        <div className="space-y-8">
          <GeneralForm content={data} />
          <SampleDataCard />
        </div>
      )}
    </WhenLoaded>
  );
}

export function ThemeSettingsPage() {
  const content = useQuery({ ...generalSettingsQueryOptions, staleTime: 0 });
  return <WhenLoaded query={content}>{(data) => <ThemeForm content={data} />}</WhenLoaded>;
}

export function EmailSettingsPage() {
  const content = useQuery({ ...emailSettingsQueryOptions, staleTime: 0 });
  return <WhenLoaded query={content}>{(data) => <EmailForm content={data} />}</WhenLoaded>;
}

export function PaymentSettingsPage() {
  const content = useQuery({ ...paymentSettingsQueryOptions, staleTime: 0 });
  const [hasMethodChanges, setHasMethodChanges] = useState(false);
  return (
    <WhenLoaded query={content}>
      {(data) => (
        <div className="max-w-3xl space-y-6">
          <PaymentForm content={data} hasOtherChanges={hasMethodChanges} />
          <PaymentMethodsCard onDirtyChange={setHasMethodChanges} />
        </div>
      )}
    </WhenLoaded>
  );
}

export function ApiKeysSettingsPage() {
  return <ApiKeysPanel />;
}

export function WebhooksSettingsPage() {
  return <WebhooksPanel />;
}

export function MapSettingsPage() {
  const content = useQuery({ ...mapSettingsQueryOptions, staleTime: 0 });
  return <WhenLoaded query={content}>{(data) => <MapSettingsForm content={data} />}</WhenLoaded>;
}

export function NewsletterSettingsPage() {
  const settings = useQuery({ ...newsletterSettingsQueryOptions, staleTime: 0 });
  return (
    <WhenLoaded query={settings}>
      {(data) => (
        <div className="space-y-8">
          <NewsletterForm settings={data} />
          <NewsletterReconciliationCard isConnected={data.provider !== "none" && data.hasApiKey} />
        </div>
      )}
    </WhenLoaded>
  );
}
