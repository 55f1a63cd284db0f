import type { EmailTemplateId } from "@cohort/common/emails";
import type { TemplateText } from "./render.js";

/** The built-in German texts, in the formal address ("Sie"). */
export const germanTexts: Record<EmailTemplateId, TemplateText> = {
  "confirm-email": {
    subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    body: `Guten Tag *|NAME|*,

vielen Dank, dass Sie *|ORGNAME|* beitreten möchten. Bitte bestätigen Sie Ihre E-Mail-Adresse, um die Anmeldung abzuschließen:

*|CONFIRMLINK|*

Falls Sie sich nicht angemeldet haben, können Sie diese E-Mail einfach ignorieren.

*|ORGNAME|*`,
  },
  welcome: {
    subject: "Willkommen bei *|ORGNAME|*",
    body: `Guten Tag *|NAME|*,

willkommen bei *|ORGNAME|* und vielen Dank, dass Sie dabei sind. Ihr Konto ist eingerichtet.

Sie können sich jederzeit anmelden, um Ihr Konto und einen etwaigen Beitrag zu verwalten und auf unsere Aufrufe zu antworten:

*|LOGINLINK|*

*|ORGNAME|*`,
  },
  "email-exists-login": {
    subject: "Sie sind bereits Mitglied bei *|ORGNAME|*",
    body: `Guten Tag *|NAME|*,

soeben hat jemand, vermutlich Sie selbst, versucht, *|ORGNAME|* mit dieser E-Mail-Adresse beizutreten. Sie sind bereits Mitglied und müssen nicht erneut beitreten. Hier können Sie sich anmelden:

*|LOGINLINK|*

Falls Sie Ihr Passwort vergessen haben, können Sie es auf der Anmeldeseite zurücksetzen.

*|ORGNAME|*`,
  },
  "email-exists-set-password": {
    subject: "Legen Sie ein Passwort für Ihr Konto bei *|ORGNAME|* fest",
    body: `Guten Tag *|NAME|*,

soeben hat jemand, vermutlich Sie selbst, versucht, *|ORGNAME|* mit dieser E-Mail-Adresse beizutreten. Sie sind bereits Mitglied, haben aber noch kein Passwort. Über diesen Link, der 24 Stunden lang gültig ist, können Sie eines festlegen:

*|SPLINK|*

Falls Sie dies nicht veranlasst haben, können Sie diese E-Mail ignorieren.

*|ORGNAME|*`,
  },
  "reset-password": {
    subject: "Setzen Sie Ihr Passwort zurück",
    body: `Guten Tag *|NAME|*,

wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei *|ORGNAME|* zurückzusetzen. Über diesen Link, der 24 Stunden lang gültig ist, können Sie ein neues Passwort wählen:

*|RPLINK|*

Falls Sie dies nicht veranlasst haben, können Sie diese E-Mail ignorieren. Ihr Passwort bleibt dann unverändert.

*|ORGNAME|*`,
  },
  "reset-device": {
    subject: "Setzen Sie Ihre Zwei-Faktor-Anmeldung zurück",
    body: `Guten Tag *|NAME|*,

wir haben eine Anfrage erhalten, die Zwei-Faktor-Anmeldung Ihres Kontos bei *|ORGNAME|* auszuschalten, etwa weil das Telefon mit Ihrer Authentifizierungs-App verloren gegangen ist. Verwenden Sie dazu diesen Link, der 24 Stunden lang gültig ist; Sie benötigen Ihr Passwort:

*|RPLINK|*

Falls Sie dies nicht veranlasst haben, ignorieren Sie diese E-Mail und ändern Sie am besten Ihr Passwort.

*|ORGNAME|*`,
  },
  "confirm-email-change": {
    subject: "Bestätigen Sie Ihre neue E-Mail-Adresse",
    body: `Guten Tag *|NAME|*,

Sie möchten für Ihr Konto bei *|ORGNAME|* künftig die Adresse *|NEWEMAIL|* verwenden. Bitte bestätigen Sie diese Adresse mit dem folgenden Link, der 24 Stunden lang gültig ist. Bis dahin behält Ihr Konto die bisherige Adresse.

*|CONFIRMLINK|*

Falls Sie dies nicht veranlasst haben, können Sie diese E-Mail ignorieren; es ändert sich nichts.

*|ORGNAME|*`,
  },
  "email-change-requested": {
    subject: "Ihre E-Mail-Adresse soll geändert werden",
    body: `Guten Tag *|NAME|*,

jemand, der in Ihrem Konto bei *|ORGNAME|* angemeldet ist, möchte dessen E-Mail-Adresse in *|NEWEMAIL|* ändern. Die Änderung wird erst wirksam, wenn der Link geöffnet wird, den wir an diese Adresse geschickt haben.

Wenn Sie das waren, müssen Sie nichts weiter tun. Wenn nicht, setzen Sie bitte sofort auf der Anmeldeseite Ihr Passwort zurück: Damit wird die Änderung abgebrochen. Sie können sich auch an *|SUPPORTEMAIL|* wenden.

*|ORGNAME|*`,
  },
  "contribution-changed": {
    subject: "Ihr Beitrag wurde geändert",
    body: `Guten Tag *|NAME|*,

vielen Dank, dass Sie Ihren Beitrag für *|ORGNAME|* angepasst haben. Ihr neuer Beitrag von *|AMOUNT|* gilt ab *|STARTDATE|*.

Sie können ihn jederzeit in Ihrem Konto einsehen und ändern.

*|ORGNAME|*`,
  },
  "cancelled-contribution": {
    subject: "Ihr Beitrag wurde gekündigt",
    body: `Guten Tag *|NAME|*,

wir bedauern, dass Sie uns verlassen. Ihr Beitrag für *|ORGNAME|* wurde gekündigt, und es wird nichts mehr abgebucht. Ihre Mitgliedschaft bleibt bis *|EXPIRES|* aktiv.

Vielen Dank für Ihre Unterstützung. Sie sind jederzeit wieder willkommen.

*|ORGNAME|*`,
  },
  "payment-failed": {
    subject: "Ihre Zahlung ist fehlgeschlagen",
    body: `Guten Tag *|NAME|*,

wir konnten Ihren letzten Beitrag von *|AMOUNT|* für *|ORGNAME|* nicht einziehen. Das kann passieren, wenn eine Karte abgelaufen ist oder eine Bank die Zahlung ablehnt.

Bitte prüfen Sie Ihre Zahlungsdaten hier:

*|UPDATELINK|*

Vielen Dank für Ihre Unterstützung.

*|ORGNAME|*`,
  },
  "payment-recovered": {
    subject: "Ihre Zahlung ist doch eingegangen",
    body: `Guten Tag *|NAME|*,

wir hatten Ihnen geschrieben, dass Ihr Beitrag nicht eingezogen werden konnte. Inzwischen ist die Zahlung von *|AMOUNT|* an *|ORGNAME|* doch eingegangen. Sie müssen nichts weiter tun, Ihre Mitgliedschaft läuft weiter.

Vielen Dank für Ihre Unterstützung.

*|ORGNAME|*`,
  },
  "payment-reminder": {
    subject: "Ihre Mitgliedschaft braucht ein gültiges Zahlungsmittel",
    body: `Guten Tag *|NAME|*,

wir konnten Ihren Beitrag von *|AMOUNT|* für *|ORGNAME|* leider noch immer nicht einziehen. Ihre Mitgliedschaft bleibt bis zum *|EXPIRES|* aktiv. Danach endet sie, falls die Zahlung bis dahin nicht eingeht.

Hier können Sie ohne Anmeldung eine neue Karte oder ein neues Konto hinterlegen:

*|UPDATELINK|*

Falls Sie sich schon darum gekümmert haben: vielen Dank, dann können Sie diese E-Mail ignorieren.

*|ORGNAME|*`,
  },
  "manual-to-automatic": {
    subject: "Ihr Beitrag wird jetzt automatisch eingezogen",
    body: `Guten Tag *|NAME|*,

vielen Dank, dass Sie einen automatischen Beitrag für *|ORGNAME|* eingerichtet haben. Ab jetzt wird er für Sie eingezogen, Sie müssen also nicht mehr selbst überweisen. Falls Sie einen Dauerauftrag eingerichtet haben, kündigen Sie ihn bitte, damit Sie nicht doppelt zahlen.

*|ORGNAME|*`,
  },
  "contribution-didnt-start": {
    subject: "Ihr Beitrag konnte nicht gestartet werden",
    body: `Guten Tag *|NAME|*,

vielen Dank für Ihren Beitritt zu *|ORGNAME|*. Leider konnten wir Ihren Beitrag nicht starten, da die Zahlung nicht bestätigt wurde.

Sie können es in Ihrem Konto erneut versuchen. Wenn Sie Hilfe benötigen, schreiben Sie uns an *|SUPPORTEMAIL|*.

*|ORGNAME|*`,
  },
  "new-member": {
    subject: "Neues Mitglied: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* ist soeben *|ORGNAME|* beigetreten.

Kontakt-ID: *|MEMBERID|*`,
  },
  "cancelled-member": {
    subject: "Beitrag gekündigt: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* hat den Beitrag für *|ORGNAME|* gekündigt.

Angegebener Grund: *|REASON|*

Kontakt-ID: *|MEMBERID|*`,
  },
  "confirm-callout-response": {
    subject: "Wir haben Ihre Antwort auf „*|CALLOUTTITLE|*“ erhalten",
    body: `Guten Tag *|NAME|*,

vielen Dank für Ihre Antwort auf „*|CALLOUTTITLE|*“ (*|CALLOUTLINK|*). Wir haben eine Antwort erhalten, die mit Ihrer E-Mail-Adresse abgegeben wurde.

Bitte bestätigen Sie über diesen Link, dass Sie es waren:

*|CONFIRMLINK|*

Bis dahin ist die Antwort nicht mit Ihrer E-Mail-Adresse verknüpft. Falls nicht Sie geantwortet haben, können Sie diese E-Mail einfach ignorieren.

*|ORGNAME|*`,
  },
  "new-callout-response": {
    subject: "Neue Antwort auf „*|CALLOUTTITLE|*“",
    body: `*|RESPNAME|* hat auf den Aufruf „*|CALLOUTTITLE|*“ (*|CALLOUTSLUG|*) geantwortet.`,
  },
  "callout-response-notice": {
    subject: "Antwort Nr. *|RESPONSENUMBER|* auf „*|CALLOUTTITLE|*“",
    body: `Hallo *|NAME|*,

auf den Aufruf „*|CALLOUTTITLE|*“ ist eine neue Antwort eingegangen, Nummer *|RESPONSENUMBER|*. Hier können Sie sie lesen:

*|RESPONSELINK|*

Sie erhalten diese E-Mail, weil ein Admin Sie für die Benachrichtigungen zu diesem Aufruf eingetragen hat.

*|ORGNAME|*`,
  },
  "callout-response-threshold": {
    subject: "„*|CALLOUTTITLE|*“ hat *|THRESHOLD|* Antworten",
    body: `Hallo *|NAME|*,

der Aufruf „*|CALLOUTTITLE|*“ hat die Marke von *|THRESHOLD|* Antworten erreicht. Hier finden Sie die Antworten:

*|RESPONSESLINK|*

Sie erhalten diese E-Mail, weil ein Admin Sie für die Benachrichtigungen zu diesem Aufruf eingetragen hat.

*|ORGNAME|*`,
  },
  "callout-response-digest": {
    subject: "Neue Antworten auf „*|CALLOUTTITLE|*“ am *|DIGESTDATE|*: *|RESPONSECOUNT|*",
    body: `Hallo *|NAME|*,

hier ist die tägliche Übersicht zum Aufruf „*|CALLOUTTITLE|*“. Neue Antworten am *|DIGESTDATE|* (UTC): *|RESPONSECOUNT|*.

*|RESPONSELIST|*

Alle Antworten: *|RESPONSESLINK|*

Sie erhalten diese Übersicht, weil ein Admin Sie für die Benachrichtigungen zu diesem Aufruf eingetragen hat. An Tagen ohne neue Antworten kommt keine E-Mail.

*|ORGNAME|*`,
  },
  "webhook-endpoint-paused": {
    subject: "Ein Webhook-Empfänger wurde angehalten",
    body: `Hallo,

seit mehreren Tagen ist jede Nachricht an den Webhook-Empfänger *|ENDPOINTURL|* gescheitert, darum wird ihm nichts mehr geschickt.

Sobald der Empfänger wieder antwortet, kann ein Admin ihn fortsetzen und die gescheiterten Nachrichten erneut senden: *|WEBHOOKSLINK|*

*|ORGNAME|*`,
  },
};
