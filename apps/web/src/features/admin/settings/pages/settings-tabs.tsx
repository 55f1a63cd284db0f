import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import {
  emailSettingsQueryOptions,
  generalSettingsQueryOptions,
  mapSettingsQueryOptions,
  paymentSettingsQueryOptions,
} from "../../../../api/settings";
import { newsletterSettingsQueryOptions } from "../../../../api/newsletter";
import { LoadError } from "../../shared/load-error";
import { LoadingCard } from "../../shared/loading-card";
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
  if (content.isPending) return <LoadingCard />;
  if (content.isError) return <LoadError error={content.error} onRetry={() => void content.refetch()} />;
  return (
    <div className="space-y-8">
      <GeneralForm content={content.data} />
      <SampleDataCard />
    </div>
  );
}

export function ThemeSettingsPage() {
  const content = useQuery({ ...generalSettingsQueryOptions, staleTime: 0 });
  if (content.isPending) return <LoadingCard />;
  if (content.isError) return <LoadError error={content.error} onRetry={() => void content.refetch()} />;
  return <ThemeForm content={content.data} />;
}

export function EmailSettingsPage() {
  const content = useQuery({ ...emailSettingsQueryOptions, staleTime: 0 });
  if (content.isPending) return <LoadingCard />;
  if (content.isError) return <LoadError error={content.error} onRetry={() => void content.refetch()} />;
  return <EmailForm content={content.data} />;
}

export function PaymentSettingsPage() {
  const content = useQuery({ ...paymentSettingsQueryOptions, staleTime: 0 });
  const [hasMethodChanges, setHasMethodChanges] = useState(false);
  if (content.isPending) return <LoadingCard />;
  if (content.isError) return <LoadError error={content.error} onRetry={() => void content.refetch()} />;
  return (
    <div className="max-w-3xl space-y-6">
      <PaymentForm content={content.data} hasOtherChanges={hasMethodChanges} />
      <PaymentMethodsCard onDirtyChange={setHasMethodChanges} />
    </div>
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
  if (content.isPending) return <LoadingCard />;
  if (content.isError) return <LoadError error={content.error} onRetry={() => void content.refetch()} />;
  return <MapSettingsForm content={content.data} />;
}

export function NewsletterSettingsPage() {
  const settings = useQuery({ ...newsletterSettingsQueryOptions, staleTime: 0 });
  if (settings.isPending) return <LoadingCard />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <div className="space-y-8">
      <NewsletterForm settings={settings.data} />
      <NewsletterReconciliationCard isConnected={settings.data.provider !== "none" && settings.data.hasApiKey} />
    </div>
  );
}
