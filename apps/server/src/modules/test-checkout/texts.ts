import type { PaymentMethod } from "@cohort/common/payments";
import type { Locale } from "@cohort/common/i18n";

export interface CheckoutTexts {
  pageTitle: string;
  banner: string;
  /** `{org}` is the organisation's name. */
  heading: string;
  intro: string;
  amount: string;
  period: string;
  monthly: string;
  annually: string;
  /** The period of a one-time gift. */
  once: string;
  fee: string;
  feeNotPaid: string;
  charged: string;
  method: string;
  methods: Record<PaymentMethod, string>;
  successful: string;
  failed: string;
  pending: string;
}

const germanTexts: CheckoutTexts = {
  pageTitle: "Test-Kasse",
  banner: "Testmodus – es fließt kein echtes Geld",
  heading: "{org}: Test-Kasse",
  intro: "Diese Seite vertritt einen Zahlungsanbieter. Wählen Sie, wie die Zahlung ausgehen soll.",
  amount: "Betrag",
  period: "Zeitraum",
  monthly: "Monatlich",
  annually: "Jährlich",
  once: "Einmalig",
  fee: "Gebühr",
  feeNotPaid: "Nicht vom Mitglied getragen",
  charged: "Abbuchung je Zeitraum",
  method: "Zahlungsart",
  methods: {
    s_card: "Karte",
    s_sepa: "SEPA-Lastschrift",
    s_bacs: "BACS-Lastschrift",
    s_paypal: "PayPal",
    s_ideal: "iDEAL",
    "gc_direct-debit": "Lastschrift",
  },
  successful: "Erfolgreich bezahlen",
  failed: "Zahlung scheitern lassen",
  pending: "Zahlung offen lassen",
};

