import type { EmailTemplateId } from "@cohort/common/emails";
import type { TemplateText } from "./render.js";

/** The built-in German texts in Leichte Sprache: short sentences, one idea each, everyday words. */
export const easyGermanTexts: Record<EmailTemplateId, TemplateText> = {
  "confirm-email": {
    subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    body: `Hallo *|NAME|*,

Sie möchten bei *|ORGNAME|* mitmachen.
Das freut uns.

Bitte klicken Sie auf diesen Link:

*|CONFIRMLINK|*

Dann ist Ihre Anmeldung fertig.

Sie haben sich nicht angemeldet?
Dann müssen Sie nichts tun.

*|ORGNAME|*`,
  },
  welcome: {
    subject: "Willkommen bei *|ORGNAME|*",
    body: `Hallo *|NAME|*,

willkommen bei *|ORGNAME|*!
Schön, dass Sie dabei sind.
Ihr Konto ist jetzt fertig.

Mit diesem Link können Sie sich anmelden:

*|LOGINLINK|*

In Ihrem Konto können Sie:
- Ihre Daten ändern.
- Ihren Beitrag ändern.
- auf unsere Fragen antworten.

*|ORGNAME|*`,
  },
  "email-exists-login": {
    subject: "Sie sind schon Mitglied bei *|ORGNAME|*",
    body: `Hallo *|NAME|*,

jemand wollte sich gerade bei *|ORGNAME|* anmelden.
Mit dieser E-Mail-Adresse.
Vielleicht waren Sie das.

Sie sind schon Mitglied.
Sie müssen sich nicht noch einmal anmelden.

Hier können Sie sich einloggen:

*|LOGINLINK|*

Sie wissen Ihr Passwort nicht mehr?
Dann können Sie auf der Anmelde-Seite ein neues Passwort machen.

*|ORGNAME|*`,
  },
  "email-exists-set-password": {
    subject: "Machen Sie ein Passwort für *|ORGNAME|*",
    body: `Hallo *|NAME|*,

jemand wollte sich gerade bei *|ORGNAME|* anmelden.
Mit dieser E-Mail-Adresse.
Vielleicht waren Sie das.

Sie sind schon Mitglied.
Aber Sie haben noch kein Passwort.

Mit diesem Link können Sie ein Passwort machen:

*|SPLINK|*

Der Link geht 24 Stunden lang.

Sie waren das nicht?
Dann müssen Sie nichts tun.

*|ORGNAME|*`,
  },
  "reset-password": {
    subject: "Ein neues Passwort machen",
    body: `Hallo *|NAME|*,

jemand möchte ein neues Passwort.
Für Ihr Konto bei *|ORGNAME|*.

Mit diesem Link können Sie ein neues Passwort machen:

*|RPLINK|*

Der Link geht 24 Stunden lang.

Sie waren das nicht?
Dann müssen Sie nichts tun.
Ihr altes Passwort bleibt.

*|ORGNAME|*`,
  },
  "reset-device": {
    subject: "Die Anmeldung mit 2 Schritten ausschalten",
    body: `Hallo *|NAME|*,

jemand möchte die Anmeldung mit 2 Schritten ausschalten.
Für Ihr Konto bei *|ORGNAME|*.
Das braucht man zum Beispiel:
Wenn das Handy mit der App weg ist.

Dafür ist dieser Link:

*|RPLINK|*

Der Link geht 24 Stunden lang.
Sie brauchen dafür Ihr Passwort.

Sie waren das nicht?
Dann machen Sie am besten ein neues Passwort.

*|ORGNAME|*`,
  },
  "confirm-email-change": {
    subject: "Bestätigen Sie Ihre neue E-Mail-Adresse",
    body: `Hallo *|NAME|*,

Sie möchten eine neue E-Mail-Adresse für *|ORGNAME|*.
Die neue Adresse ist: *|NEWEMAIL|*

Bitte klicken Sie auf diesen Link:

*|CONFIRMLINK|*

Der Link geht 24 Stunden lang.
Erst dann gilt die neue Adresse.

Sie waren das nicht?
Dann müssen Sie nichts tun.
Es bleibt alles wie vorher.

*|ORGNAME|*`,
  },
  "email-change-requested": {
    subject: "Ihre E-Mail-Adresse soll sich ändern",
    body: `Hallo *|NAME|*,

jemand möchte die E-Mail-Adresse von Ihrem Konto bei *|ORGNAME|* ändern.
Die neue Adresse soll sein: *|NEWEMAIL|*

Wir haben einen Link an die neue Adresse geschickt.
Die Änderung gilt erst, wenn jemand den Link öffnet.

Waren Sie das?
Dann müssen Sie nichts tun.

Waren Sie das nicht?
Dann machen Sie bitte sofort ein neues Passwort.
Das geht auf der Anmelde-Seite.
Dann gilt die Änderung nicht.
Sie können uns auch schreiben: *|SUPPORTEMAIL|*

*|ORGNAME|*`,
  },
  "contribution-changed": {
    subject: "Ihr Beitrag ist jetzt anders",
    body: `Hallo *|NAME|*,

Sie haben Ihren Beitrag für *|ORGNAME|* geändert.
Danke!

Ihr neuer Beitrag ist: *|AMOUNT|*
Der neue Beitrag gilt ab: *|STARTDATE|*

Sie können den Beitrag immer in Ihrem Konto ansehen.
Und ändern.

*|ORGNAME|*`,
  },
  "cancelled-contribution": {
    subject: "Ihr Beitrag ist gekündigt",
    body: `Hallo *|NAME|*,

Sie haben Ihren Beitrag für *|ORGNAME|* gekündigt.
Das finden wir schade.

Wir nehmen kein Geld mehr von Ihrem Konto.
Sie bleiben noch Mitglied bis: *|EXPIRES|*

Danke für Ihre Hilfe.
Sie können immer wieder zu uns kommen.

*|ORGNAME|*`,
  },
  "payment-failed": {
    subject: "Ihre Zahlung hat nicht geklappt",
    body: `Hallo *|NAME|*,

wir wollten Ihren Beitrag für *|ORGNAME|* abbuchen.
Der Beitrag ist: *|AMOUNT|*
Das hat nicht geklappt.

Das kann zum Beispiel passieren:
- Wenn Ihre Karte zu alt ist.
- Wenn die Bank nein sagt.

Bitte prüfen Sie hier Ihre Daten zum Bezahlen:

*|UPDATELINK|*

Danke für Ihre Hilfe.

*|ORGNAME|*`,
  },
  "payment-recovered": {
    subject: "Ihre Zahlung hat doch geklappt",
    body: `Hallo *|NAME|*,

wir haben Ihnen geschrieben:
Ihre Zahlung hat nicht geklappt.

Jetzt hat die Zahlung doch geklappt.
Sie haben *|AMOUNT|* an *|ORGNAME|* bezahlt.
Sie müssen nichts tun.
Sie bleiben Mitglied.

Danke für Ihre Hilfe.

*|ORGNAME|*`,
  },
  "payment-reminder": {
    subject: "Bitte prüfen Sie Ihre Daten zum Bezahlen",
    body: `Hallo *|NAME|*,

wir konnten Ihren Beitrag noch nicht abbuchen.
Der Beitrag ist: *|AMOUNT|*

Sie bleiben Mitglied bis zum *|EXPIRES|*.
Danach endet Ihre Mitgliedschaft.
Außer die Zahlung klappt bis dahin.

Hier können Sie eine neue Karte oder ein neues Konto angeben.
Sie müssen sich dafür nicht anmelden:

*|UPDATELINK|*

Sie haben das schon gemacht?
Dann danke!
Sie müssen nichts mehr tun.

*|ORGNAME|*`,
  },
  "manual-to-automatic": {
    subject: "Ihr Beitrag wird jetzt von selbst bezahlt",
    body: `Hallo *|NAME|*,

Ihr Beitrag für *|ORGNAME|* wird jetzt von selbst abgebucht.
Danke!

Sie müssen nicht mehr selbst Geld überweisen.

Haben Sie einen Dauer-Auftrag bei Ihrer Bank?
Dann kündigen Sie ihn bitte.
Sonst bezahlen Sie zwei Mal.

*|ORGNAME|*`,
  },
  "contribution-didnt-start": {
    subject: "Ihr Beitrag hat nicht angefangen",
    body: `Hallo *|NAME|*,

danke, dass Sie bei *|ORGNAME|* mitmachen.

Leider hat Ihr Beitrag nicht angefangen.
Die Zahlung wurde nicht bestätigt.

Sie können es in Ihrem Konto noch einmal versuchen.
Sie brauchen Hilfe?
Dann schreiben Sie uns: *|SUPPORTEMAIL|*

*|ORGNAME|*`,
  },
  "new-member": {
    subject: "Neues Mitglied: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* ist jetzt Mitglied bei *|ORGNAME|*.

Kontakt-Nummer: *|MEMBERID|*`,
  },
  "cancelled-member": {
    subject: "Beitrag gekündigt: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* hat den Beitrag für *|ORGNAME|* gekündigt.

Grund für die Kündigung: *|REASON|*

Kontakt-Nummer: *|MEMBERID|*`,
  },
  "confirm-callout-response": {
    subject: "Wir haben Ihre Antwort auf „*|CALLOUTTITLE|*“ bekommen",
    body: `Hallo *|NAME|*,

danke für Ihre Antwort auf „*|CALLOUTTITLE|*“.
Hier ist die Seite dazu: *|CALLOUTLINK|*

Die Antwort kam mit Ihrer E-Mail-Adresse.
Bitte bestätigen Sie: Die Antwort ist von Ihnen.
Klicken Sie dafür auf diesen Link:

*|CONFIRMLINK|*

Vorher gehört die Antwort noch nicht zu Ihrer E-Mail-Adresse.

Die Antwort ist nicht von Ihnen?
Dann müssen Sie nichts tun.

*|ORGNAME|*`,
  },
  "new-callout-response": {
    subject: "Neue Antwort auf „*|CALLOUTTITLE|*“",
    body: `*|RESPNAME|* hat auf die Frage-Seite „*|CALLOUTTITLE|*“ (*|CALLOUTSLUG|*) geantwortet.`,
  },
  "callout-response-notice": {
    subject: "Antwort Nummer *|RESPONSENUMBER|* auf „*|CALLOUTTITLE|*“",
    body: `Hallo *|NAME|*,

es gibt eine neue Antwort auf „*|CALLOUTTITLE|*“.
Es ist die Antwort Nummer *|RESPONSENUMBER|*.

Hier können Sie die Antwort lesen:

*|RESPONSELINK|*

Warum bekommen Sie diese E-Mail?
Ein Admin hat Sie für Nachrichten zu dieser Frage-Seite eingetragen.

*|ORGNAME|*`,
  },
  "callout-response-threshold": {
    subject: "„*|CALLOUTTITLE|*“ hat *|THRESHOLD|* Antworten",
    body: `Hallo *|NAME|*,

„*|CALLOUTTITLE|*“ hat jetzt mehr als *|THRESHOLD|* Antworten.

Hier können Sie die Antworten sehen:

*|RESPONSESLINK|*

Warum bekommen Sie diese E-Mail?
Ein Admin hat Sie für Nachrichten zu dieser Frage-Seite eingetragen.

*|ORGNAME|*`,
  },
  "callout-response-digest": {
    subject: "Neue Antworten auf „*|CALLOUTTITLE|*“ am *|DIGESTDATE|*: *|RESPONSECOUNT|*",
    body: `Hallo *|NAME|*,

hier ist die Übersicht für einen Tag.
Für die Frage-Seite „*|CALLOUTTITLE|*“.

Tag: *|DIGESTDATE|* (UTC)
Neue Antworten: *|RESPONSECOUNT|*

*|RESPONSELIST|*

Alle Antworten finden Sie hier: *|RESPONSESLINK|*

Warum bekommen Sie diese E-Mail?
Ein Admin hat Sie für Nachrichten zu dieser Frage-Seite eingetragen.
An Tagen ohne neue Antworten bekommen Sie keine E-Mail.

*|ORGNAME|*`,
  },
  "webhook-endpoint-paused": {
    subject: "Ein Webhook ist angehalten",
    body: `Hallo,

Wir schicken Nachrichten an diese Adresse: *|ENDPOINTURL|*

Seit mehreren Tagen kommt keine Nachricht dort an.
Darum schicken wir jetzt keine Nachrichten mehr dorthin.

Funktioniert die Adresse wieder?
Dann kann ein Admin den Webhook wieder starten.
Das geht hier: *|WEBHOOKSLINK|*

*|ORGNAME|*`,
  },
};
