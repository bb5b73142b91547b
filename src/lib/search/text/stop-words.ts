/**
 * Stop words dropped from documents and queries, in the four languages users search in.
 * Written already normalised (lowercase, no accents), since they are compared after normalisation.
 */
const FRENCH = `a au aux avec ce ces c ca cet cette d dans de des du elle elles en est et etait eux il ils j je l la le les leur leurs lui m ma mais me meme mes moi mon n ne ni nos notre nous on ou par pas pour qu que qui s sa se ses son sont sur t ta te tes toi ton tu un une vos votre vous y ete etre avoir ai as avons avez ont sans sous entre vers chez donc or car si plus tres aussi comme dont cela ceci celui celle ceux jusqu lorsqu puisqu quoi quel quelle quels quelles`;
/**
 * The auxiliaries in their other tenses (compound tenses and questions use them: « après avoir eu son permis », « ai-je
 * déjà été flashé », « est-ce que ce sera encore valable »), the adverbs of time and degree that qualify a need without
 * naming it (déjà, encore, toujours, souvent, parfois, vraiment, trop, assez), and the indefinite « quelque(s) »,
 * « quelqu'un »: function words, like the forms of avoir and être and the determiners above. « sommes » is left out
 * (the plural of « somme », a sum of money). Last, the elided pronouns and conjunctions that a phone types without
 * their apostrophe (« jai » for « j'ai », « cest », « quil », « quon », « sil », « jy », « jen », « ya »): each is a stop
 * word with its apostrophe, and no record writes them so.
 */
const FRENCH_FUNCTION = `eu eue eus eues avais avait avions aviez avaient aurai auras aura aurons aurez auront aurais aurait aurions auriez auraient aie aies ait ayons ayez aient ayant eut suis es serai seras sera serons serez seront serais serait serions seriez seraient etais etions etiez etaient sois soit soyons soyez soient etant fut deja encore toujours souvent parfois vraiment trop assez quelqu quelque quelques jai cest quil quils quon sil sils jy jen ya`;
const DUTCH = `de het een en van ik te dat die in is hij niet zijn op aan met als voor had er maar om hem dan zou of wat mijn men dit zo door over ze zich bij ook tot je mij uit der daar haar naar heb hoe heeft hebben deze u want nog zal me zij nu ge geen omdat iets worden toch al waren veel meer doen toen moet ben zonder kan hun dus alles onder ja eens hier wie werd altijd doch wordt wezen kunnen ons zelf tegen na reeds wil kon niets uw iemand geweest andere`;
const GERMAN = `der die das den dem des ein eine einer eines einem einen und oder aber im ist sind war mit von zu zum zur auf fur nicht sich auch als bei nach aus wie wird werden noch nur so wenn dass sie er es wir ihr ich du`;
/**
 * Question words: people type questions ("comment remplacer un permis perdu ?"), and records state answers,
 * so under the AND rule these words would only exclude the answer. "faire" and "passe" are the verbs of the idioms
 * "que faire ?" and "que se passe-t-il ?" (other forms, "passer l'examen", stay significant). The modal verbs of a question (pouvoir,
 * devoir, falloir, vouloir) go in every person of the present and the conditional: « puis-je », « peux-tu », « pourrait-on »
 * ask what « peut-on » asks, and « je veux passer mon permis » what « passer mon permis » asks (as a word, « veux »
 * is one edit from « deux », and the dictionary's lemmas do not hold it). Measured in npm run bench:relevance (docs/search.md, Relevance).
 */
const QUESTIONS = `comment combien pourquoi quand peux peut pouvons pouvez peuvent puis pourrais pourrait pourrions pourriez pourraient dois doit devons devez doivent devrais devrait devrions devriez devraient veux veut voulons voulez veulent voudrais voudrait voudrions voudriez voudraient faut faudrait faire passe waarom wanneer welke welk`;
const ENGLISH = `the of and or to an is are was were be been for on with as by at from that this these those it its not no but if then than into about which who what when where how`;

/** The project's lists by language, each split into words: benches swap one for a library's list (docs/search.md). */
export const STOP_WORD_LISTS: Record<'french' | 'dutch' | 'german' | 'english' | 'questions', readonly string[]> = {
  french: `${FRENCH} ${FRENCH_FUNCTION}`.split(/\s+/),
  dutch: DUTCH.split(/\s+/),
  german: GERMAN.split(/\s+/),
  english: ENGLISH.split(/\s+/),
  questions: QUESTIONS.split(/\s+/),
};

/** Every stop word, normalised. */
export const STOP_WORDS: ReadonlySet<string> = new Set(Object.values(STOP_WORD_LISTS).flat());

/**
 * The Belgian (and European) licence categories that are also stop words: A (« à »), C and D (« c' », « d' »), BE
 * (English « be »), CE and DE (« ce », « de »). Written in capitals they are the category: « permis C », « catégorie
 * DE » (text/normalize.ts processTerm); in lowercase they stay stop words, as « c est », « de » and « à » are typed.
 */
export const LICENCE_CATEGORY_CODES: ReadonlySet<string> = new Set(['a', 'c', 'd', 'be', 'ce', 'de']);

/**
 * The project's list as a choice of text/language.ts. Its name changes with its words: an index records the name, and
 * an engine refuses an index built with another, so a query is never split by other stop words than its index's
 * (tests/search/language.test.ts holds a digest of the words and fails until the name is changed with them).
 */
export const PROJECT_STOP_WORDS = { name: 'project-5', words: STOP_WORDS, codes: LICENCE_CATEGORY_CODES } as const;
