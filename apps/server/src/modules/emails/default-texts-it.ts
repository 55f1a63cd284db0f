import type { EmailTemplateId } from "@cohort/common/emails";
import type { TemplateText } from "./render.js";

/** The built-in Italian texts (informal "tu", as the app's `it` locale). */
export const italianTexts: Record<EmailTemplateId, TemplateText> = {
  "confirm-email": {
    subject: "Conferma il tuo indirizzo email",
    body: `Ciao *|NAME|*,

grazie per esserti iscritto/a a *|ORGNAME|*. Per completare l'iscrizione, conferma il tuo indirizzo email:

*|CONFIRMLINK|*

Se non hai chiesto di iscriverti, puoi ignorare questa email: non succederà nulla.

*|ORGNAME|*`,
  },
  welcome: {
    subject: "Benvenuto/a in *|ORGNAME|*",
    body: `Ciao *|NAME|*,

benvenuto/a in *|ORGNAME|* e grazie per esserti unito/a a noi. Il tuo account è pronto.

Puoi accedere in qualsiasi momento per gestire il tuo account ed eventuali contributi, e per rispondere ai nostri appelli:

*|LOGINLINK|*

*|ORGNAME|*`,
  },
  "email-exists-login": {
    subject: "Sei già socio/a di *|ORGNAME|*",
    body: `Ciao *|NAME|*,

qualcuno, probabilmente tu, ha appena provato a iscriversi a *|ORGNAME|* con questo indirizzo email. Sei già socio/a, quindi non serve iscriverti di nuovo. Puoi accedere da qui:

*|LOGINLINK|*

Se hai dimenticato la password, puoi reimpostarla dalla pagina di accesso.

*|ORGNAME|*`,
  },
  "email-exists-set-password": {
    subject: "Imposta una password per il tuo account di *|ORGNAME|*",
    body: `Ciao *|NAME|*,

qualcuno, probabilmente tu, ha appena provato a iscriversi a *|ORGNAME|* con questo indirizzo email. Sei già socio/a, ma il tuo account non ha ancora una password. Sceglila con questo link, valido per 24 ore:

*|SPLINK|*

Se non l'hai chiesto tu, puoi ignorare questa email.

*|ORGNAME|*`,
  },
  "reset-password": {
    subject: "Reimposta la tua password",
    body: `Ciao *|NAME|*,

abbiamo ricevuto una richiesta di reimpostare la password del tuo account di *|ORGNAME|*. Scegli una nuova password con questo link, valido per 24 ore:

*|RPLINK|*

Se non l'hai chiesto tu, puoi ignorare questa email: la tua password resta invariata.

*|ORGNAME|*`,
  },
  "reset-device": {
    subject: "Disattiva la verifica in due passaggi",
    body: `Ciao *|NAME|*,

abbiamo ricevuto una richiesta di disattivare la verifica in due passaggi del tuo account di *|ORGNAME|*, per esempio perché hai perso il telefono con l'app di autenticazione. Usa questo link, valido per 24 ore; ti servirà la tua password:

*|RPLINK|*

Se non l'hai chiesto tu, ignora questa email e valuta di cambiare la password.

*|ORGNAME|*`,
  },
  "confirm-email-change": {
    subject: "Conferma il tuo nuovo indirizzo email",
    body: `Ciao *|NAME|*,

hai chiesto di usare d'ora in poi *|NEWEMAIL|* per il tuo account di *|ORGNAME|*. Conferma questo indirizzo con il link qui sotto, valido per 24 ore. Fino ad allora, il tuo account mantiene l'indirizzo attuale.

*|CONFIRMLINK|*

Se non l'hai chiesto tu, puoi ignorare questa email: non cambierà nulla.

*|ORGNAME|*`,
  },
  "email-change-requested": {
    subject: "Il tuo indirizzo email sta per cambiare",
    body: `Ciao *|NAME|*,

qualcuno che ha effettuato l'accesso al tuo account di *|ORGNAME|* ha chiesto di cambiarne l'indirizzo email in *|NEWEMAIL|*. La modifica avviene solo quando viene aperto il link che abbiamo inviato a quell'indirizzo.

Se sei stato/a tu, non devi fare altro. Altrimenti, reimposta subito la password dalla pagina di accesso: così la modifica viene annullata. Puoi anche scriverci a *|SUPPORTEMAIL|*.

*|ORGNAME|*`,
  },
  "contribution-changed": {
    subject: "Il tuo contributo è cambiato",
    body: `Ciao *|NAME|*,

grazie per aver aggiornato il tuo contributo a *|ORGNAME|*. Il tuo nuovo contributo di *|AMOUNT|* vale a partire da *|STARTDATE|*.

Puoi vederlo e modificarlo in qualsiasi momento dal tuo account.

*|ORGNAME|*`,
  },
  "cancelled-contribution": {
    subject: "Il tuo contributo è stato annullato",
    body: `Ciao *|NAME|*,

ci dispiace vederti andare via. Il tuo contributo a *|ORGNAME|* è stato annullato e non ti verrà addebitato altro. La tua iscrizione resta attiva fino a *|EXPIRES|*.

Grazie per il tuo sostegno. Potrai tornare quando vuoi.

*|ORGNAME|*`,
  },
  "payment-failed": {
    subject: "Il tuo pagamento non è andato a buon fine",
    body: `Ciao *|NAME|*,

non siamo riusciti a riscuotere il tuo ultimo contributo di *|AMOUNT|* a *|ORGNAME|*. Può succedere quando una carta è scaduta o la banca rifiuta il pagamento.

Controlla qui i tuoi dati di pagamento:

*|UPDATELINK|*

Grazie per il tuo sostegno.

*|ORGNAME|*`,
  },
  "payment-recovered": {
    subject: "Il tuo pagamento è andato a buon fine",
    body: `Ciao *|NAME|*,

ti avevamo scritto che non eravamo riusciti a riscuotere il tuo contributo. Il pagamento di *|AMOUNT|* a *|ORGNAME|* è poi andato a buon fine: non devi fare nulla e la tua iscrizione continua.

Grazie per il tuo sostegno.

*|ORGNAME|*`,
  },
  "payment-reminder": {
    subject: "La tua iscrizione ha bisogno di un metodo di pagamento valido",
    body: `Ciao *|NAME|*,

non siamo ancora riusciti a riscuotere il tuo contributo di *|AMOUNT|* a *|ORGNAME|*. La tua iscrizione resta attiva fino a *|EXPIRES|* compreso. Dopo quella data termina, a meno che il pagamento non vada a buon fine.

Puoi impostare una nuova carta o un nuovo conto qui, senza accedere:

*|UPDATELINK|*

Se hai già risolto, grazie: puoi ignorare questa email.

*|ORGNAME|*`,
  },
  "manual-to-automatic": {
    subject: "Il tuo contributo ora è automatico",
    body: `Ciao *|NAME|*,

grazie per aver attivato un contributo automatico a *|ORGNAME|*. D'ora in poi viene riscosso automaticamente, quindi non devi più pagare a mano. Se paghi con un bonifico periodico, ricordati di annullarlo per non pagare due volte.

*|ORGNAME|*`,
  },
  "contribution-didnt-start": {
    subject: "Il tuo contributo non è partito",
    body: `Ciao *|NAME|*,

grazie per esserti iscritto/a a *|ORGNAME|*. Purtroppo non siamo riusciti ad avviare il tuo contributo, perché il pagamento non è stato confermato.

Puoi riprovare dal tuo account. Se hai bisogno di aiuto, scrivici a *|SUPPORTEMAIL|*.

*|ORGNAME|*`,
  },
  "new-member": {
    subject: "Nuovo socio: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* si è appena iscritto/a a *|ORGNAME|*.

ID contatto: *|MEMBERID|*`,
  },
  "cancelled-member": {
    subject: "Contributo annullato: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* ha annullato il proprio contributo a *|ORGNAME|*.

Motivo indicato: *|REASON|*

ID contatto: *|MEMBERID|*`,
  },
  "confirm-callout-response": {
    subject: "Abbiamo ricevuto la tua risposta a «*|CALLOUTTITLE|*»",
    body: `Ciao *|NAME|*,

grazie per aver risposto a «*|CALLOUTTITLE|*» (*|CALLOUTLINK|*). Abbiamo ricevuto una risposta inviata con il tuo indirizzo email.

Conferma che sei stato/a tu aprendo questo link:

*|CONFIRMLINK|*

Fino ad allora, la risposta non è collegata al tuo indirizzo email. Se non hai risposto tu, puoi ignorare questa email.

*|ORGNAME|*`,
  },
  "new-callout-response": {
    subject: "Nuova risposta a «*|CALLOUTTITLE|*»",
    body: `*|RESPNAME|* ha risposto all'appello «*|CALLOUTTITLE|*» (*|CALLOUTSLUG|*).`,
  },
  "callout-response-notice": {
    subject: "Risposta n. *|RESPONSENUMBER|* a «*|CALLOUTTITLE|*»",
    body: `Ciao *|NAME|*,

l'appello «*|CALLOUTTITLE|*» ha una nuova risposta, la numero *|RESPONSENUMBER|*. Leggila qui:

*|RESPONSELINK|*

Ricevi questa email perché un amministratore ti ha aggiunto/a alle notifiche di questo appello.

*|ORGNAME|*`,
  },
  "callout-response-threshold": {
    subject: "«*|CALLOUTTITLE|*» ha *|THRESHOLD|* risposte",
    body: `Ciao *|NAME|*,

l'appello «*|CALLOUTTITLE|*» ha superato le *|THRESHOLD|* risposte. Guardale qui:

*|RESPONSESLINK|*

Ricevi questa email perché un amministratore ti ha aggiunto/a alle notifiche di questo appello.

*|ORGNAME|*`,
  },
  "callout-response-digest": {
    subject: "Nuove risposte a «*|CALLOUTTITLE|*» di *|DIGESTDATE|*: *|RESPONSECOUNT|*",
    body: `Ciao *|NAME|*,

ecco il riepilogo giornaliero dell'appello «*|CALLOUTTITLE|*». Nuove risposte di *|DIGESTDATE|* (UTC): *|RESPONSECOUNT|*.

*|RESPONSELIST|*

Tutte le risposte: *|RESPONSESLINK|*

Ricevi questo riepilogo perché un amministratore ti ha aggiunto/a alle notifiche di questo appello. Nei giorni senza nuove risposte non arriva nessuna email.

*|ORGNAME|*`,
  },
  "webhook-endpoint-paused": {
    subject: "Un endpoint webhook è stato sospeso",
    body: `Ciao,

da diversi giorni ogni messaggio all'endpoint webhook *|ENDPOINTURL|* non va a buon fine, quindi non gli viene più inviato nulla.

Quando il destinatario risponderà di nuovo, un amministratore potrà riattivarlo e inviare di nuovo i messaggi non consegnati: *|WEBHOOKSLINK|*

*|ORGNAME|*`,
  },
};
