import type { Locale } from "@cohort/common/i18n";

/**
 * Short words left out of a summary's most frequent words and phrases, per
 * language: articles, pronouns, prepositions, conjunctions and the commonest
 * auxiliary verbs. Kept small on purpose; a word that matters to a newsroom
 * (a place, a topic) is never on these lists. All in lower case.
 */
const english = `a about after all also am an and any are as at be been before but by can could did do does
for from had has have he her here him his how i if in into is it its just me more my no not now of on or
our out she so some than that the their them then there these they this to too up us very was we were
what when where which who why will with would you your`;

const german = `aber alle als also am an auch auf aus bei bin bis bitte da damit dann das dass dem den der des
die dies diese dir doch du durch ein eine einem einen einer es euch für hab habe haben hat hatte ich ihr
im in ist ja kann man mein meine mich mir mit nach nicht noch nur ob oder schon sehr sein sich sie sind
so über um und uns unser vom von vor war was weil wenn wer wie wir wird wo zu zum zur`;

const dutch = `aan al alle als ben bij dan dat de deze die dit doen door een en er had heb hebben heeft het
hier hij hoe ik in is ja je kan maar me meer met mij mijn na naar niet nog nu of om ons onze ook op over
te toch tot u uit van veel voor was wat we wel wie wij zal ze zij zijn zo zou`;

const portuguese = `a ao aos as até com como da das de dela dele do dos e ela ele eles em entre era essa esse
está estão eu foi for há isso já lhe mais mas me meu minha muito na nas não nem no nos nós o os ou para
pela pelo por qual quando que se sem ser seu sua são também te tem ter um uma você`;

const italian = `a ad al alla alle anche che chi ci come con da dal dalla degli dei del della delle di e
è ed gli ha hanno ho i il in io la le lei li lo loro lui ma mi mia mio molto ne nei nel nella noi non
o per più perché qui se sei si sono su sua suo sul sulla ti tra tu un una uno vi voi`;

const russian = `а без бы был была были было в вам вас во вот все всё вы где да для до его ее её если есть
еще ещё же за и из или им их к как когда ко кто ли мне мой мы на над не нет ни но о об он она они от по
под при с со так там те то тоже только у уже что чтобы это я`;

const words = (list: string) => list.split(/\s+/).filter(Boolean);

const byLanguage = {
  en: words(english),
  de: words(german),
  nl: words(dutch),
  pt: words(portuguese),
  it: words(italian),
  ru: words(russian),
} as const;

/** The stop words of a locale (the German variants share German's). */
export function stopWordsOf(locale: Locale): readonly string[] {
  const language = locale.split("@")[0] as keyof typeof byLanguage;
  return byLanguage[language] ?? byLanguage.en;
}
