import type { SQL } from "drizzle-orm";
import type {
  ExportPaymentsQuery,
  ListPaymentsQuery,
  Payment,
  PaymentList,
  PaymentTotals,
  PaymentTotalsQuery,
} from "@cohort/common/payments";
import { paymentFilterFields, paymentStatuses } from "@cohort/common/payments";
import type { Contact } from "@cohort/common/contacts";
import { toMajorUnits } from "@cohort/common/contributions";
import type { Config } from "../../config.js";
import { allOfGrouped } from "../../filters/conditions.js";
import { compileRuleGroup } from "../../filters/sql.js";
import { validateRulesOr400 } from "../../filters/validate.js";
import type { Identity } from "../../http/auth.js";
import { AppError, notAuthenticated, notFound } from "../../http/errors.js";
import { getContact } from "../contacts/service.js";
import * as queries from "./queries.js";
import type { AppContext } from "../../context.js";
import type { PaymentProvider, ProviderEvent } from "../../providers/payment/index.js";
import { WebhookSignatureError } from "../../providers/payment/index.js";
import { createPaymentProviders, type PaymentProviders } from "../../providers/payment/factory.js";
import { applyProviderEvent } from "./events.js";
import { filterOf, recordActivity } from "../activity/service.js";
import { paymentFailures } from "../recovery/service.js";

/**
 * The enabled payment providers for a context being built: events a provider
 * produces itself (the test provider's payments) are applied through
 * `applyProviderEvent`, exactly like verified webhook events.
 */
export function buildPaymentProviders(
  config: Config,
  base: Omit<AppContext, "payments">,
  extra?: readonly PaymentProvider[],
): PaymentProviders {
  const payments: PaymentProviders = createPaymentProviders(config, {
    db: base.db,
    clock: base.clock,
    newId: () => base.newId(),
    emit: async (provider, event) => {
      await applyProviderEvent({ ...base, payments }, provider, event);
    },
    ...(extra ? { extra } : {}),
  });
  return payments;
}

/** Who may see which payments, and the caller's rules, as one condition. */
function paymentConditions(
  ctx: AppContext,
  identity: Identity,
  rules: ListPaymentsQuery["rules"],
  contactId?: string,
): SQL | undefined {
  const conditions: SQL[] = [];
  if (contactId) conditions.push(queries.paymentsOf(contactId));
  if (!identity.roles.includes("admin")) {
    if (!identity.contact) throw notAuthenticated();
    conditions.push(queries.paymentsOf(identity.contact.id));
  }
  if (rules) {
    const validated = validateRulesOr400(rules, paymentFilterFields, {
      now: ctx.clock.now(),
      contactId: identity.contact?.id,
    });
    conditions.push(compileRuleGroup(validated, queries.paymentFieldSql));
  }
  return allOfGrouped(...conditions);
}

/** Admins: how many payments match the rules, with their count and sum by status. */
export async function paymentTotals(
  ctx: AppContext,
  identity: Identity,
  query: PaymentTotalsQuery,
): Promise<PaymentTotals> {
  const sums = await queries.sumPaymentsByStatus(ctx.db, paymentConditions(ctx, identity, query.rules));
  const byStatus = Object.fromEntries(
    paymentStatuses.map((status) => {
      const found = sums.find((sum) => sum.status === status);
      return [status, { count: found?.count ?? 0, amount: toMajorUnits(found?.amount ?? 0) }];
    }),
  ) as PaymentTotals["byStatus"];
  return { total: sums.reduce((all, sum) => all + sum.count, 0), byStatus };
}

/**
 * Payments, filtered by the payment rule grammar. Admins see everyone's
 * (or one contact's, with `contactId`); anyone else only their own.
 */
export async function listPayments(
  ctx: AppContext,
  identity: Identity,
  query: ListPaymentsQuery,
  contactId?: string,
): Promise<PaymentList> {
  const isAdmin = identity.roles.includes("admin");
  const { rows, total } = await queries.listPaymentRows(ctx.db, {
    where: paymentConditions(ctx, identity, query.rules, contactId),
    sort: query.sort ?? "chargeDate",
    order: query.order,
    limit: query.limit,
    offset: query.offset,
  });
  const withContact = [...query.with, ...query["with[]"]].includes("contact");
  const contactsById = new Map<string, Contact | null>();
  if (withContact) {
    for (const id of new Set(rows.map((row) => row.contactId).filter((id): id is string => id !== null))) {
      contactsById.set(id, await getContact(ctx, id, { with: [], isAdminViewer: isAdmin }).catch(() => null));
    }
  }
  const failures = await paymentFailures(ctx.db, rows);
  return {
    items: rows.map((row) => ({
      id: row.id,
      amount: toMajorUnits(row.amount),
      chargeDate: row.chargeDate.toISOString(),
      status: row.status,
      kind: row.kind,
      ...(withContact ? { contact: row.contactId ? (contactsById.get(row.contactId) ?? null) : null } : {}),
      ...failures(row),
    })),
    total,
    offset: query.offset,
    count: rows.length,
  };
}

