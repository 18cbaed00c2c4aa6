"""Written → spoken text per language: a table of pairs for every catalogue language, sentence
splitting that knows each language's ordinal dot and abbreviations, and digits left to the engine
for a language without rules."""

from __future__ import annotations

import re

import pytest

from narrate.text.languages import has_rules
from narrate.text.normalize import sentences, spoken

PAIRS = {
    "en": [
        ("You need 3.5 litres of water.", "You need three point five litres of water."),
        ("It costs $2.50.", "It costs two dollars and fifty cents."),
        ("for the 21st time", "for the twenty-first time"),
        ("75% of bakers", "seventy-five percent of bakers"),
        ("e.g. bread", "for example bread"),
        ("Add 10 g of salt.", "Add ten grams of salt."),
        ("Bake at 230 °C.", "Bake at two hundred and thirty degrees Celsius."),
        ("1,000 people", "one thousand people"),
        ("On May 3, 2026 we bake.", "On May third, twenty twenty-six we bake."),
        ("Dr. Smith arrives.", "Doctor Smith arrives."),
        ("The train leaves at 14:30.", "The train leaves at fourteen thirty."),
        ("on 2026-05-03", "on May third, twenty twenty-six"),
        ("It weighs 1 kg.", "It weighs one kilogram."),
        ("Pi is 3.14159.", "Pi is three point one four one five nine."),
        ("It costs €1.", "It costs one euro."),
        ("about 12.5 km", "about twelve point five kilometers"),
    ],
    "de": [
        ("Man braucht 3,5 Liter Wasser.", "Man braucht drei Komma fünf Liter Wasser."),
        ("Am 3. Mai beginnt der 21. Kurs.", "Am dritten Mai beginnt der einundzwanzigste Kurs."),
        ("Der 1. Platz geht an Anna.", "Der erste Platz geht an Anna."),
        ("Das kostet 2,50 €.", "Das kostet zwei Euro fünfzig."),
        ("Der Zug fährt um 14:30 Uhr.", "Der Zug fährt um vierzehn Uhr dreißig."),
        ("Er kommt um 9 Uhr.", "Er kommt um neun Uhr."),
        ("75 % der Teilnehmer", "fünfundsiebzig Prozent der Teilnehmer"),
        ("Es hat 1.000 Einwohner.", "Es hat tausend Einwohner."),
        ("Es wiegt 1 kg.", "Es wiegt ein Kilogramm."),
        ("Bei 230 °C backen.", "Bei zweihundertdreißig Grad Celsius backen."),
        ("z. B. Brot", "zum Beispiel Brot"),
        ("Nr. 5 gewinnt", "Nummer fünf gewinnt"),
        ("am 03.05.2026", "am dritten Mai zweitausendsechsundzwanzig"),
        ("am 2026-05-03", "am dritten Mai zweitausendsechsundzwanzig"),
        ("Pi ist 3,14159.", "Pi ist drei Komma eins vier eins fünf neun."),
        ("Es dauert 45 Min.", "Es dauert fünfundvierzig Minuten."),
        ("Das sind 12,5 km.", "Das sind zwölf Komma fünf Kilometer."),
    ],
    "fr": [
        ("Il faut 2,5 litres d'eau.", "Il faut deux virgule cinq litres d'eau."),
        ("le 1er mai", "le premier mai"),
        ("la 1re fois", "la première fois"),
        ("la 21e fois", "la vingt et unième fois"),
        ("Ça coûte 2,50 €.", "Ça coûte deux euros cinquante."),
        ("Il est 14h30.", "Il est quatorze heures trente."),
        ("à 9 h", "à neuf heures"),
        ("75 % des élèves", "soixante-quinze pour cent des élèves"),
        ("2 000 habitants", "deux mille habitants"),
        ("Il pèse 1 kg.", "Il pèse un kilogramme."),
        ("À 230 °C.", "À deux cent trente degrés Celsius."),
        ("p. ex. le pain", "par exemple le pain"),
        ("M. Dupont arrive.", "Monsieur Dupont arrive."),
        ("le 03/05/2026", "le trois mai deux mille vingt-six"),
        ("Pi vaut 3,14.", "Pi vaut trois virgule quatorze."),
        ("Il fait 12,5 km.", "Il fait douze virgule cinq kilomètres."),
    ],
    "es": [
        ("Necesitas 3,5 litros de agua.", "Necesitas tres coma cinco litros de agua."),
        ("El 3 de mayo", "El tres de mayo"),
        ("por 21.ª vez", "por vigésima primera vez"),
        ("el 1.er día", "el primer día"),
        ("el 2.º piso", "el segundo piso"),
        ("Cuesta 2,50 €.", "Cuesta dos euros con cincuenta céntimos."),
        ("Cuesta 1 €.", "Cuesta un euro."),
        ("Son las 14:30.", "Son las catorce y treinta."),
        ("el 75 % de los panaderos", "el setenta y cinco por ciento de los panaderos"),
        ("1.000 habitantes", "mil habitantes"),
        ("Pesa 1 kg.", "Pesa un kilogramo."),
        ("A 230 °C.", "A doscientos treinta grados Celsius."),
        ("p. ej. el pan", "por ejemplo el pan"),
        ("Sr. García", "señor García"),
        ("el 03/05/2026", "el tres de mayo de dos mil veintiséis"),
        ("Pi es 3,14.", "Pi es tres coma catorce."),
    ],
    "it": [
        ("Servono 3,5 litri.", "Servono tre virgola cinque litri."),
        ("il 3 maggio", "il tre maggio"),
        ("il 1° maggio", "il primo maggio"),
        ("la 21ª volta", "la ventunesima volta"),
        ("il 2º posto", "il secondo posto"),
        ("Costa 2,50 €.", "Costa due euro e cinquanta centesimi."),
        ("Costa 1 €.", "Costa un euro."),
        ("Alle 14:30.", "Alle quattordici e trenta."),
        ("il 75 % dei panettieri", "il settantacinque per cento dei panettieri"),
        ("1.000 abitanti", "mille abitanti"),
        ("Pesa 1 kg.", "Pesa un chilogrammo."),
        ("A 230 °C.", "A duecentotrenta gradi Celsius."),
        ("ad es. il pane", "ad esempio il pane"),
        ("pane, latte ecc.", "pane, latte eccetera."),
        ("il 03/05/2026", "il tre maggio duemilaventisei"),
        ("Pi vale 3,14.", "Pi vale tre virgola quattordici."),
    ],
    "pt": [
        ("Precisa de 3,5 litros.", "Precisa de três vírgula cinco litros."),
        ("3 de maio", "três de maio"),
        ("pela 21.ª vez", "pela vigésima primeira vez"),
        ("o 2.º andar", "o segundo andar"),
        ("Custa 2,50 €.", "Custa dois euros e cinquenta cêntimos."),
        ("Custa 1 €.", "Custa um euro."),
        ("Custa R$ 5,00.", "Custa cinco reais."),
        ("Às 14:30.", "Às catorze e trinta."),
        ("75 % dos padeiros", "setenta e cinco por cento dos padeiros"),
        ("1.000 habitantes", "mil habitantes"),
        ("Pesa 1 kg.", "Pesa um quilograma."),
        ("A 230 °C.", "A duzentos e trinta graus Celsius."),
        ("p. ex. o pão", "por exemplo o pão"),
        ("Sr. Silva", "senhor Silva"),
        ("03/05/2026", "três de maio de dois mil e vinte e seis"),
        ("Pi é 3,14.", "Pi é três vírgula catorze."),
    ],
    "nl": [
        ("Je hebt 3,5 liter nodig.", "Je hebt drie komma vijf liter nodig."),
        ("Op 3 mei", "Op drie mei"),
        ("de 21e keer", "de eenentwintigste keer"),
        ("de 1ste plaats", "de eerste plaats"),
        ("Het kost € 2,50.", "Het kost twee euro vijftig."),
        ("Het kost € 1,00.", "Het kost één euro."),
        ("Om 14:30 uur.", "Om veertien uur dertig."),
        ("75 % van de bakkers", "vijfenzeventig procent van de bakkers"),
        ("1.000 inwoners", "duizend inwoners"),
        ("Het weegt 1 kg.", "Het weegt één kilogram."),
        ("Bij 230 °C.", "Bij tweehonderddertig graden Celsius."),
        ("bijv. brood", "bijvoorbeeld brood"),
        ("d.w.z. niets", "dat wil zeggen niets"),
        ("op 03-05-2026", "op drie mei tweeduizend zesentwintig"),
        ("Pi is 3,14.", "Pi is drie komma één vier."),
        ("Nr. 5", "Nummer vijf"),
    ],
    "sv": [
        ("Du behöver 3,5 liter.", "Du behöver tre komma fem liter."),
        ("Den 3 maj", "Den tredje maj"),
        ("för 21:a gången", "för tjugoförsta gången"),
        ("den 3:e", "den tredje"),
        ("Det kostar 25,50 kr.", "Det kostar tjugofem kronor och femtio öre."),
        ("Det kostar 1 kr.", "Det kostar en krona."),
        ("Klockan 14:30.", "Klockan fjorton och trettio."),
        ("75 % av bagarna", "sjuttiofem procent av bagarna"),
        ("2 000 invånare", "tvåtusen invånare"),
        ("Den väger 1 kg.", "Den väger ett kilo."),
        ("Vid 230 °C.", "Vid tvåhundratrettio grader Celsius."),
        ("t.ex. bröd", "till exempel bröd"),
        ("bl.a. mjöl", "bland annat mjöl"),
        ("2026-05-03", "tredje maj tvåtusentjugosex"),
        ("Pi är 3,14.", "Pi är tre komma ett fyra."),
        ("ca 5 minuter", "cirka fem minuter"),
    ],
}
CASES = [(lang, written, said) for lang, pairs in PAIRS.items() for written, said in pairs]


