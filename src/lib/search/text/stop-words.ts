/** Stop words dropped from documents and queries, written normalised (lowercase, no accents). */
const FRENCH = `a au aux avec ce ces c ca cet cette d dans de des du elle elles en est et etait eux il ils j je l la le les leur leurs lui m ma mais me meme mes moi mon n ne ni nos notre nous on ou par pas pour qu que qui s sa se ses son sont sur t ta te tes toi ton tu un une vos votre vous y ete etre avoir ai as avons avez ont sans sous entre vers chez donc or car si plus tres aussi comme dont cela ceci celui celle ceux jusqu lorsqu puisqu quoi quel quelle quels quelles`;
/**
 * Auxiliaries in their other tenses, adverbs that qualify a need without naming it (déjà, encore), « quelque(s) »
 * (« sommes » is left out: a sum of money), and elisions a phone types without their apostrophe (« jai », « cest »).
 */
const FRENCH_FUNCTION = `eu eue eus eues avais avait avions aviez avaient aurai auras aura aurons aurez auront aurais aurait aurions auriez auraient aie aies ait ayons ayez aient ayant eut suis es serai seras sera serons serez seront serais serait serions seriez seraient etais etions etiez etaient sois soit soyons soyez soient etant fut deja encore toujours souvent parfois vraiment trop assez quelqu quelque quelques jai cest quil quils quon sil sils jy jen ya`;
const DUTCH = `de het een en van ik te dat die in is hij niet zijn op aan met als voor had er maar om hem dan zou of wat mijn men dit zo door over ze zich bij ook tot je mij uit der daar haar naar heb hoe heeft hebben deze u want nog zal me zij nu ge geen omdat iets worden toch al waren veel meer doen toen moet ben zonder kan hun dus alles onder ja eens hier wie werd altijd doch wordt wezen kunnen ons zelf tegen na reeds wil kon niets uw iemand geweest andere`;
const GERMAN = `der die das den dem des ein eine einer eines einem einen und oder aber im ist sind war mit von zu zum zur auf fur nicht sich auch als bei nach aus wie wird werden noch nur so wenn dass sie er es wir ihr ich du`;
/**
 * Question words: records state answers, so under the AND rule these would only exclude them. "faire" and "passe"
 * are the idioms' ("que faire ?", "que se passe-t-il ?"); the modal verbs go in every person (« je veux passer »: a
 * question's modal verb names no subject).
 */
const QUESTIONS = `comment combien pourquoi quand peux peut pouvons pouvez peuvent puis pourrais pourrait pourrions pourriez pourraient dois doit devons devez doivent devrais devrait devrions devriez devraient veux veut voulons voulez veulent voudrais voudrait voudrions voudriez voudraient faut faudrait faire passe waarom wanneer welke welk`;
const ENGLISH = `the of and or to an is are was were be been for on with as by at from that this these those it its not no but if then than into about which who what when where how`;

/** The project's lists by language, each split into words (benches swap one for a library's list). */
export const STOP_WORD_LISTS: Record<'french' | 'dutch' | 'german' | 'english' | 'questions', readonly string[]> = {
  french: `${FRENCH} ${FRENCH_FUNCTION}`.split(/\s+/),
  dutch: DUTCH.split(/\s+/),
  german: GERMAN.split(/\s+/),
  english: ENGLISH.split(/\s+/),
  questions: QUESTIONS.split(/\s+/),
};

/** Every stop word, normalised. */
export const STOP_WORDS: ReadonlySet<string> = new Set(Object.values(STOP_WORD_LISTS).flat());

/** The licence categories that are also stop words: in capitals (« permis C ») they are terms (processTerm). */
export const LICENCE_CATEGORY_CODES: ReadonlySet<string> = new Set(['a', 'c', 'd', 'be', 'ce', 'de']);

/** The project's list as a choice of language.ts; its name changes with its words (language.test.ts digests them). */
export const PROJECT_STOP_WORDS = { name: 'project-5', words: STOP_WORDS, codes: LICENCE_CATEGORY_CODES } as const;