const EXPORT_BATCH = 1000;

export const paymentCsvHeader = [
  "id",
  "chargeDate",
  "amount",
  "currency",
  "status",
  "provider",
  "contactId",
  "email",
  "firstname",
  "lastname",
  "kind",
] as const;

/**
 * Admins: every payment the rules match, in the list's order, as CSV rows
 * batch by batch (amounts in major units, as on the wire). The rules are
 * checked before the first row, so bad rules are a 400, not a broken download.
 */
export function exportPaymentRows(
  ctx: AppContext,
  identity: Identity,
  query: ExportPaymentsQuery,
): AsyncGenerator<unknown[][]> {
  const where = paymentConditions(ctx, identity, query.rules);
  return paymentRowBatches(ctx, where, query);
}

async function* paymentRowBatches(
  ctx: AppContext,
  where: SQL | undefined,
  query: ExportPaymentsQuery,
): AsyncGenerator<unknown[][]> {
  await recordActivity(ctx, { kind: "export.payments", changes: filterOf(query.rules) });
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const { rows } = await queries.listPaymentRows(ctx.db, {
      where,
      sort: query.sort ?? "chargeDate",
      order: query.order,
      limit: EXPORT_BATCH,
      offset,
    });
    const ids = [...new Set(rows.map((row) => row.contactId).filter((id): id is string => id !== null))];
    const people = new Map((await queries.contactNamesOf(ctx.db, ids)).map((person) => [person.id, person]));
    yield rows.map((row) => {
      const person = row.contactId ? people.get(row.contactId) : undefined;
      return [
        row.id,
        row.chargeDate.toISOString(),
        toMajorUnits(row.amount),
        row.currency,
        row.status,
        row.provider,
        row.contactId,
        person?.email,
        person?.firstname,
        person?.lastname,
        row.kind,
      ];
    });
    if (rows.length < EXPORT_BATCH) return;
  }
}

/**
 * Verifies a provider's webhook and applies its events. A bad signature, or
 * a signed body that cannot be read, is a 400 that changes nothing; an event
 * of a batch that cannot be used (malformed, or about a payment the provider
 * does not know) is recorded as ignored and logged while the others apply,
 * and the answer is a 2xx so the provider does not repeat the batch for it. A
 * provider API out of reach is a 503, and the provider delivers again later.
 * Answers how many events were new.
 */
export async function receiveWebhook(
  ctx: AppContext,
  providerId: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<number> {
  const provider = ctx.payments.get(providerId);
  if (!provider) throw notFound("No such payment provider");
  let events: ProviderEvent[];
  try {
    events = await provider.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      ctx.log.warn({ provider: provider.id, reason: error.message }, "webhook refused");
      throw new AppError("invalid-request", { status: 400, message: error.message });
    }
    if (error instanceof AppError && error.status < 500) {
      ctx.log.warn({ provider: provider.id, reason: error.message }, "webhook refused");
    }
    throw error;
  }
  let applied = 0;
  for (const event of events) {
    if ((await applyProviderEvent(ctx, provider.id, event)).applied) {
      applied++;
      if (event.kind === "ignored" && event.problem) {
        ctx.log.warn(
          { provider: provider.id, eventId: event.eventId, problem: event.problem },
          "webhook event ignored",
        );
      }
    }
  }
  return applied;
}

/** One payment by our id; 404 when it does not exist or is someone else's (for non-admins). */
export async function getPayment(
  ctx: AppContext,
  identity: Identity,
  id: string,
  options: { withContact: boolean },
): Promise<Payment> {
  const isAdmin = identity.roles.includes("admin");
  const row = await queries.findPaymentById(ctx.db, id);
  if (!row || (!isAdmin && (!identity.contact || row.contactId !== identity.contact.id))) {
    throw notFound("No payment with that id");
  }
  const contact =
    options.withContact && row.contactId
      ? await getContact(ctx, row.contactId, { with: [], isAdminViewer: isAdmin }).catch(() => null)
      : null;
  return {
    id: row.id,
    amount: toMajorUnits(row.amount),
    chargeDate: row.chargeDate.toISOString(),
    status: row.status,
    kind: row.kind,
    ...(options.withContact ? { contact } : {}),
  };
}

/*
 * The payments module owns the payments and writes them for everyone (decision 083): the
 * sample data's payments come in and go out here.
 */

/** Writes payments made elsewhere as they are (the sample data's). */
export async function insertPayments(
  ctx: Pick<AppContext, "db">,
  rows: Parameters<typeof queries.insertPayments>[1],
): Promise<void> {
  await queries.insertPayments(ctx.db, rows);
}

/** Deletes the payments of the contacts `contactIds` (a query of their ids) selects. */
export async function deletePaymentsOfContactsIn(ctx: Pick<AppContext, "db">, contactIds: SQL): Promise<void> {
  await queries.deletePaymentsOfContactsIn(ctx.db, contactIds);
}