/** The test checkout page in each locale. */
export const checkoutTexts: Record<Locale, CheckoutTexts> = {
  en: {
    pageTitle: "Test checkout",
    banner: "Test mode — no real money moves",
    heading: "{org}: test checkout",
    intro: "This page stands in for a payment provider. Choose what the payment should do.",
    amount: "Amount",
    period: "Period",
    monthly: "Monthly",
    annually: "Annually",
    once: "Once",
    fee: "Fee",
    feeNotPaid: "Not paid by the member",
    charged: "Charged each period",
    method: "Method",
    methods: {
      s_card: "Card",
      s_sepa: "SEPA direct debit",
      s_bacs: "BACS direct debit",
      s_paypal: "PayPal",
      s_ideal: "iDEAL",
      "gc_direct-debit": "Direct debit",
    },
    successful: "Pay successfully",
    failed: "Fail the payment",
    pending: "Leave the payment pending",
  },
  de: germanTexts,
  "de@informal": {
    ...germanTexts,
    intro: "Diese Seite vertritt einen Zahlungsanbieter. Wähl aus, wie die Zahlung ausgehen soll.",
  },
  "de@easy": {
    pageTitle: "Test-Kasse",
    banner: "Das ist nur ein Test. Es geht kein echtes Geld weg.",
    heading: "{org}: Test-Kasse",
    intro: "Hier bezahlen Sie nicht echt. Wählen Sie: Was soll mit der Zahlung passieren?",
    amount: "Betrag",
    period: "Wie oft",
    monthly: "Jeden Monat",
    annually: "Jedes Jahr",
    once: "Nur einmal",
    fee: "Gebühr",
    feeNotPaid: "Das Mitglied bezahlt die Gebühr nicht",
    charged: "So viel Geld geht jedes Mal weg",
    method: "Art der Zahlung",
    methods: {
      s_card: "Karte",
      s_sepa: "Lastschrift (SEPA)",
      s_bacs: "Lastschrift (BACS)",
      s_paypal: "PayPal",
      s_ideal: "iDEAL",
      "gc_direct-debit": "Lastschrift",
    },
    successful: "Die Zahlung klappt",
    failed: "Die Zahlung klappt nicht",
    pending: "Die Zahlung wartet noch",
  },
  nl: {
    pageTitle: "Testkassa",
    banner: "Testmodus — er wordt geen echt geld overgemaakt",
    heading: "{org}: testkassa",
    intro: "Deze pagina speelt voor betaalprovider. Kies wat er met de betaling moet gebeuren.",
    amount: "Bedrag",
    period: "Periode",
    monthly: "Maandelijks",
    annually: "Jaarlijks",
    once: "Eenmalig",
    fee: "Kosten",
    feeNotPaid: "Niet betaald door het lid",
    charged: "Afgeschreven per periode",
    method: "Betaalmethode",
    methods: {
      s_card: "Kaart",
      s_sepa: "SEPA-incasso",
      s_bacs: "BACS-incasso",
      s_paypal: "PayPal",
      s_ideal: "iDEAL",
      "gc_direct-debit": "Automatische incasso",
    },
    successful: "Betaling laten slagen",
    failed: "Betaling laten mislukken",
    pending: "Betaling laten openstaan",
  },
  pt: {
    pageTitle: "Pagamento de teste",
    banner: "Modo de teste — não é movimentado dinheiro real",
    heading: "{org}: pagamento de teste",
    intro: "Esta página faz as vezes de um prestador de pagamentos. Escolha o que deve acontecer ao pagamento.",
    amount: "Montante",
    period: "Periodicidade",
    monthly: "Mensal",
    annually: "Anual",
    once: "Uma vez",
    fee: "Taxa",
    feeNotPaid: "Não paga pelo membro",
    charged: "Cobrado em cada período",
    method: "Método",
    methods: {
      s_card: "Cartão",
      s_sepa: "Débito direto SEPA",
      s_bacs: "Débito direto BACS",
      s_paypal: "PayPal",
      s_ideal: "iDEAL",
      "gc_direct-debit": "Débito direto",
    },
    successful: "Pagar com sucesso",
    failed: "Fazer falhar o pagamento",
    pending: "Deixar o pagamento pendente",
  },
  it: {
    pageTitle: "Pagamento di prova",
    banner: "Modalità di prova — nessun movimento di denaro reale",
    heading: "{org}: pagamento di prova",
    intro: "Questa pagina fa le veci di un fornitore di pagamenti. Scegli che esito deve avere il pagamento.",
    amount: "Importo",
    period: "Periodicità",
    monthly: "Mensile",
    annually: "Annuale",
    once: "Una tantum",
    fee: "Commissione",
    feeNotPaid: "Non pagata dal socio",
    charged: "Addebitato ogni periodo",
    method: "Metodo",
    methods: {
      s_card: "Carta",
      s_sepa: "Addebito diretto SEPA",
      s_bacs: "Addebito diretto BACS",
      s_paypal: "PayPal",
      s_ideal: "iDEAL",
      "gc_direct-debit": "Addebito diretto",
    },
    successful: "Paga con successo",
    failed: "Fai fallire il pagamento",
    pending: "Lascia il pagamento in sospeso",
  },
  ru: {
    pageTitle: "Тестовая оплата",
    banner: "Тестовый режим — настоящие деньги не списываются",
    heading: "{org}: тестовая оплата",
    intro: "Эта страница заменяет платёжный сервис. Выберите, чем должен закончиться платёж.",
    amount: "Сумма",
    period: "Период",
    monthly: "Ежемесячно",
    annually: "Ежегодно",
    once: "Разово",
    fee: "Комиссия",
    feeNotPaid: "Не оплачивается участником",
    charged: "Списывается за период",
    method: "Способ оплаты",
    methods: {
      s_card: "Карта",
      s_sepa: "Прямое дебетование SEPA",
      s_bacs: "Прямое дебетование BACS",
      s_paypal: "PayPal",
      s_ideal: "iDEAL",
      "gc_direct-debit": "Прямое дебетование",
    },
    successful: "Оплатить успешно",
    failed: "Провалить платёж",
    pending: "Оставить платёж в ожидании",
  },
};