def test_at_least_fifteen_pairs_per_language():
    assert {lang: len(pairs) >= 15 for lang, pairs in PAIRS.items()} == dict.fromkeys(PAIRS, True)


@pytest.mark.parametrize(("language", "written", "said"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_spoken(language: str, written: str, said: str):
    assert spoken(written, None, language) == said


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        (
            "de",
            "Am 3. Mai beginnt der 21. Kurs. Er dauert 3 Wochen.",
            ["Am 3. Mai beginnt der 21. Kurs.", "Er dauert 3 Wochen."],
        ),
        ("de", "Das ist z. B. gut. Wirklich.", ["Das ist z. B. gut.", "Wirklich."]),
        ("de", "Wir waren 21. Dann gingen wir.", ["Wir waren 21.", "Dann gingen wir."]),
        ("fr", "Il y a p. ex. du pain. M. Dupont arrive.", ["Il y a p. ex. du pain.", "M. Dupont arrive."]),
        ("sv", "Det är t.ex. bröd. Vi bakar.", ["Det är t.ex. bröd.", "Vi bakar."]),
        ("nl", "Neem bijv. Brood mee. Dank je.", ["Neem bijv. Brood mee.", "Dank je."]),
        ("es", "Habla el Sr. García. Escucha.", ["Habla el Sr. García.", "Escucha."]),
        ("de", "Es dauert 1 Std. 30 Min. und mehr.", ["Es dauert 1 Std. 30 Min. und mehr."]),  # a unit's stop
        ("de", "Wir warten 5 Min. Dann gehen wir.", ["Wir warten 5 Min.", "Dann gehen wir."]),
        ("en", "Call 555-0142 ext. 12 now. Then wait.", ["Call 555-0142 ext. 12 now.", "Then wait."]),
    ],
)
def test_sentences_know_the_language(language: str, text: str, expected: list[str]):
    assert sentences(text, language=language) == expected


