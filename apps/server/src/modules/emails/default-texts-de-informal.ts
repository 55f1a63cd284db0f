import type { EmailTemplateId } from "@cohort/common/emails";
import type { TemplateText } from "./render.js";

/** The built-in German texts in the informal address ("du"). */
export const informalGermanTexts: Record<EmailTemplateId, TemplateText> = {
  "confirm-email": {
    subject: "Bitte bestätige deine E-Mail-Adresse",
    body: `Hallo *|NAME|*,

schön, dass du bei *|ORGNAME|* mitmachen möchtest! Bitte bestätige deine E-Mail-Adresse, damit deine Anmeldung abgeschlossen ist:

*|CONFIRMLINK|*

Falls du dich nicht angemeldet hast, kannst du diese E-Mail einfach ignorieren.

*|ORGNAME|*`,
  },
  welcome: {
    subject: "Willkommen bei *|ORGNAME|*",
    body: `Hallo *|NAME|*,

willkommen bei *|ORGNAME|* und danke, dass du dabei bist! Dein Konto ist eingerichtet.

Du kannst dich jederzeit anmelden, um dein Konto und deinen Beitrag zu verwalten und auf unsere Aufrufe zu antworten:

*|LOGINLINK|*

*|ORGNAME|*`,
  },
  "email-exists-login": {
    subject: "Du bist schon Mitglied bei *|ORGNAME|*",
    body: `Hallo *|NAME|*,

gerade hat jemand, wahrscheinlich du selbst, versucht, mit dieser E-Mail-Adresse bei *|ORGNAME|* mitzumachen. Du bist schon Mitglied und musst dich nicht noch einmal anmelden. Hier kannst du dich einloggen:

*|LOGINLINK|*

Falls du dein Passwort vergessen hast, kannst du es auf der Anmeldeseite zurücksetzen.

*|ORGNAME|*`,
  },
  "email-exists-set-password": {
    subject: "Leg ein Passwort für dein Konto bei *|ORGNAME|* fest",
    body: `Hallo *|NAME|*,

gerade hat jemand, wahrscheinlich du selbst, versucht, mit dieser E-Mail-Adresse bei *|ORGNAME|* mitzumachen. Du bist schon Mitglied, hast aber noch kein Passwort. Mit diesem Link, der 24 Stunden gilt, kannst du eines festlegen:

*|SPLINK|*

Falls du das nicht warst, kannst du diese E-Mail ignorieren.

*|ORGNAME|*`,
  },
  "reset-password": {
    subject: "Setz dein Passwort zurück",
    body: `Hallo *|NAME|*,

wir haben eine Anfrage bekommen, das Passwort deines Kontos bei *|ORGNAME|* zurückzusetzen. Mit diesem Link, der 24 Stunden gilt, kannst du ein neues Passwort wählen:

*|RPLINK|*

Falls du das nicht warst, ignorier diese E-Mail einfach. Dein Passwort bleibt dann, wie es ist.

*|ORGNAME|*`,
  },
  "reset-device": {
    subject: "Setz deine Zwei-Faktor-Anmeldung zurück",
    body: `Hallo *|NAME|*,

wir haben eine Anfrage bekommen, die Zwei-Faktor-Anmeldung deines Kontos bei *|ORGNAME|* auszuschalten, zum Beispiel weil das Handy mit deiner Authentifizierungs-App weg ist. Nutz dafür diesen Link, der 24 Stunden gilt; du brauchst dein Passwort:

*|RPLINK|*

Falls du das nicht warst, ignorier diese E-Mail und ändere am besten dein Passwort.

*|ORGNAME|*`,
  },
  "confirm-email-change": {
    subject: "Bestätige deine neue E-Mail-Adresse",
    body: `Hallo *|NAME|*,

du möchtest für dein Konto bei *|ORGNAME|* ab jetzt die Adresse *|NEWEMAIL|* verwenden. Bitte bestätige sie mit dem Link unten, der 24 Stunden gilt. Bis dahin behält dein Konto die bisherige Adresse.

*|CONFIRMLINK|*

Falls du das nicht warst, kannst du diese E-Mail ignorieren; es ändert sich nichts.

*|ORGNAME|*`,
  },
  "email-change-requested": {
    subject: "Deine E-Mail-Adresse soll geändert werden",
    body: `Hallo *|NAME|*,

jemand, der in deinem Konto bei *|ORGNAME|* angemeldet ist, möchte die E-Mail-Adresse in *|NEWEMAIL|* ändern. Die Änderung gilt erst, wenn jemand den Link öffnet, den wir an diese Adresse geschickt haben.

Wenn du das warst, musst du nichts weiter tun. Wenn nicht, setz bitte sofort auf der Anmeldeseite dein Passwort zurück: Damit ist die Änderung abgebrochen. Du kannst uns auch an *|SUPPORTEMAIL|* schreiben.

*|ORGNAME|*`,
  },
  "contribution-changed": {
    subject: "Dein Beitrag wurde geändert",
    body: `Hallo *|NAME|*,

danke, dass du deinen Beitrag für *|ORGNAME|* angepasst hast. Dein neuer Beitrag von *|AMOUNT|* gilt ab *|STARTDATE|*.

Du kannst ihn jederzeit in deinem Konto ansehen und ändern.

*|ORGNAME|*`,
  },
  "cancelled-contribution": {
    subject: "Dein Beitrag wurde gekündigt",
    body: `Hallo *|NAME|*,

schade, dass du gehst. Dein Beitrag für *|ORGNAME|* ist gekündigt, und wir buchen nichts mehr ab. Deine Mitgliedschaft bleibt bis *|EXPIRES|* aktiv.

Danke für deine Unterstützung. Du bist jederzeit wieder willkommen.

*|ORGNAME|*`,
  },
  "payment-failed": {
    subject: "Deine Zahlung hat nicht geklappt",
    body: `Hallo *|NAME|*,

wir konnten deinen letzten Beitrag von *|AMOUNT|* für *|ORGNAME|* nicht einziehen. Das passiert zum Beispiel, wenn eine Karte abgelaufen ist oder die Bank die Zahlung ablehnt.

Bitte prüf hier deine Zahlungsdaten:

*|UPDATELINK|*

Danke für deine Unterstützung.

*|ORGNAME|*`,
  },
  "payment-recovered": {
    subject: "Deine Zahlung ist doch angekommen",
    body: `Hallo *|NAME|*,

wir hatten dir geschrieben, dass wir deinen Beitrag nicht einziehen konnten. Inzwischen ist die Zahlung von *|AMOUNT|* an *|ORGNAME|* doch angekommen. Du musst nichts tun, deine Mitgliedschaft läuft weiter.

Danke für deine Unterstützung.

*|ORGNAME|*`,
  },
  "payment-reminder": {
    subject: "Deine Mitgliedschaft braucht ein gültiges Zahlungsmittel",
    body: `Hallo *|NAME|*,

wir konnten deinen Beitrag von *|AMOUNT|* für *|ORGNAME|* leider noch immer nicht einziehen. Deine Mitgliedschaft bleibt bis zum *|EXPIRES|* aktiv. Danach endet sie, falls die Zahlung bis dahin nicht eingeht.

Hier kannst du ohne Anmeldung eine neue Karte oder ein neues Konto hinterlegen:

*|UPDATELINK|*

Falls du dich schon darum gekümmert hast: danke, dann kannst du diese E-Mail ignorieren.

*|ORGNAME|*`,
  },
  "manual-to-automatic": {
    subject: "Dein Beitrag wird jetzt automatisch eingezogen",
    body: `Hallo *|NAME|*,

danke, dass du einen automatischen Beitrag für *|ORGNAME|* eingerichtet hast. Ab jetzt ziehen wir ihn für dich ein, du musst also nicht mehr selbst überweisen. Falls du einen Dauerauftrag hast, kündige ihn bitte, damit du nicht doppelt zahlst.

*|ORGNAME|*`,
  },
  "contribution-didnt-start": {
    subject: "Dein Beitrag konnte nicht starten",
    body: `Hallo *|NAME|*,

danke, dass du bei *|ORGNAME|* mitmachst. Leider konnten wir deinen Beitrag nicht starten, weil die Zahlung nicht bestätigt wurde.

Du kannst es in deinem Konto noch einmal versuchen. Wenn du Hilfe brauchst, schreib uns an *|SUPPORTEMAIL|*.

*|ORGNAME|*`,
  },
  "new-member": {
    subject: "Neues Mitglied: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* ist gerade *|ORGNAME|* beigetreten.

Kontakt-ID: *|MEMBERID|*`,
  },
  "cancelled-member": {
    subject: "Beitrag gekündigt: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* hat den Beitrag für *|ORGNAME|* gekündigt.

Angegebener Grund: *|REASON|*

Kontakt-ID: *|MEMBERID|*`,
  },
  "confirm-callout-response": {
    subject: "Wir haben deine Antwort auf „*|CALLOUTTITLE|*“ bekommen",
    body: `Hallo *|NAME|*,

danke für deine Antwort auf „*|CALLOUTTITLE|*“ (*|CALLOUTLINK|*). Wir haben eine Antwort bekommen, die mit deiner E-Mail-Adresse abgeschickt wurde.

Bitte bestätige mit diesem Link, dass du es warst:

*|CONFIRMLINK|*

Bis dahin ist die Antwort nicht mit deiner E-Mail-Adresse verknüpft. Falls du nicht geantwortet hast, kannst du diese E-Mail einfach ignorieren.

*|ORGNAME|*`,
  },
  "new-callout-response": {
    subject: "Neue Antwort auf „*|CALLOUTTITLE|*“",
    body: `*|RESPNAME|* hat auf den Aufruf „*|CALLOUTTITLE|*“ (*|CALLOUTSLUG|*) geantwortet.`,
  },
  "callout-response-notice": {
    subject: "Antwort Nr. *|RESPONSENUMBER|* auf „*|CALLOUTTITLE|*“",
    body: `Hallo *|NAME|*,

auf den Aufruf „*|CALLOUTTITLE|*“ gibt es eine neue Antwort, Nummer *|RESPONSENUMBER|*. Hier kannst du sie lesen:

*|RESPONSELINK|*

Du bekommst diese E-Mail, weil ein Admin dich für die Benachrichtigungen zu diesem Aufruf eingetragen hat.

*|ORGNAME|*`,
  },
  "callout-response-threshold": {
    subject: "„*|CALLOUTTITLE|*“ hat *|THRESHOLD|* Antworten",
    body: `Hallo *|NAME|*,

der Aufruf „*|CALLOUTTITLE|*“ hat die Marke von *|THRESHOLD|* Antworten geknackt. Hier findest du die Antworten:

*|RESPONSESLINK|*

Du bekommst diese E-Mail, weil ein Admin dich für die Benachrichtigungen zu diesem Aufruf eingetragen hat.

*|ORGNAME|*`,
  },
  "callout-response-digest": {
    subject: "Neue Antworten auf „*|CALLOUTTITLE|*“ am *|DIGESTDATE|*: *|RESPONSECOUNT|*",
    body: `Hallo *|NAME|*,

hier ist deine tägliche Übersicht zum Aufruf „*|CALLOUTTITLE|*“. Neue Antworten am *|DIGESTDATE|* (UTC): *|RESPONSECOUNT|*.

*|RESPONSELIST|*

Alle Antworten: *|RESPONSESLINK|*

Du bekommst diese Übersicht, weil ein Admin dich für die Benachrichtigungen zu diesem Aufruf eingetragen hat. An Tagen ohne neue Antworten kommt keine E-Mail.

*|ORGNAME|*`,
  },
  "webhook-endpoint-paused": {
    subject: "Ein Webhook-Empfänger wurde angehalten",
    body: `Hallo,

seit mehreren Tagen ist jede Nachricht an den Webhook-Empfänger *|ENDPOINTURL|* gescheitert, darum schicken wir ihm nichts mehr.

Sobald der Empfänger wieder antwortet, kannst du ihn als Admin fortsetzen und die gescheiterten Nachrichten erneut senden: *|WEBHOOKSLINK|*

*|ORGNAME|*`,
  },
};
