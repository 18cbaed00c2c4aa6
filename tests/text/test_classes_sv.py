"""Swedish read as a careful narrator reads it, one table per semiotic class (issue 23).

Conventions: Språkrådet's Svenska skrivregler and TT's style (numbers in one word, "hundra" and
"tusen" without "ett" when spoken, years in hundreds: "nittonhundranittio", a day before a month
as an ordinal: "andra januari", "kl. 17.30" a time, kings "Karl XII" → "Karl den tolfte",
"en halv", "tre fjärdedelar", a telephone number read in its groups: the area code and groups of
three digit by digit, pairs as numbers: "noll åtta, sju åtta nio, femtiotvå, tjugofem").
Every sentence here was written for this table.
"""

from __future__ import annotations

import pytest

from narrate.text.normalize import spoken

TAG = "sv"

CASES: dict[str, list[tuple[str, str]]] = {
    "cardinal": [
        ("Det bor 2 000 personer här.", "Det bor tvåtusen personer här."),
        (
            "Staden har 1 234 567 invånare.",
            "Staden har en miljon tvåhundratrettiofyratusen femhundrasextiosju invånare.",
        ),
        ("Han fyller 21 år.", "Han fyller tjugoett år."),
        ("Vi var 100 personer.", "Vi var hundra personer."),
        ("Det finns 1000 böcker.", "Det finns tusen böcker."),
        ("Mätaren visar -12 i dag.", "Mätaren visar minus tolv i dag."),
        ("Det blev 0 fel.", "Det blev noll fel."),
        ("Hon har 45 000 följare.", "Hon har förtiofemtusen följare."),
        ("Det finns 101 sätt.", "Det finns hundraett sätt."),
        ("Det kom 1 500 deltagare.", "Det kom tusen femhundra deltagare."),
        ("Vi sålde 1500 biljetter.", "Vi sålde femtonhundra biljetter."),
        ("Det finns 99 kvar.", "Det finns nittionio kvar."),
    ],
    "ordinal": [
        ("För 21:a gången.", "För tjugoförsta gången."),
        ("Han kom 1:a i loppet.", "Han kom första i loppet."),
        ("Hon blev 2:a i år.", "Hon blev andra i år."),
        ("Den 20:e är en fredag.", "Den tjugonde är en fredag."),
        ("Laget kom på 5:e plats.", "Laget kom på femte plats."),
        ("Du är den 100:e kunden.", "Du är den hundrade kunden."),
        ("Det 11:e budet.", "Det elfte budet."),
        ("Den 12:e kom han.", "Den tolfte kom han."),
        ("Det är hans 32:a match.", "Det är hans trettioandra match."),
        ("Den 30:e är sista dagen.", "Den trettionde är sista dagen."),
        ("Han bor på 3:e våningen.", "Han bor på tredje våningen."),
    ],
    "decimal": [
        (
            "Installera v2.3.1 först.",
            "Installera version två punkt tre punkt ett först.",
        ),  # a version or section number, said with its dots
        ("Du behöver 3,5 liter.", "Du behöver tre komma fem liter."),
        ("Pi är 3,14.", "Pi är tre komma ett fyra."),
        ("Värdet är 0,5.", "Värdet är noll komma fem."),
        ("Han är 1,85 lång.", "Han är ett komma åtta fem lång."),
        ("Andelen är 0,25.", "Andelen är noll komma två fem."),
        ("Summan är 1 234,5.", "Summan är tusen tvåhundratrettiofyra komma fem."),
        ("Saldot är -2,5.", "Saldot är minus två komma fem."),
        ("Det avlästa värdet är 17.06 nu.", "Det avlästa värdet är sjutton komma noll sex nu."),
        ("Felet är 0,01.", "Felet är noll komma noll ett."),
        ("Pi är ungefär 3,14159.", "Pi är ungefär tre komma ett fyra ett fem nio."),
        ("Medelvärdet blev 7,75.", "Medelvärdet blev sju komma sju fem."),
    ],
    "fraction": [
        ("Svaret är 1/2.", "Svaret är en halv."),
        ("Hon fick 3/4 av rösterna.", "Hon fick tre fjärdedelar av rösterna."),
        ("En tredjedel skrivs 1/3.", "En tredjedel skrivs en tredjedel."),
        ("Det behövs 5/8 av längden.", "Det behövs fem åttondelar av längden."),
        ("Där kom 2/3 av eleverna.", "Där kom två tredjedelar av eleverna."),
        ("Varje bit är 1/4.", "Varje bit är en fjärdedel."),
        ("Det tog 2 1/2 timme.", "Det tog två och en halv timme."),
        ("Häll i ½ liter mjölk.", "Häll i en halv liter mjölk."),
        ("Det är 7/10 av summan.", "Det är sju tiondelar av summan."),
        ("Hon läste 4/5 av boken.", "Hon läste fyra femtedelar av boken."),
        ("En hundradel skrivs 1/100.", "En hundradel skrivs en hundradel."),
        ("Hon åt ¾ av tårtan.", "Hon åt tre fjärdedelar av tårtan."),
        ("Det tar 1 1/2 timme.", "Det tar en och en halv timme."),
    ],
    "date": [
        ("Den 2:a januari 2022 kom han.", "Den andra januari tvåtusentjugotvå kom han."),
        ("Den 3 maj 1990 föddes hon.", "Den tredje maj nittonhundranittio föddes hon."),
        ("Mötet är 2026-05-03.", "Mötet är tredje maj tvåtusentjugosex."),
        ("Hon föddes 1990-12-24.", "Hon föddes tjugofjärde december nittonhundranittio."),
        ("Vi ses den 17/6.", "Vi ses den sjuttonde juni."),
        ("Den 1 april skämtar vi.", "Den första april skämtar vi."),
        ("Den 24.12.2023 snöade det.", "Den tjugofjärde december tvåtusentjugotre snöade det."),
        ("Den 6 juni är nationaldag.", "Den sjätte juni är nationaldag."),
        ("Det hände på 1990-talet.", "Det hände på nittonhundranittiotalet."),
        ("Han föddes på 1800-talet.", "Han föddes på artonhundratalet."),
        ("Jag kommer den 3/4.", "Jag kommer den tredje april."),
        ("Butiken stänger den 31 december.", "Butiken stänger den trettioförsta december."),
        ("Fredag 13 mars var det.", "Fredag trettonde mars var det."),
        ("Kriget slutade 1945.", "Kriget slutade nittonhundraförtiofem."),
    ],
    "time": [
        ("Vi kommer kl. 9 h.", "Vi kommer klockan nio."),  # "9 h" after a word of the clock: a time of day
        ("Formatet 16:9 vann.", "Formatet sexton till nio vann."),  # a sign by a number, in words
        ("Turen tar 3 h 10 min.", "Turen tar tre timmar tio minuter."),  # a duration, not a clock time
        ("Klockan 14:30.", "Klockan fjorton och trettio."),
        ("Vi ses kl. 17.30.", "Vi ses klockan sjutton och trettio."),
        ("Filmen slutar 24:45.", "Filmen slutar tjugofyra och förtiofem."),
        ("Klockan 1:00 sover alla.", "Klockan ett sover alla."),
        ("Tåget går 08:15.", "Tåget går åtta och femton."),
        ("Mötet börjar 9:00.", "Mötet börjar nio."),
        ("Vi äter kl. 12.00.", "Vi äter klockan tolv."),
        ("Bussen går 18:05.", "Bussen går arton noll fem."),
        ("Det stänger 23:59.", "Det stänger tjugotre och femtionio."),
        ("Öppet 8:00–17:00.", "Öppet åtta till sjutton."),
        ("Klockan 0:30 var det tyst.", "Klockan noll och trettio var det tyst."),
        ("Mellan 16.00 och 17.30 är det stängt.", "Mellan sexton och sjutton och trettio är det stängt."),
    ],
    "money": [
        (
            "Brödet kostar 24,50 kronor.",
            "Brödet kostar tjugofyra kronor och femtio öre.",
        ),  # an amount before the currency's name
        ("Det kostar 25,50 kr.", "Det kostar tjugofem kronor och femtio öre."),
        ("Det kostar 1 kr.", "Det kostar en krona."),
        ("Det kostar 0,50 kr.", "Det kostar femtio öre."),
        ("Huset kostar 2 500 000 kr.", "Huset kostar två miljoner femhundratusen kronor."),
        ("Boken kostar 15 $.", "Boken kostar femton dollar."),
        ("Biljetten kostar 99 SEK.", "Biljetten kostar nittionio kronor."),
        ("Det kostar 10 €.", "Det kostar tio euro."),
        ("Vinsten är 1 000 000 kr.", "Vinsten är en miljon kronor."),
        ("Det kostar 5 £.", "Det kostar fem pund."),
        ("Det kostar 12,75 kr.", "Det kostar tolv kronor och sjuttiofem öre."),
        ("Cykeln kostar 1 500 kr.", "Cykeln kostar tusen femhundra kronor."),
        ("Tröjan kostar 199:-.", "Tröjan kostar hundranittionio kronor."),
        ("Kontot visar -20 kr.", "Kontot visar minus tjugo kronor."),
    ],
    "measure": [
        ("Rummet är 3 x 4 m.", "Rummet är tre gånger fyra meter."),  # a sign by a number, in words
        ("Det är 6° ute.", "Det är sex grader ute."),
        ("Bilen kör i 60 mph.", "Bilen kör i sextio engelska mil i timmen."),
        ("Leden är 5 mi lång.", "Leden är fem engelska mil lång."),
        ("Det behövs 8 oz mjöl.", "Det behövs åtta uns mjöl."),
        ("Paketet väger 2 lb.", "Paketet väger två pund."),
        ("Cellen är 10 µm stor.", "Cellen är tio mikrometer stor."),
        ("Rummet är 20 m².", "Rummet är tjugo kvadratmeter."),
        ("Tanken rymmer 3 m³.", "Tanken rymmer tre kubikmeter."),
        ("Minnet är 64 GB.", "Minnet är sextiofyra gigabyte."),
        ("Trycket är 1 013 hPa.", "Trycket är tusentretton hektopascal."),
        ("Han har 98,6 °F i feber.", "Han har nittioåtta komma sex grader Fahrenheit i feber."),
        ("Tillsätt 2 dl grädde.", "Tillsätt två deciliter grädde."),
        ("Ta 1 msk smör.", "Ta en matsked smör."),
        ("Ta 2 tsk salt.", "Ta två teskedar salt."),
        ("Fältet är 2 ha.", "Fältet är två hektar."),
        ("Lägg i 25 cl mjölk.", "Lägg i tjugofem centiliter mjölk."),
    ],
    "range": [
        ("Det tar 10-15 minuter.", "Det tar tio till femton minuter."),
        ("Det kommer mellan 10-15 personer.", "Det kommer mellan tio och femton personer."),
        ("Se s. 4-6.", "Se sidorna fyra till sex."),
        ("Kriget 1939–1945 var långt.", "Kriget nittonhundratrettionio till nittonhundraförtiofem var långt."),
        ("Det blir 20-25 °C.", "Det blir tjugo till tjugofem grader Celsius."),
        ("Räntan steg 5-10 %.", "Räntan steg fem till tio procent."),
        ("Det tar 2-3 dagar.", "Det tar två till tre dagar."),
        ("Mellan 10 och 15 år.", "Mellan tio och femton år."),
        ("Öppet kl. 9-17.", "Öppet klockan nio till sjutton."),
        ("Läs kapitel 3–5.", "Läs kapitel tre till fem."),
    ],
    "telephone": [
        ("Ring 08-789 52 25.", "Ring noll åtta, sju åtta nio, femtiotvå, tjugofem."),
        ("Mobilen är 070-123 45 67.", "Mobilen är noll sju noll, ett två tre, förtiofem, sextiosju."),
        ("Ring 031-12 34 56.", "Ring noll tre ett, tolv, trettiofyra, femtiosex."),
        (
            "Från utlandet: +46 8 789 52 25.",
            "Från utlandet: plus förtiosex, åtta, sju åtta nio, femtiotvå, tjugofem.",
        ),
        ("Ring 08-123 456 78.", "Ring noll åtta, ett två tre, fyra fem sex, sjuttioåtta."),
        ("Ring 0771-567 567.", "Ring noll sju sju ett, fem sex sju, fem sex sju."),
        ("Tfn 046-22 22 00.", "Telefon noll fyra sex, tjugotvå, tjugotvå, noll noll."),
        ("Mitt nummer är 08 790 75 59.", "Mitt nummer är noll åtta, sju nio noll, sjuttiofem, femtionio."),
        (
            "Ring +46 70 123 45 67.",
            "Ring plus förtiosex, sju noll, ett två tre, förtiofem, sextiosju.",
        ),
        ("Tel. 0510-123 45.", "Telefon noll fem ett noll, ett två tre, förtiofem."),
    ],
    "electronic": [
        ("Skriv till anna.berg@exempel.se.", "Skriv till anna punkt berg snabel-a exempel punkt se."),
        ("Besök www.exempel.se.", "Besök exempel punkt se."),
        (
            "Sidan https://www.skatteverket.se/privat är bra.",
            "Sidan skatteverket punkt se snedstreck privat är bra.",
        ),
        ("Kontakt: kansli@skolan.org", "Kontakt: kansli snabel-a skolan punkt org"),
        ("Se exempel.com/hjalp/faq.", "Se exempel punkt com snedstreck hjalp snedstreck faq."),
        ("Mejla info@museet.se.", "Mejla info snabel-a museet punkt se."),
        ("Gå till http://smhi.se/vader.", "Gå till smhi punkt se snedstreck vader."),
        ("Skriv till lars_ek@post.net.", "Skriv till lars ek snabel-a post punkt net."),
        ("Koden finns på github.com/narrate.", "Koden finns på github punkt com snedstreck narrate."),
        ("Läs www.sprakradet.se/rad.", "Läs sprakradet punkt se snedstreck rad."),
    ],
    "abbreviation": [
        ("Ta t.ex. bröd.", "Ta till exempel bröd."),
        ("Det finns bl.a. mjöl.", "Det finns bland annat mjöl."),
        ("Han är trött, dvs. sömnig.", "Han är trött, det vill säga sömnig."),
        ("Äpplen, päron osv. finns.", "Äpplen, päron och så vidare finns."),
        ("Det gäller fr.o.m. i dag.", "Det gäller från och med i dag."),
        ("Det gäller t.o.m. fredag.", "Det gäller till och med fredag."),
        ("Caesar dog 44 f.Kr. i Rom.", "Caesar dog förtiofyra före Kristus i Rom."),
        ("Det hände 79 e.Kr. i Pompeji.", "Det hände sjuttionio efter Kristus i Pompeji."),
        ("Se nr 5 i listan.", "Se nummer fem i listan."),
        ("Priset är inkl. moms.", "Priset är inklusive moms."),
        ("Han bor vid S:t Eriksplan.", "Han bor vid Sankt Eriksplan."),
        ("Jfr kapitel två.", "Jämför kapitel två."),
        ("Vi kommer ev. i morgon.", "Vi kommer eventuellt i morgon."),
    ],
    "roman": [
        ("Karl XII dog i Norge.", "Karl den tolfte dog i Norge."),
        ("Gustav II Adolf stupade.", "Gustav den andre Adolf stupade."),
        ("Gustav III grundade akademien.", "Gustav den tredje grundade akademien."),
        ("Erik XIV blev galen.", "Erik den fjortonde blev galen."),
        ("Karl XVI Gustaf är kung.", "Karl den sextonde Gustaf är kung."),
        ("Gustav I var först.", "Gustav den förste var först."),
        ("Läs kapitel IV nu.", "Läs kapitel fyra nu."),
        ("Se del II av boken.", "Se del två av boken."),
        ("Ludvig XIV byggde Versailles.", "Ludvig den fjortonde byggde Versailles."),
        ("Henrik VIII hade sex fruar.", "Henrik den åttonde hade sex fruar."),
        ("Karl XII:s död är en gåta.", "Karl den tolftes död är en gåta."),
        ("Ta vitamin C varje dag.", "Ta vitamin C varje dag."),
    ],
    "percent": [
        ("75 % av bagarna.", "sjuttiofem procent av bagarna."),
        ("Det är 1,5 % mer.", "Det är ett komma fem procent mer."),
        ("Försäljningen ändras -3 %.", "Försäljningen ändras minus tre procent."),
        ("Saften är 100 % naturlig.", "Saften är hundra procent naturlig."),
        ("Räntan är 0,5 %.", "Räntan är noll komma fem procent."),
        ("Det händer i 50% av fallen.", "Det händer i femtio procent av fallen."),
        ("Det saknas 1 % av rösterna.", "Det saknas en procent av rösterna."),
        ("Han hade 0,5 ‰ i blodet.", "Han hade noll komma fem promille i blodet."),
        ("Det ökade 12,75 % på ett år.", "Det ökade tolv komma sju fem procent på ett år."),
        ("Hon fick 21 % av rösterna.", "Hon fick tjugoett procent av rösterna."),
    ],
    "minus": [
        ("Det är -5 °C i dag.", "Det är minus fem grader Celsius i dag."),
        ("Saldot är −12.", "Saldot är minus tolv."),
        ("Räkna 8 − 3.", "Räkna åtta minus tre."),
        ("Skulden är -250 kr.", "Skulden är minus tvåhundrafemtio kronor."),
        ("Temperaturen är –4 grader.", "Temperaturen är minus fyra grader."),
        ("Vattnet fryser vid -0,5 °C här.", "Vattnet fryser vid minus noll komma fem grader Celsius här."),
        ("Resultatet är -1.", "Resultatet är minus ett."),
        ("Nivån är −20 m.", "Nivån är minus tjugo meter."),
        ("Från -10 till 10 grader.", "Från minus tio till tio grader."),
        ("Vi får x = −2.", "Vi får x = minus två."),
        ("En nedgång på −3,5 % i mars.", "En nedgång på minus tre komma fem procent i mars."),
    ],
}

ALL = [(cls, written, said) for cls, pairs in CASES.items() for written, said in pairs]


def test_every_class_has_at_least_ten_cases():
    assert {cls: len(pairs) >= 10 for cls, pairs in CASES.items()} == dict.fromkeys(CASES, True)


@pytest.mark.parametrize(("cls", "written", "said"), ALL, ids=[f"{c}-{w}" for c, w, _ in ALL])
def test_swedish_class(cls: str, written: str, said: str):
    assert spoken(written, None, TAG) == said