@pytest.mark.parametrize("language", ["da", "pl", "ar", "ja"])
def test_a_language_without_rules_keeps_its_digits_for_the_engine(language: str):
    assert not has_rules(language)
    assert spoken("3,5 + 21 = 24,5", None, language) == "3,5 + 21 = 24,5"


UNITS = [
    ("en", "A 12 V cell holds 2000 mAh.", "A twelve volt cell holds two thousand milliamp hours."),
    ("en", "See p. 12 and pp. 4-6.", "See page twelve and pages four to six."),
    ("en", "It uses 1 kWh at 5 km/h.", "It uses one kilowatt hour at five kilometers per hour."),
    ("de", "Ein 12 V Akku mit 2000 mAh", "Ein zwölf Volt Akku mit zweitausend Milliamperestunden"),
    ("de", "Er fährt 5 km/h und braucht 1 kWh.", "Er fährt fünf Kilometer pro Stunde und braucht eine Kilowattstunde."),
    ("de", "Die Karte hat 64 GB und 1 ms.", "Die Karte hat vierundsechzig Gigabyte und eine Millisekunde."),
    ("fr", "Une pile de 12 V et 2000 mAh.", "Une pile de douze volts et deux mille milliampères-heures."),
    ("fr", "Il faut 1 ms à 5 GHz.", "Il faut une milliseconde à cinq gigahertz."),
    ("es", "Una pila de 12 V y 1 Ah.", "Una pila de doce voltios y un amperio hora."),
    ("es", "Pesa 20 mg y usa 64 GB.", "Pesa veinte miligramos y usa sesenta y cuatro gigabytes."),
    ("it", "Una pila da 12 V e 2000 mAh.", "Una pila da dodici volt e duemila milliamperora."),
    ("it", "Dura 1 ms a 100 W.", "Dura un millisecondo a cento watt."),
    ("pt", "Uma pilha de 12 V e 1 kWh.", "Uma pilha de doze volts e um quilowatt-hora."),
    ("pt", "Pesa 20 mg e usa 5 GB.", "Pesa vinte miligramas e usa cinco gigabytes."),
    ("nl", "Een batterij van 12 V en 2000 mAh.", "Een batterij van twaalf volt en tweeduizend milliampère-uur."),
    ("nl", "Het duurt 1 ms bij 50 Hz.", "Het duurt één milliseconde bij vijftig hertz."),
    ("sv", "Ett batteri på 12 V och 2000 mAh.", "Ett batteri på tolv volt och tvåtusen milliamperetimmar."),
    ("sv", "Det tar 1 ms vid 50 Hz.", "Det tar en millisekund vid femtio hertz."),
    # force and acceleration ("m/s²" was "metres or s squared" in English, kept as written elsewhere)
    (
        "en",
        "A force of 12.5 N gives 5 m/s²; 1 kN.",
        "A force of twelve point five newtons gives five meters per second squared; one kilonewton.",
    ),
    ("en", "Sector 7N at 45N; the N key.", "Sector seven N at forty-five N; the N key."),  # N only after a space
    (
        "de",
        "12,5 N ergibt 5 m/s², dazu 1 m/s; 1 N.",
        "zwölf Komma fünf Newton ergibt fünf Meter pro Quadratsekunde, dazu ein Meter pro Sekunde; ein Newton.",
    ),
    ("fr", "Une force de 2 N donne 5 m/s².", "Une force de deux newtons donne cinq mètres par seconde carrée."),
    ("es", "Una fuerza de 2 N da 5 m/s².", "Una fuerza de dos newtons da cinco metros por segundo al cuadrado."),
    ("it", "Una forza di 2 N dà 5 m/s².", "Una forza di due newton dà cinque metri al secondo quadrato."),
    ("pt", "Uma força de 2 N dá 5 m/s².", "Uma força de dois newtons dá cinco metros por segundo ao quadrado."),
    ("nl", "Een kracht van 2 N geeft 5 m/s².", "Een kracht van twee newton geeft vijf meter per seconde kwadraat."),
    ("sv", "En kraft på 2 N ger 5 m/s².", "En kraft på två newton ger fem meter per sekundkvadrat."),
    ("en", "It stores 294 J, or 2 kJ.", "It stores two hundred and ninety-four joules, or two kilojoules."),
    ("de", "Er hat etwa 294 J und 1 kJ.", "Er hat etwa zweihundertvierundneunzig Joule und ein Kilojoule."),
    ("fr", "Il stocke 294 J.", "Il stocke deux cent quatre-vingt-quatorze joules."),
    ("es", "Almacena 2 J.", "Almacena dos julios."),
    ("sv", "Den lagrar 2 J.", "Den lagrar två joule."),
]


