"""French read as a careful narrator reads it, one table per semiotic class (issue 23).

Conventions: the Académie française and the Office québécois de la langue française (numbers in
words with "et un" and "quatre-vingts", "un demi", "trois quarts", "un tiers", ordinals "1er",
"1re", "2e", "XIXe siècle", telephone numbers in pairs); Belgian and Swiss French say "septante"
and "nonante"; Québec reads a telephone number digit by digit and calls @ "arobas".
Every sentence here was written for this table.
"""

from __future__ import annotations

import pytest

from narrate.text.normalize import spoken

TAG = "fr"

CASES: dict[str, list[tuple[str, str]]] = {
    "cardinal": [
        ("Le village compte 1 000 habitants.", "Le village compte mille habitants."),
        (
            "La région compte 2 345 678 habitants.",
            "La région compte deux millions trois cent quarante-cinq mille six cent soixante-dix-huit habitants.",
        ),
        ("Mon grand-père a 80 ans.", "Mon grand-père a quatre-vingts ans."),
        ("Nous étions 71 au départ.", "Nous étions soixante et onze au départ."),
        ("Il a couru 21 kilomètres hier.", "Il a couru vingt et un kilomètres hier."),
        ("On compte 200 élèves et 280 parents.", "On compte deux cents élèves et deux cent quatre-vingts parents."),
        ("Le stade accueille 45 000 spectateurs.", "Le stade accueille quarante-cinq mille spectateurs."),
        ("Il a vendu 12\u202f500 exemplaires.", "Il a vendu douze mille cinq cents exemplaires."),
        ("Le chiffre 0 est pair.", "Le chiffre zéro est pair."),
        ("Il en reste 99 dans la boîte.", "Il en reste quatre-vingt-dix-neuf dans la boîte."),
        ("Le compteur affiche -12 ce matin.", "Le compteur affiche moins douze ce matin."),
        ("Il a gagné 1 000 000 de fois plus.", "Il a gagné un million de fois plus."),
        ("La ville a 2 000 000 habitants.", "La ville a deux millions d'habitants."),
        ("Il faut 1 heure et 21 pages.", "Il faut une heure et vingt et une pages."),
    ],
    "ordinal": [
        ("C'est la 1re fois que je viens.", "C'est la première fois que je viens."),
        ("Il est arrivé 2e de la course.", "Il est arrivé deuxième de la course."),
        ("Nous montons au 3ème étage.", "Nous montons au troisième étage."),
        ("Elle habite dans le 6° arrondissement.", "Elle habite dans le sixième arrondissement."),
        ("C'est la 21e édition du salon.", "C'est la vingt et unième édition du salon."),
        ("Nous fêtons le 80e anniversaire.", "Nous fêtons le quatre-vingtième anniversaire."),
        ("Voici le 100e visiteur.", "Voici le centième visiteur."),
        ("Il a reçu le 1er prix.", "Il a reçu le premier prix."),
        ("Elle est classée au 2ᵉ rang.", "Elle est classée au deuxième rang."),
        ("Il a fini à la 1ʳᵉ place.", "Il a fini à la première place."),
        ("Voici les 10es rencontres du livre.", "Voici les dixièmes rencontres du livre."),
        ("Il vend le 200e numéro.", "Il vend le deux centième numéro."),
        ("La 2nde partie commence.", "La seconde partie commence."),
    ],
    "decimal": [
        (
            "Python 3.12 est sorti.",
            "Python trois point douze est sorti.",
        ),  # a version or section number, said with its dots
        (
            "Lisez le chapitre 3.2.",
            "Lisez le chapitre trois point deux.",
        ),  # a version or section number, said with its dots
        ("Le mur mesure 2,75 mètres.", "Le mur mesure deux virgule soixante-quinze mètres."),
        ("La valeur est 0,5.", "La valeur est zéro virgule cinq."),
        ("Le taux vaut 2,05 cette année.", "Le taux vaut deux virgule zéro cinq cette année."),
        ("Le prix affiché est 17.06 ici.", "Le prix affiché est dix-sept virgule zéro six ici."),
        ("Pi vaut environ 3,14159.", "Pi vaut environ trois virgule un quatre un cinq neuf."),
        ("Le total est 1 234,56.", "Le total est mille deux cent trente-quatre virgule cinquante-six."),
        ("La moyenne de la classe est 12,5.", "La moyenne de la classe est douze virgule cinq."),
        ("Il a perdu -0,25 point.", "Il a perdu moins zéro virgule vingt-cinq point."),
        ("Le coefficient est 0,125.", "Le coefficient est zéro virgule cent vingt-cinq."),
        ("Le résultat est 7,75.", "Le résultat est sept virgule soixante-quinze."),
        ("Il reste 0,01 de marge.", "Il reste zéro virgule zéro un de marge."),
    ],
    "fraction": [
        ("La réponse est 1/2.", "La réponse est un demi."),
        ("Il a mangé les 3/4 du gâteau.", "Il a mangé les trois quarts du gâteau."),
        ("Un tiers s'écrit 1/3.", "Un tiers s'écrit un tiers."),
        ("Il faut 5/8 de la longueur.", "Il faut cinq huitièmes de la longueur."),
        ("Ajoutez 2/3 du sucre.", "Ajoutez deux tiers du sucre."),
        ("Chaque part vaut 1/4.", "Chaque part vaut un quart."),
        ("Le résultat est 2 1/2.", "Le résultat est deux et demi."),
        ("Il a obtenu 15/20 au contrôle.", "Il a obtenu quinze sur vingt au contrôle."),
        ("Cela représente 7/10 du total.", "Cela représente sept dixièmes du total."),
        ("Il a bu 4/5 de la bouteille.", "Il a bu quatre cinquièmes de la bouteille."),
        ("Un centième s'écrit 1/100.", "Un centième s'écrit un centième."),
        ("Les ¾ des élèves sont venus.", "Les trois quarts des élèves sont venus."),
        ("Il en boit ½ par jour.", "Il en boit un demi par jour."),
        ("Ils jouent le 1/4 de finale.", "Ils jouent le un quart de finale."),
    ],
    "date": [
        ("Le 14 juillet 1789 reste célèbre.", "Le quatorze juillet mille sept cent quatre-vingt-neuf reste célèbre."),
        ("Le 1er janvier 2000 était un samedi.", "Le premier janvier deux mille était un samedi."),
        ("Rendez-vous le 17.06.", "Rendez-vous le dix-sept juin."),
        ("Il est né le 03/05/1998.", "Il est né le trois mai mille neuf cent quatre-vingt-dix-huit."),
        ("La réunion du 2024-06-17 est annulée.", "La réunion du dix-sept juin deux mille vingt-quatre est annulée."),
        ("Le 25.12.2023 il a neigé.", "Le vingt-cinq décembre deux mille vingt-trois il a neigé."),
        ("Lundi 2 mars, nous partons.", "Lundi deux mars, nous partons."),
        ("Le magasin ferme le 31 août.", "Le magasin ferme le trente et un août."),
        ("Le colis arrive le 5/11.", "Le colis arrive le cinq novembre."),
        ("Le 1er déc. 2022 il pleuvait.", "Le premier décembre deux mille vingt-deux il pleuvait."),
        ("Le stage dure du 10 au 12 mai.", "Le stage dure du dix au douze mai."),
    ],
    "time": [
        ("Le format 16:9 domine.", "Le format seize sur neuf domine."),  # a sign by a number, in words
        (
            "La randonnée dure 1 h 30 min.",
            "La randonnée dure une heure trente minutes.",
        ),  # a duration, not a clock time
        ("Il est 14h30.", "Il est quatorze heures trente."),
        ("Le train part à 8:15.", "Le train part à huit heures quinze."),
        ("Le film finit à 24:45.", "Le film finit à vingt-quatre heures quarante-cinq."),
        ("Il est 1:00.", "Il est une heure."),
        ("La séance commence à 21:00.", "La séance commence à vingt et une heures."),
        ("Ouvert de 9:00 à 18:00.", "Ouvert de neuf heures à dix-huit heures."),
        ("Il est 0:30.", "Il est zéro heure trente."),
        ("Le vol décolle à 7 h 05.", "Le vol décolle à sept heures cinq."),
        ("À 12:00, on mange.", "À douze heures, on mange."),
        ("Il est 23h59.", "Il est vingt-trois heures cinquante-neuf."),
        ("Le cours finit à 13:01.", "Le cours finit à treize heures une."),
    ],
    "money": [
        ("Le pain coûte 2,40 euros.", "Le pain coûte deux euros quarante."),  # an amount before the currency's name
        ("Le billet coûte 1 €.", "Le billet coûte un euro."),
        ("Il reste 0,50 € dans la caisse.", "Il reste cinquante centimes dans la caisse."),
        ("Le loyer est de 1 200 €.", "Le loyer est de mille deux cents euros."),
        ("Le budget atteint 3 000 000 €.", "Le budget atteint trois millions d'euros."),
        ("Il a payé 15 $ pour le livre.", "Il a payé quinze dollars pour le livre."),
        ("Le café coûte 4,20 CHF.", "Le café coûte quatre francs vingt."),
        ("Une place coûte 21 €.", "Une place coûte vingt et un euros."),
        ("Le roman coûte 12,99 €.", "Le roman coûte douze euros quatre-vingt-dix-neuf."),
        ("Il doit 5 £ à sa sœur.", "Il doit cinq livres à sa sœur."),
        ("Le prix atteint 1 000 000 $.", "Le prix atteint un million de dollars."),
        ("Il paie 5 EUR de frais.", "Il paie cinq euros de frais."),
        ("Le compte affiche -20 €.", "Le compte affiche moins vingt euros."),
    ],
    "measure": [
        ("La pièce fait 3 x 4 m.", "La pièce fait trois fois quatre mètres."),  # a sign by a number, in words
        ("Il pèse ≈ 5 kg.", "Il pèse environ cinq kilogrammes."),  # a sign by a number, in words
        ("Les pages 12-15 l'expliquent.", "Les pages douze à quinze l'expliquent."),  # an elided l' is no litre
        ("Il fait 6° dehors.", "Il fait six degrés dehors."),
        ("La voiture roule à 60 mph.", "La voiture roule à soixante miles par heure."),
        ("Le sentier fait 5 mi.", "Le sentier fait cinq miles."),
        ("Ajoutez 8 oz de farine.", "Ajoutez huit onces de farine."),
        ("Le colis pèse 2 lb.", "Le colis pèse deux livres."),
        ("La cellule mesure 10 µm.", "La cellule mesure dix micromètres."),
        ("La surface est de 120 m².", "La surface est de cent vingt mètres carrés."),
        ("Le réservoir contient 3 m³.", "Le réservoir contient trois mètres cubes."),
        ("La clé contient 64 Go.", "La clé contient soixante-quatre gigaoctets."),
        ("La pression est de 1 013 hPa.", "La pression est de mille treize hectopascals."),
        ("Il a 98,6 °F de fièvre.", "Il a quatre-vingt-dix-huit virgule six degrés Fahrenheit de fièvre."),
        ("Le champ fait 2 ha.", "Le champ fait deux hectares."),
        ("Ajoutez 25 cl de lait.", "Ajoutez vingt-cinq centilitres de lait."),
        ("Le marathon fait 42,195 km.", "Le marathon fait quarante-deux virgule cent quatre-vingt-quinze kilomètres."),
        ("Il a dormi 21 h d'affilée.", "Il a dormi vingt et une heures d'affilée."),
    ],
    "range": [
        ("Comptez 10-15 minutes.", "Comptez dix à quinze minutes."),
        ("Entre 10 et 15 élèves.", "Entre dix et quinze élèves."),
        ("Lisez les pages 4–6.", "Lisez les pages quatre à six."),
        ("De 1914 à 1918.", "De mille neuf cent quatorze à mille neuf cent dix-huit."),
        (
            "La guerre de 1939-1945 fut longue.",
            "La guerre de mille neuf cent trente-neuf à mille neuf cent quarante-cinq fut longue.",
        ),
        ("Il faut 2-3 jours.", "Il faut deux à trois jours."),
        ("Entre 10-15 personnes viendront.", "Entre dix et quinze personnes viendront."),
        ("Il fera 20-25 °C.", "Il fera vingt à vingt-cinq degrés Celsius."),
        ("Une hausse de 5-10 % est prévue.", "Une hausse de cinq à dix pour cent est prévue."),
        ("Voir pp. 12-14.", "Voir pages douze à quatorze."),
        ("Le magasin ouvre 9:00-12:00.", "Le magasin ouvre neuf heures à douze heures."),
    ],
    "telephone": [
        (
            "Appelez le 01 23 45 67 89.",
            "Appelez le zéro un, vingt-trois, quarante-cinq, soixante-sept, quatre-vingt-neuf.",
        ),
        (
            "Mon portable est le 06 12 34 56 78.",
            "Mon portable est le zéro six, douze, trente-quatre, cinquante-six, soixante-dix-huit.",
        ),
        (
            "Tél. 04.78.90.12.34",
            "Téléphone zéro quatre, soixante-dix-huit, quatre-vingt-dix, douze, trente-quatre",
        ),
        (
            "Composez le +33 1 23 45 67 89.",
            "Composez le plus trente-trois, un, vingt-trois, quarante-cinq, soixante-sept, quatre-vingt-neuf.",
        ),
        (
            "Le standard est au 09 70 00 00 01.",
            "Le standard est au zéro neuf, soixante-dix, zéro zéro, zéro zéro, zéro un.",
        ),
        (
            "Contactez le 08 92 68 01 23.",
            "Contactez le zéro huit, quatre-vingt-douze, soixante-huit, zéro un, vingt-trois.",
        ),
        (
            "Composez le 02 99 87 65 43.",
            "Composez le zéro deux, quatre-vingt-dix-neuf, quatre-vingt-sept, soixante-cinq, quarante-trois.",
        ),
        (
            "Appelez le 05-61-22-33-44.",
            "Appelez le zéro cinq, soixante et un, vingt-deux, trente-trois, quarante-quatre.",
        ),
        (
            "Le 03 80 12 34 56 répond.",
            "Le zéro trois, quatre-vingts, douze, trente-quatre, cinquante-six répond.",
        ),
        (
            "Le 07 00 11 22 33 est occupé.",
            "Le zéro sept, zéro zéro, onze, vingt-deux, trente-trois est occupé.",
        ),
    ],
    "electronic": [
        ("Écrivez à jean.dupont@exemple.fr.", "Écrivez à jean point dupont arobase exemple point fr."),
        ("Visitez www.exemple.fr.", "Visitez exemple point fr."),
        (
            "Le site https://www.service-public.fr/particuliers est utile.",
            "Le site service public point fr barre oblique particuliers est utile.",
        ),
        ("Contact: secretariat@ecole.org", "Contact: secretariat arobase ecole point org"),
        ("Voir exemple.com/aide/faq.", "Voir exemple point com barre oblique aide barre oblique faq."),
        ("Le courriel est info@mairie.fr.", "Le courriel est info arobase mairie point fr."),
        ("Allez sur http://meteo.fr/paris.", "Allez sur meteo point fr barre oblique paris."),
        ("Écrivez à paul_martin@poste.net.", "Écrivez à paul martin arobase poste point net."),
        ("Le dépôt est sur github.com/narrate.", "Le dépôt est sur github point com barre oblique narrate."),
        ("Lisez www.lemonde.fr/sciences.", "Lisez lemonde point fr barre oblique sciences."),
    ],
    "abbreviation": [
        ("Le Dʳ Martin arrive.", "Le docteur Martin arrive."),
        ("Nous saluons Mᵐᵉ Durand.", "Nous saluons madame Durand."),
        ("Nous attendons Mˡˡᵉ Roy.", "Nous attendons mademoiselle Roy."),
        ("Il a consulté Mᵉ Paul.", "Il a consulté maître Paul."),
        ("M. Dupont arrive.", "Monsieur Dupont arrive."),
        ("Du sel, du poivre, etc. suffisent.", "Du sel, du poivre, et cetera suffisent."),
        ("Du sel, du poivre, etc. Le four chauffe.", "Du sel, du poivre, et cetera. Le four chauffe."),
        ("La version 3.12.1 est sortie.", "La version trois point douze point un est sortie."),
        ("Il reçoit Mgr Dubois.", "Il reçoit monseigneur Dubois."),
        ("Bonjour MM. Leroy et Petit.", "Bonjour messieurs Leroy et Petit."),
        ("Voir chap. 3 du livre.", "Voir chapitre trois du livre."),
        ("Le Pr Lefèvre enseigne.", "Le professeur Lefèvre enseigne."),
        ("Il y a p. ex. du pain.", "Il y a par exemple du pain."),
        ("Bonsoir Mᵐᵉˢ et messieurs.", "Bonsoir mesdames et messieurs."),
    ],
    "roman": [
        ("Louis XIV régna longtemps.", "Louis quatorze régna longtemps."),
        ("François Ier aimait les arts.", "François premier aimait les arts."),
        ("Henri Iᵉʳ était roi.", "Henri premier était roi."),
        ("Au XIXe siècle, tout change.", "Au dix-neuvième siècle, tout change."),
        ("Le XXIᵉ siècle commence.", "Le vingt et unième siècle commence."),
        ("Napoléon III perdit la guerre.", "Napoléon trois perdit la guerre."),
        ("Lisez le tome II.", "Lisez le tome deux."),
        ("Le chapitre V est court.", "Le chapitre cinq est court."),
        ("Jean-Paul II voyageait.", "Jean-Paul deux voyageait."),
        ("Le XVIIIe siècle fut celui des Lumières.", "Le dix-huitième siècle fut celui des Lumières."),
        ("Prenez de la vitamine C.", "Prenez de la vitamine C."),
        ("Acte III, scène 2.", "Acte trois, scène deux."),
    ],
    "percent": [
        ("75 % des élèves ont réussi.", "soixante-quinze pour cent des élèves ont réussi."),
        ("Il y a 1,5 % de plus.", "Il y a un virgule cinq pour cent de plus."),
        ("Les ventes baissent de -3 %.", "Les ventes baissent de moins trois pour cent."),
        ("Ce jus est 100 % naturel.", "Ce jus est cent pour cent naturel."),
        ("Le taux est de 0,5 %.", "Le taux est de zéro virgule cinq pour cent."),
        ("Cela arrive dans 50% des cas.", "Cela arrive dans cinquante pour cent des cas."),
        ("Il manque 1 % des voix.", "Il manque un pour cent des voix."),
        ("Le taux d'alcool est de 5 ‰.", "Le taux d'alcool est de cinq pour mille."),
        ("Une hausse de 12,75 % en un an.", "Une hausse de douze virgule soixante-quinze pour cent en un an."),
        ("Il a obtenu 21 % des votes.", "Il a obtenu vingt et un pour cent des votes."),
    ],
    "minus": [
        ("Il fait -5 °C ce matin.", "Il fait moins cinq degrés Celsius ce matin."),
        ("Le solde est de −12.", "Le solde est de moins douze."),
        ("Calculez 8 − 3.", "Calculez huit moins trois."),
        ("La dette atteint -250 €.", "La dette atteint moins deux cent cinquante euros."),
        ("La température est de –4 degrés.", "La température est de moins quatre degrés."),
        ("L'eau gèle à -0,5 °C ici.", "L'eau gèle à moins zéro virgule cinq degrés Celsius ici."),
        ("Le résultat vaut -1.", "Le résultat vaut moins un."),
        ("Le niveau est à −20 m.", "Le niveau est à moins vingt mètres."),
        ("De -10 à 10 degrés.", "De moins dix à dix degrés."),
        ("On trouve x = −2.", "On trouve x = moins deux."),
        ("Une baisse de −3,5 % en mars.", "Une baisse de moins trois virgule cinq pour cent en mars."),
    ],
}

