import type { Locale } from "@cohort/common/i18n";

/** The words printed on receipts, in each locale the member may read them in. */
export interface ReceiptTexts {
  /** Title of one payment's receipt. */
  receipt: string;
  /** Title of the yearly summary; `{year}` is the calendar year. */
  yearly: string;
  receiptNumber: string;
  date: string;
  paidBy: string;
  email: string;
  amount: string;
  method: string;
  /** Label of the organisation's VAT or tax number. */
  vatNumber: string;
  /** The payment's method when the provider does not say (a payment recorded by hand). */
  otherMethod: string;
  total: string;
  /** Under the yearly list; `{count}` is how many payments it holds. */
  count: string;
  thanks: string;
  issued: string;
}

const german: ReceiptTexts = {
  receipt: "Zahlungsbeleg",
  yearly: "Jahresübersicht Ihrer Beiträge {year}",
  receiptNumber: "Belegnummer",
  date: "Datum",
  paidBy: "Gezahlt von",
  email: "E-Mail",
  amount: "Betrag",
  method: "Zahlungsart",
  vatNumber: "USt-IdNr.",
  otherMethod: "Sonstige",
  total: "Summe",
  count: "{count} Zahlungen",
  thanks: "Vielen Dank für Ihre Unterstützung.",
  issued: "Ausgestellt am",
};

export const receiptTexts: Record<Locale, ReceiptTexts> = {
  en: {
    receipt: "Payment receipt",
    yearly: "Your contributions in {year}",
    receiptNumber: "Receipt number",
    date: "Date",
    paidBy: "Paid by",
    email: "Email",
    amount: "Amount",
    method: "Payment method",
    vatNumber: "VAT number",
    otherMethod: "Other",
    total: "Total",
    count: "{count} payments",
    thanks: "Thank you for your support.",
    issued: "Issued on",
  },
  de: german,
  "de@informal": {
    ...german,
    yearly: "Jahresübersicht deiner Beiträge {year}",
    thanks: "Danke, dass du uns unterstützt.",
  },
  "de@easy": {
    ...german,
    receipt: "Beleg für Ihre Zahlung",
    yearly: "Ihre Zahlungen im Jahr {year}",
    receiptNumber: "Nummer vom Beleg",
    paidBy: "Bezahlt von",
    method: "So haben Sie bezahlt",
    total: "Zusammen",
    thanks: "Danke für Ihre Hilfe.",
    issued: "Beleg gemacht am",
  },
  nl: {
    receipt: "Betalingsbewijs",
    yearly: "Uw bijdragen in {year}",
    receiptNumber: "Bewijsnummer",
    date: "Datum",
    paidBy: "Betaald door",
    email: "E-mail",
    amount: "Bedrag",
    method: "Betaalmethode",
    vatNumber: "Btw-nummer",
    otherMethod: "Anders",
    total: "Totaal",
    count: "{count} betalingen",
    thanks: "Hartelijk dank voor uw steun.",
    issued: "Uitgegeven op",
  },
  pt: {
    receipt: "Recibo de pagamento",
    yearly: "As suas contribuições em {year}",
    receiptNumber: "Número do recibo",
    date: "Data",
    paidBy: "Pago por",
    email: "E-mail",
    amount: "Montante",
    method: "Método de pagamento",
    vatNumber: "NIF",
    otherMethod: "Outro",
    total: "Total",
    count: "{count} pagamentos",
    thanks: "Obrigado pelo seu apoio.",
    issued: "Emitido em",
  },
  it: {
    receipt: "Ricevuta di pagamento",
    yearly: "I tuoi contributi nel {year}",
    receiptNumber: "Numero di ricevuta",
    date: "Data",
    paidBy: "Pagato da",
    email: "E-mail",
    amount: "Importo",
    method: "Metodo di pagamento",
    vatNumber: "Partita IVA",
    otherMethod: "Altro",
    total: "Totale",
    count: "{count} pagamenti",
    thanks: "Grazie per il tuo sostegno.",
    issued: "Emessa il",
  },
  ru: {
    receipt: "Квитанция об оплате",
    yearly: "Ваши взносы за {year} год",
    receiptNumber: "Номер квитанции",
    date: "Дата",
    paidBy: "Плательщик",
    email: "Эл. почта",
    amount: "Сумма",
    method: "Способ оплаты",
    vatNumber: "ИНН",
    otherMethod: "Другой",
    total: "Итого",
    count: "Платежей: {count}",
    thanks: "Спасибо за вашу поддержку.",
    issued: "Дата выдачи",
  },
};