@pytest.mark.parametrize(("language", "written", "said"), UNITS, ids=[f"{c[0]}-{c[1]}" for c in UNITS])
def test_units_are_read_in_every_language_with_rules(language: str, written: str, said: str):
    assert spoken(written, None, language) == said


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it", "pt", "nl", "sv"])
def test_every_language_with_rules_reads_the_electrical_and_data_units(language: str):
    from narrate.text.languages import RULES

    if language != "en":
        assert {
            "V",
            "kV",
            "W",
            "kW",
            "kWh",
            "Wh",
            "mA",
            "Ah",
            "mAh",
            "Hz",
            "kHz",
            "GHz",
            "KB",
            "MB",
            "GB",
            "TB",
            "mg",
            "ms",
        } <= set(RULES[language].units)
    said = spoken("12 V", None, language)
    assert not re.search(r"\d|\bV\b", said), said


PAGES = [
    ("en", "See p. 7.", "See page seven."),
    ("de", "Siehe S. 12 und S. 4-6.", "Siehe Seite zwölf und Seiten vier bis sechs."),
    ("fr", "Voir p. 12 et pp. 4-6.", "Voir page douze et pages quatre à six."),
    ("es", "Ver p. 12 y págs. 4-6.", "Ver página doce y páginas cuatro a seis."),
    ("it", "Vedi pag. 12.", "Vedi pagina dodici."),
    ("pt", "Ver p. 12.", "Ver página doze."),
    ("nl", "Zie blz. 12 en p. 4.", "Zie bladzijde twaalf en pagina vier."),
    ("sv", "Se s. 12 och s. 4-6.", "Se sidan tolv och sidorna fyra till sex."),
]


