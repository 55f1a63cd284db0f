import type { EmailTemplateId } from "@cohort/common/emails";
import type { TemplateText } from "./render.js";

/** The built-in Dutch texts ("je"-vorm, as most Dutch organisations write to their members). */
export const dutchTexts: Record<EmailTemplateId, TemplateText> = {
  "confirm-email": {
    subject: "Bevestig je e-mailadres",
    body: `Hallo *|NAME|*,

Leuk dat je lid wilt worden van *|ORGNAME|*. Bevestig je e-mailadres om je aanmelding af te ronden:

*|CONFIRMLINK|*

Heb je je niet aangemeld? Dan kun je deze e-mail negeren; er gebeurt niets.

*|ORGNAME|*`,
  },
  welcome: {
    subject: "Welkom bij *|ORGNAME|*",
    body: `Hallo *|NAME|*,

Welkom bij *|ORGNAME|*, en bedankt dat je erbij bent. Je account is klaar.

Je kunt altijd inloggen om je account en je eventuele bijdrage te beheren en om op onze oproepen te reageren:

*|LOGINLINK|*

*|ORGNAME|*`,
  },
  "email-exists-login": {
    subject: "Je bent al lid van *|ORGNAME|*",
    body: `Hallo *|NAME|*,

Iemand, waarschijnlijk jij, probeerde zojuist lid te worden van *|ORGNAME|* met dit e-mailadres. Je bent al lid, dus je hoeft je niet opnieuw aan te melden. Hier kun je inloggen:

*|LOGINLINK|*

Ben je je wachtwoord vergeten? Dan kun je het op de inlogpagina opnieuw instellen.

*|ORGNAME|*`,
  },
  "email-exists-set-password": {
    subject: "Kies een wachtwoord voor je account bij *|ORGNAME|*",
    body: `Hallo *|NAME|*,

Iemand, waarschijnlijk jij, probeerde zojuist lid te worden van *|ORGNAME|* met dit e-mailadres. Je bent al lid, maar je account heeft nog geen wachtwoord. Kies er een via deze link, die 24 uur geldig is:

*|SPLINK|*

Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren.

*|ORGNAME|*`,
  },
  "reset-password": {
    subject: "Stel je wachtwoord opnieuw in",
    body: `Hallo *|NAME|*,

We hebben een verzoek gekregen om het wachtwoord van je account bij *|ORGNAME|* opnieuw in te stellen. Kies een nieuw wachtwoord via deze link, die 24 uur geldig is:

*|RPLINK|*

Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren: je wachtwoord blijft zoals het is.

*|ORGNAME|*`,
  },
  "reset-device": {
    subject: "Zet je tweestapsverificatie uit",
    body: `Hallo *|NAME|*,

We hebben een verzoek gekregen om de tweestapsverificatie van je account bij *|ORGNAME|* uit te zetten, bijvoorbeeld omdat je telefoon met de authenticator-app kwijt is. Gebruik daarvoor deze link, die 24 uur geldig is; je hebt je wachtwoord nodig:

*|RPLINK|*

Heb je hier niet om gevraagd? Negeer deze e-mail dan en overweeg je wachtwoord te wijzigen.

*|ORGNAME|*`,
  },
  "confirm-email-change": {
    subject: "Bevestig je nieuwe e-mailadres",
    body: `Hallo *|NAME|*,

Je wilt voortaan *|NEWEMAIL|* gebruiken voor je account bij *|ORGNAME|*. Bevestig dit adres met de link hieronder, die 24 uur geldig is. Tot die tijd houdt je account het huidige adres.

*|CONFIRMLINK|*

Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren; er verandert niets.

*|ORGNAME|*`,
  },
  "email-change-requested": {
    subject: "Je e-mailadres wordt binnenkort gewijzigd",
    body: `Hallo *|NAME|*,

Iemand die in je account bij *|ORGNAME|* is ingelogd, wil het e-mailadres wijzigen in *|NEWEMAIL|*. De wijziging gaat pas in als de link wordt geopend die we naar dat adres hebben gestuurd.

Was jij dit? Dan hoef je niets te doen. Zo niet, stel dan meteen een nieuw wachtwoord in via de inlogpagina: daarmee wordt de wijziging geannuleerd. Je kunt ook mailen naar *|SUPPORTEMAIL|*.

*|ORGNAME|*`,
  },
  "contribution-changed": {
    subject: "Je bijdrage is gewijzigd",
    body: `Hallo *|NAME|*,

Bedankt dat je je bijdrage aan *|ORGNAME|* hebt aangepast. Je nieuwe bijdrage van *|AMOUNT|* geldt vanaf *|STARTDATE|*.

Je kunt hem altijd bekijken en wijzigen in je account.

*|ORGNAME|*`,
  },
  "cancelled-contribution": {
    subject: "Je bijdrage is opgezegd",
    body: `Hallo *|NAME|*,

Jammer dat je gaat. Je bijdrage aan *|ORGNAME|* is opgezegd en er wordt niets meer afgeschreven. Je lidmaatschap blijft actief tot *|EXPIRES|*.

Bedankt voor je steun. Je bent altijd welkom om terug te komen.

*|ORGNAME|*`,
  },
  "payment-failed": {
    subject: "Je betaling is niet gelukt",
    body: `Hallo *|NAME|*,

We konden je laatste bijdrage van *|AMOUNT|* aan *|ORGNAME|* niet innen. Dat kan gebeuren als een kaart verlopen is of als een bank de betaling weigert.

Controleer hier je betaalgegevens:

*|UPDATELINK|*

Bedankt voor je steun.

*|ORGNAME|*`,
  },
  "payment-recovered": {
    subject: "Je betaling is toch gelukt",
    body: `Hallo *|NAME|*,

We schreven je dat we je bijdrage niet konden innen. De betaling van *|AMOUNT|* aan *|ORGNAME|* is inmiddels toch gelukt. Je hoeft niets te doen en je lidmaatschap loopt gewoon door.

Bedankt voor je steun.

*|ORGNAME|*`,
  },
  "payment-reminder": {
    subject: "Je lidmaatschap heeft een werkende betaalmethode nodig",
    body: `Hallo *|NAME|*,

het is ons nog steeds niet gelukt je bijdrage van *|AMOUNT|* aan *|ORGNAME|* te innen. Je lidmaatschap blijft actief tot *|EXPIRES|*. Daarna stopt het, tenzij de betaling lukt.

Hier kun je zonder in te loggen een nieuwe kaart of rekening instellen:

*|UPDATELINK|*

Heb je dit al geregeld? Dank je wel, dan kun je deze e-mail negeren.

*|ORGNAME|*`,
  },
  "manual-to-automatic": {
    subject: "Je bijdrage wordt nu automatisch betaald",
    body: `Hallo *|NAME|*,

Bedankt dat je een automatische bijdrage aan *|ORGNAME|* hebt ingesteld. Vanaf nu wordt die voor je geïnd, dus je hoeft niet meer zelf over te maken. Betaal je met een periodieke overboeking? Zeg die dan op, zodat je niet dubbel betaalt.

*|ORGNAME|*`,
  },
  "contribution-didnt-start": {
    subject: "Je bijdrage is niet gestart",
    body: `Hallo *|NAME|*,

Bedankt dat je lid bent geworden van *|ORGNAME|*. Helaas konden we je bijdrage niet starten, omdat de betaling niet is bevestigd.

Je kunt het opnieuw proberen in je account. Heb je hulp nodig? Mail ons op *|SUPPORTEMAIL|*.

*|ORGNAME|*`,
  },
  "new-member": {
    subject: "Nieuw lid: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* is zojuist lid geworden van *|ORGNAME|*.

Contact-id: *|MEMBERID|*`,
  },
  "cancelled-member": {
    subject: "Bijdrage opgezegd: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* heeft de bijdrage aan *|ORGNAME|* opgezegd.

Opgegeven reden: *|REASON|*

Contact-id: *|MEMBERID|*`,
  },
  "confirm-callout-response": {
    subject: "We hebben je reactie op ‘*|CALLOUTTITLE|*’ ontvangen",
    body: `Hallo *|NAME|*,

Bedankt voor je reactie op ‘*|CALLOUTTITLE|*’ (*|CALLOUTLINK|*). We hebben een reactie ontvangen die met jouw e-mailadres is verstuurd.

Bevestig dat jij het was door deze link te openen:

*|CONFIRMLINK|*

Tot die tijd is de reactie niet aan je e-mailadres gekoppeld. Heb jij niet gereageerd? Dan kun je deze e-mail negeren.

*|ORGNAME|*`,
  },
  "new-callout-response": {
    subject: "Nieuwe reactie op ‘*|CALLOUTTITLE|*’",
    body: `*|RESPNAME|* heeft gereageerd op de oproep ‘*|CALLOUTTITLE|*’ (*|CALLOUTSLUG|*).`,
  },
  "callout-response-notice": {
    subject: "Reactie nr. *|RESPONSENUMBER|* op ‘*|CALLOUTTITLE|*’",
    body: `Hallo *|NAME|*,

Er is een nieuwe reactie op de oproep ‘*|CALLOUTTITLE|*’, nummer *|RESPONSENUMBER|*. Lees hem hier:

*|RESPONSELINK|*

Je krijgt deze e-mail omdat een beheerder je heeft toegevoegd aan de meldingen van deze oproep.

*|ORGNAME|*`,
  },
  "callout-response-threshold": {
    subject: "‘*|CALLOUTTITLE|*’ heeft *|THRESHOLD|* reacties",
    body: `Hallo *|NAME|*,

De oproep ‘*|CALLOUTTITLE|*’ heeft de grens van *|THRESHOLD|* reacties gepasseerd. Bekijk ze hier:

*|RESPONSESLINK|*

Je krijgt deze e-mail omdat een beheerder je heeft toegevoegd aan de meldingen van deze oproep.

*|ORGNAME|*`,
  },
  "callout-response-digest": {
    subject: "Nieuwe reacties op ‘*|CALLOUTTITLE|*’ op *|DIGESTDATE|*: *|RESPONSECOUNT|*",
    body: `Hallo *|NAME|*,

Hier is het dagelijkse overzicht van de oproep ‘*|CALLOUTTITLE|*’. Nieuwe reacties op *|DIGESTDATE|* (UTC): *|RESPONSECOUNT|*.

*|RESPONSELIST|*

Alle reacties: *|RESPONSESLINK|*

Je krijgt dit overzicht omdat een beheerder je heeft toegevoegd aan de meldingen van deze oproep. Op dagen zonder nieuwe reacties krijg je geen e-mail.

*|ORGNAME|*`,
  },
  "webhook-endpoint-paused": {
    subject: "Een webhook-ontvanger is gepauzeerd",
    body: `Hallo,

Al enkele dagen mislukt elk bericht aan de webhook-ontvanger *|ENDPOINTURL|*, daarom wordt er niets meer naartoe gestuurd.

Zodra de ontvanger weer antwoordt, kan een beheerder hem hervatten en de mislukte berichten opnieuw versturen: *|WEBHOOKSLINK|*

*|ORGNAME|*`,
  },
};
