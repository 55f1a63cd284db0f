import type { Locale } from "@cohort/common/i18n";
import { localeTags } from "@cohort/common/i18n";
import { toMajorUnits } from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { PdfWriter } from "../../lib/pdf.js";
import { getGeneralContent } from "../content/service.js";
import { checkoutTexts } from "../test-checkout/texts.js";
import * as queries from "./queries.js";
import { receiptTexts, type ReceiptTexts } from "./texts.js";

export interface ReceiptFile {
  filename: string;
  pdf: Buffer;
}

type PaymentRow = NonNullable<Awaited<ReturnType<typeof queries.findSuccessfulPayment>>>;
type Payer = NonNullable<Awaited<ReturnType<typeof queries.findPayer>>>;

/** A receipt's number: the payment's year and the start of its id, so it is the same on every download. */
export function receiptNumber(payment: { id: string; chargeDate: Date }): string {
  return `${payment.chargeDate.getUTCFullYear()}-${payment.id.replaceAll("-", "").slice(0, 8).toUpperCase()}`;
}

interface Formats {
  locale: Locale;
  texts: ReceiptTexts;
  money: (minor: number, currency: string) => string;
  day: (date: Date) => string;
}

function formatsFor(locale: Locale): Formats {
  const tag = localeTags[locale];
  const days = new Intl.DateTimeFormat(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return {
    locale,
    texts: receiptTexts[locale],
    money: (minor, currency) => new Intl.NumberFormat(tag, { style: "currency", currency }).format(toMajorUnits(minor)),
    day: (date) => days.format(date),
  };
}

/** How the payment was made, as far as the contribution tells it. */
function methodOf(payment: PaymentRow, payer: Payer, formats: Formats): string {
  // A one-time gift is paid by card, whatever the giver's contribution uses (decision 068).
  if (payment.kind === "gift") return checkoutTexts[formats.locale].methods.s_card;
  if (payer.paymentMethod && payer.provider === payment.provider) {
    return checkoutTexts[formats.locale].methods[payer.paymentMethod];
  }
  return formats.texts.otherMethod;
}

async function startDocument(ctx: AppContext, payer: Payer, title: string, formats: Formats) {
  const general = await getGeneralContent(ctx);
  const pdf = new PdfWriter({ title, author: general.organisationName, lang: localeTags[formats.locale] });
  pdf.text(general.organisationName, { size: 16, bold: true });
  for (const line of general.address.split(/\r?\n/)) if (line.trim()) pdf.text(line.trim());
  if (general.vatNumber) pdf.text(`${formats.texts.vatNumber}: ${general.vatNumber}`);
  pdf.moveDown(2).text(title, { size: 20, bold: true }).moveDown();
  const name = `${payer.firstname} ${payer.lastname}`.trim();
  pdf.text(`${formats.texts.paidBy}: ${name || payer.email}`);
  pdf.text(`${formats.texts.email}: ${payer.email}`);
  pdf.text(`${formats.texts.issued}: ${formats.day(ctx.clock.now())}`);
  return pdf.moveDown().rule();
}

async function payerOf(ctx: AppContext, contactId: string): Promise<{ payer: Payer; formats: Formats }> {
  const payer = await queries.findPayer(ctx.db, contactId);
  if (!payer) throw notFound("No payment with that id");
  const locale = payer.locale ?? (await getGeneralContent(ctx)).locale;
  return { payer, formats: formatsFor(locale) };
}

/** Who a receipt names, in place of the contact's stored name, address and language. */
export type NamedPayer = Pick<Payer, "firstname" | "lastname" | "email" | "locale">;

/**
 * The receipt of one successful payment of the contact; 404 for any other
 * payment. `as` names the payer otherwise than the contact's record does.
 */
export async function paymentReceipt(
  ctx: AppContext,
  contactId: string,
  paymentId: string,
  as?: NamedPayer,
): Promise<ReceiptFile> {
  const payment = await queries.findSuccessfulPayment(ctx.db, contactId, paymentId);
  if (!payment) throw notFound("No payment with that id");
  const stored = await payerOf(ctx, contactId);
  const { payer, formats } = as
    ? { payer: { ...stored.payer, ...as }, formats: as.locale ? formatsFor(as.locale) : stored.formats }
    : stored;
  const { texts } = formats;
  const number = receiptNumber(payment);
  const pdf = await startDocument(ctx, payer, texts.receipt, formats);
  const rows: [string, string][] = [
    [texts.receiptNumber, number],
    [texts.date, formats.day(payment.chargeDate)],
    [texts.amount, formats.money(payment.amount, payment.currency)],
    [texts.method, methodOf(payment, payer, formats)],
  ];
  for (const [label, value] of rows) {
    const y = pdf.doc.y;
    pdf.text(label, { x: 56, y, bold: true, width: 160 });
    pdf.text(value, { x: 220, y, width: 300 });
  }
  pdf.moveDown(2).text(texts.thanks);
  return { filename: `receipt-${number}.pdf`, pdf: await pdf.finish() };
}

/**
 * One calendar year's successful payments of the contact (the year in UTC,
 * as the charge days on receipts), with their sum per currency; 404 when
 * there are none.
 */
export async function yearlyReceipt(ctx: AppContext, contactId: string, year: number): Promise<ReceiptFile> {
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const payments = await queries.successfulPaymentsBetween(ctx.db, contactId, from, to);
  if (payments.length === 0) throw notFound("No payments in that year");
  const { payer, formats } = await payerOf(ctx, contactId);
  const { texts } = formats;
  const pdf = await startDocument(ctx, payer, texts.yearly.replace("{year}", String(year)), formats);
  const columns = [56, 180, 320] as const;
  const row = (cells: [string, string, string], bold = false) => {
    const y = pdf.doc.y;
    cells.forEach((cell, index) => pdf.text(cell, { x: columns[index], y, bold, width: 130 }));
  };
  row([texts.date, texts.receiptNumber, texts.amount], true);
  const sums = new Map<string, number>();
  for (const payment of payments) {
    row([formats.day(payment.chargeDate), receiptNumber(payment), formats.money(payment.amount, payment.currency)]);
    sums.set(payment.currency, (sums.get(payment.currency) ?? 0) + payment.amount);
  }
  pdf.rule();
  for (const [currency, sum] of sums) row([texts.total, "", formats.money(sum, currency)], true);
  pdf.moveDown().text(texts.count.replace("{count}", String(payments.length)));
  pdf.moveDown(2).text(texts.thanks);
  return { filename: `receipts-${year}.pdf`, pdf: await pdf.finish() };
}