@pytest.mark.parametrize(("language", "written", "said"), PAGES, ids=[f"{c[0]}-{c[1]}" for c in PAGES])
def test_a_page_reference_is_read_as_page_and_ends_no_sentence(language: str, written: str, said: str):
    assert spoken(written, None, language) == said
    assert sentences(written + " Weiter.", language=language) == [written, "Weiter."]


@pytest.mark.parametrize(("language", "text"), [("de", "Johann S. Bach lebte."), ("sv", "Anna s. Berg kom.")])
def test_a_page_abbreviation_without_a_number_is_left_alone(language: str, text: str):
    assert "Seite" not in spoken(text, None, language) and "sidan" not in spoken(text, None, language)


DURATIONS_AND_ONE_LETTER_UNITS = [
    (
        "en",
        "It charges in 2 h at 5 A and waits 30 s.",
        "It charges in two hours at five amps and waits thirty seconds.",
    ),
    ("en", "Wait 1 s, then 1 h.", "Wait one second, then one hour."),
    ("en", "A 10 kΩ resistor and a 1 µF capacitor.", "A ten kilohm resistor and a one microfarad capacitor."),
    ("en", "The board is 3 ft wide.", "The board is three feet wide."),
    ("en", "Songs of the 90s.", "Songs of the nineties."),  # written together: not seconds
    ("en", "She got 5 A's.", "She got five A's."),  # a grade, not amps
    ("de", "Der Akku lädt in 2 h voll.", "Der Akku lädt in zwei Stunden voll."),  # a duration, not "zwei Uhr"
    ("de", "Um 14 h 30 beginnt es.", "Um vierzehn Uhr dreißig beginnt es."),  # with minutes: a time
    ("de", "Um 14 Uhr beginnt es.", "Um vierzehn Uhr beginnt es."),
    ("fr", "Il faut 2 h de cuisson.", "Il faut deux heures de cuisson."),
    ("es", "Tarda 2 h en cargar.", "Tarda dos horas en cargar."),
]


@pytest.mark.parametrize(("language", "written", "said"), DURATIONS_AND_ONE_LETTER_UNITS)
def test_durations_and_one_letter_units(language: str, written: str, said: str):
    assert spoken(written, None, language) == said


REFERENCES = [
    ("See Vol. 2, No. 5 for details.", ["See volume two, number five for details."]),
    ("See pp. 3 ff. and ch. 2, sec. 4.", ["See pages three and following and chapter two, section four."]),
    ("P. 12 shows the cell.", ["page twelve shows the cell."]),
    ("Solve Eq. 3 first.", ["Solve equation three first."]),
    ("It is 5 in. long and 3 ft. wide.", ["It is five inches long and three feet wide."]),
    # the same abbreviations end a sentence when no number follows
    ("Put it in. Then wait.", ["Put it in.", "Then wait."]),
    ("Wait a sec. Then go.", ["Wait a sec.", "Then go."]),
    ("It is 5 ft. Then wait.", ["It is five feet.", "Then wait."]),
]


@pytest.mark.parametrize(("written", "said"), REFERENCES)
def test_references_to_volumes_chapters_sections_and_pages(written: str, said: list[str]):
    assert [spoken(s, None, "en") for s in sentences(written)] == said
