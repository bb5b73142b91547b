/** Words for synthetic French-like text: common words first (Zipf rank order), accents and vowel starts included. */

/** Function words, used between content words; the elided forms come from these. */
export const FUNCTION_WORDS = [
  'le',
  'la',
  'les',
  'de',
  'des',
  'du',
  'un',
  'une',
  'et',
  'en',
  'à',
  'pour',
  'par',
  'sur',
  'avec',
  'dans',
  'que',
  'qui',
  'au',
  'aux',
];

/** Content words, most frequent first; rarer words towards the end. */
export const CONTENT_WORDS =
  `permis conduire examen candidat région voiture formation théorique pratique commune centre règle
catégorie guide école moniteur heures provisoire définitif délai validité carte médical aptitude véhicule remorque
moto cyclomoteur camion autobus tracteur signalisation priorité vitesse agglomération autoroute stationnement
sécurité alcool drogue contrôle police tribunal déchéance retrait réintégration assurance document attestation
certificat inscription réservation paiement redevance tarif offre forfait leçon cours apprentissage évaluation
réussite échec tentative manœuvre circulation carrefour rond-point piéton cycliste tram signal marquage
éclairage brouillard pluie hiver pneu ceinture enfant téléphone fatigue distraction freinage distance
dépassement croisement tunnel passage niveau accident constat secours urgence obligation interdiction
exception dérogation condition critère âge expérience étranger échange reconnaissance traduction résidence
domicile adresse renouvellement duplicata perte vol fraude sanction amende infraction récidive procédure
recours décision autorité organisme opérateur agrément qualification compétence professionnel chauffeur
transport marchandise voyageur ensemble masse charge attelage boîte automatique électrique hybride émission
zone environnement mobilité infrastructure réforme décret arrêté directive européen fédéral wallon bruxellois
flamand germanophone bilingue néerlandais langue interprète handicap adaptation œil vue lunettes ophtalmologue
médecin psychologue examinateur évaluateur jury parcours itinéraire épreuve question réponse série banque
erreur faute grave barème point score résultat note session horaire calendrier planning semaine mois année
œuvre cœur sœur nœud bœuf vœu æther élan éveil écran étape été îlot ôter ûre`.split(/\s+/);
