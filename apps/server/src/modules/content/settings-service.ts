import type { z } from "zod";
import type {
  ContactsContent,
  EmailContent,
  PaymentContent,
  ProfileContent,
  ShareContent,
  TelegramContent,
} from "@cohort/common/content";
import {
  defaultContactsContent,
  defaultEmailContent,
  defaultPaymentContent,
  defaultProfileContent,
  defaultShareContent,
  defaultTelegramContent,
  updateContactsContentSchema,
  updateEmailContentSchema,
  updatePaymentContentSchema,
  updateProfileContentSchema,
  updateShareContentSchema,
  updateTelegramContentSchema,
} from "@cohort/common/content";
import { feeRegion } from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import { SCHEMA_SUMMARY, invalidField } from "../../http/parse.js";
import { sanitizeRichText } from "../../lib/html.js";
import { emailFooterHtml } from "../../lib/email-render.js";
import { getGeneralContent, storeSettingsChanges } from "./service.js";
import { cachedContent } from "./cache.js";
import * as queries from "./queries.js";

/**
 * The smaller settings of `/content/{id}` (decision 024): each is its
 * defaults, overlaid with the stored fields that still pass the update
 * shape, plus the read-only fields the server fills in.
 */
interface Settings<Stored extends object, Full extends Stored> {
  defaults: Stored;
  update: z.ZodType<Partial<Stored>, unknown>;
  /** Cleans changes before they are stored (HTML) or refuses them. */
  prepare?: (changes: Partial<Stored>, current: Stored) => Partial<Stored>;
  present: (ctx: AppContext, stored: Stored) => Full | Promise<Full>;
}

const same = <T>(_ctx: AppContext, stored: T): T => stored;

const withoutUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;

export const settingsById = {
  profile: {
    defaults: defaultProfileContent,
    update: updateProfileContentSchema,
    prepare: (changes) =>
      changes.introMessage === undefined
        ? changes
        : { ...changes, introMessage: sanitizeRichText(changes.introMessage) },
    present: same,
  } satisfies Settings<ProfileContent, ProfileContent>,
  contacts: {
    defaults: defaultContactsContent,
    update: updateContactsContentSchema,
    prepare: (changes) => ({
      ...changes,
      ...(changes.tags ? { tags: [...new Set(changes.tags)] } : {}),
      ...(changes.manualPaymentSources ? { manualPaymentSources: [...new Set(changes.manualPaymentSources)] } : {}),
    }),
    present: same,
  } satisfies Settings<ContactsContent, ContactsContent>,
  email: {
    defaults: defaultEmailContent,
    update: updateEmailContentSchema,
    // The footer every email ends with, made from the general settings (read-only here).
    present: async (ctx, stored) => ({
      ...stored,
      footer: emailFooterHtml({ ...(await getGeneralContent(ctx)), appUrl: ctx.config.appUrl }),
    }),
  } satisfies Settings<Omit<EmailContent, "footer">, EmailContent>,
  share: {
    defaults: defaultShareContent,
    update: updateShareContentSchema,
    present: same,
  } satisfies Settings<ShareContent, ShareContent>,
  payment: {
    defaults: defaultPaymentContent,
    update: updatePaymentContentSchema,
    prepare: (changes, current) => {
      // Turning the tax rate on needs a rate, in the same change or already stored.
      if (changes.taxRateEnabled === true && changes.taxRate === undefined && !current.taxRate) {
        throw invalidField("taxRate", { key: "adminValidation.taxRateRequired" }, { summary: SCHEMA_SUMMARY });
      }
      return changes.cancellationReasons
        ? { ...changes, cancellationReasons: [...new Set(changes.cancellationReasons)] }
        : changes;
    },
    present: (ctx, stored) => ({
      ...stored,
      stripePublicKey: ctx.payments.get("stripe") ? (ctx.config.stripe.publishableKey ?? "") : "",
      stripeCountry: feeRegion(ctx.config.currencyCode),
    }),
  } satisfies Settings<Omit<PaymentContent, "stripePublicKey" | "stripeCountry">, PaymentContent>,
  telegram: {
    defaults: defaultTelegramContent,
    update: updateTelegramContentSchema,
    present: same,
  } satisfies Settings<TelegramContent, TelegramContent>,
};

export type SettingsId = keyof typeof settingsById;
/** What GET `/content/{id}` answers for each of these ids. */
export interface SettingsContent {
  profile: ProfileContent;
  contacts: ContactsContent;
  email: EmailContent;
  share: ShareContent;
  payment: PaymentContent;
  telegram: TelegramContent;
}
export const settingsIds = Object.keys(settingsById) as SettingsId[];

async function storedSettings<Stored extends object>(
  ctx: AppContext,
  id: string,
  settings: Settings<Stored, Stored>,
): Promise<Stored> {
  return cachedContent(ctx, `settings:${id}`, async () => {
    const stored = (await queries.findContent(ctx.db, id)) ?? {};
    const result: Stored = { ...settings.defaults };
    for (const [key, value] of Object.entries(stored)) {
      const parsed = settings.update.safeParse({ [key]: value });
      if (parsed.success) Object.assign(result, withoutUndefined(parsed.data));
    }
    return result;
  });
}

// The table's entries differ in type; these two work on any of them.
type AnySettings = Settings<object, object>;

export async function getSettings<Id extends SettingsId>(ctx: AppContext, id: Id): Promise<SettingsContent[Id]> {
  const settings = settingsById[id] as unknown as AnySettings;
  return (await settings.present(ctx, await storedSettings(ctx, id, settings))) as SettingsContent[Id];
}

/** Stores the changed fields (already parsed by the route's schema) and answers the whole settings. */
export async function updateSettings<Id extends SettingsId>(
  ctx: AppContext,
  id: Id,
  changes: object,
): Promise<SettingsContent[Id]> {
  const settings = settingsById[id] as unknown as AnySettings;
  const current = await storedSettings(ctx, id, settings);
  const cleaned = withoutUndefined(changes);
  const prepared = settings.prepare ? settings.prepare(cleaned, current) : cleaned;
  await storeSettingsChanges(ctx, id, prepared);
  return getSettings(ctx, id);
}