REGIONS: list[tuple[str, str, str]] = [
    ("fr-BE", "Il a 70 ans.", "Il a septante ans."),
    ("fr-BE", "Nous étions 91 au départ.", "Nous étions nonante et un au départ."),
    ("fr-BE", "Il reste 77 places.", "Il reste septante-sept places."),
    ("fr-BE", "Il a 80 ans.", "Il a quatre-vingts ans."),
    ("fr-BE", "C'est le 90e anniversaire.", "C'est le nonantième anniversaire."),
    ("fr-BE", "Il est né en 1995.", "Il est né en mille neuf cent nonante-cinq."),
    ("fr-CH", "Il a 71 ans.", "Il a septante et un ans."),
    ("fr-CH", "Il coûte 99 CHF.", "Il coûte nonante-neuf francs."),
    ("fr-CH", "Le 1er août 1291.", "Le premier août mille deux cent nonante et un."),
    ("fr-CH", "Il reste 72 places.", "Il reste septante-deux places."),
    ("fr-CA", "Écrivez à info@ville.ca.", "Écrivez à info arobas ville point ca."),
    ("fr-CA", "Composez le 514 555-1234.", "Composez le cinq un quatre, cinq cinq cinq, un deux trois quatre."),
    ("fr-CA", "Appelez au (418) 555-0199.", "Appelez au quatre un huit, cinq cinq cinq, zéro un neuf neuf."),
    ("fr-CA", "Il a 70 ans.", "Il a soixante-dix ans."),
    ("fr-FR", "Il a 70 ans et 90 amis.", "Il a soixante-dix ans et quatre-vingt-dix amis."),
]

ALL = [(cls, written, said) for cls, pairs in CASES.items() for written, said in pairs]


def test_every_class_has_at_least_ten_cases():
    assert {cls: len(pairs) >= 10 for cls, pairs in CASES.items()} == dict.fromkeys(CASES, True)


@pytest.mark.parametrize(("cls", "written", "said"), ALL, ids=[f"{c}-{w}" for c, w, _ in ALL])
def test_french_class(cls: str, written: str, said: str):
    assert spoken(written, None, TAG) == said


@pytest.mark.parametrize(("tag", "written", "said"), REGIONS, ids=[f"{t}-{w}" for t, w, _ in REGIONS])
def test_french_region(tag: str, written: str, said: str):
    assert spoken(written, None, tag) == said
