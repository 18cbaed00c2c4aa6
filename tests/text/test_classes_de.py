"""German read as a careful narrator reads it (issue 23), one table per semiotic class: each pair is a
short written sentence and what a German audiobook reader says for it (Duden's conventions: ordinals
with the ending the word before asks for, "hundert" and "tausend" without "ein", digit groups of a
telephone number, "Ludwig der Vierzehnte"). Regional forms (de-AT "Jänner", de-CH "ss") at the end."""

from __future__ import annotations

import pytest

from narrate.text.normalize import spoken

TAG = "de"

CASES: dict[str, list[tuple[str, str]]] = {
    "cardinal": [
        ("-25037", "minus fünfundzwanzigtausendsiebenunddreißig"),  # issue 23
        ("Das Dorf hat 1.250 Einwohner.", "Das Dorf hat tausendzweihundertfünfzig Einwohner."),
        ("Im Stadion saßen 48 000 Menschen.", "Im Stadion saßen achtundvierzigtausend Menschen."),
        ("Die Region zählt 3.400.000 Bewohner.", "Die Region zählt drei Millionen vierhunderttausend Bewohner."),
        ("Wir brauchen 100 Gläser.", "Wir brauchen hundert Gläser."),
        ("Am Ende bleibt 1 Apfel übrig.", "Am Ende bleibt ein Apfel übrig."),
        ("Nach 1 Woche war alles fertig.", "Nach einer Woche war alles fertig."),
        ("Mit 1 Ei geht es auch.", "Mit einem Ei geht es auch."),
        ("Die Zahl 0 ist gerade.", "Die Zahl null ist gerade."),
        ("Kapitel 1 beginnt hier.", "Kapitel eins beginnt hier."),
        ("Sie erbte 2.000.000 Euro.", "Sie erbte zwei Millionen Euro."),
        ("Es gibt 1 Million Sterne.", "Es gibt eine Million Sterne."),
        ("Das Konto zeigt -350 Euro.", "Das Konto zeigt minus dreihundertfünfzig Euro."),
        ("Am Start waren 21 Läufer.", "Am Start waren einundzwanzig Läufer."),
    ],
    "ordinal": [
        ("100. Geburtstag", "hundertster Geburtstag"),  # issue 23
        ("zum 100. Geburtstag", "zum hundertsten Geburtstag"),  # issue 23
        ("Sie feiert ihren 40. Geburtstag.", "Sie feiert ihren vierzigsten Geburtstag."),
        ("Der 3. Versuch gelang.", "Der dritte Versuch gelang."),
        ("Beim 2. Mal klappte es.", "Beim zweiten Mal klappte es."),
        ("Das ist sein 3. Roman.", "Das ist sein dritter Roman."),
        ("Jeder 10. Teilnehmer gewinnt.", "Jeder zehnte Teilnehmer gewinnt."),
        ("Wir wohnen im 4. Stock.", "Wir wohnen im vierten Stock."),
        ("Die 1000. Besucherin bekam Blumen.", "Die tausendste Besucherin bekam Blumen."),
        ("Am 3. und 4. Tag regnete es.", "Am dritten und vierten Tag regnete es."),
        ("Der 1. und 2. Platz gehen an uns.", "Der erste und zweite Platz gehen an uns."),
        ("Ein 2. Versuch folgt.", "Ein zweiter Versuch folgt."),
        ("Das geschah im 19. Jahrhundert.", "Das geschah im neunzehnten Jahrhundert."),
        ("Wir waren 21. Dann gingen wir.", "Wir waren einundzwanzig. Dann gingen wir."),
    ],
    "decimal": [
        (
            "Installiere v2.3.1 zuerst.",
            "Installiere Version zwei Punkt drei Punkt eins zuerst.",
        ),  # a version or section number, said with its dots
        (
            "Mit Python 3.12 geht es.",
            "Mit Python drei Punkt zwölf geht es.",
        ),  # a version or section number, said with its dots
        ("Der Wert beträgt 3,75.", "Der Wert beträgt drei Komma sieben fünf."),
        ("Es bleiben 0,5 Liter.", "Es bleiben null Komma fünf Liter."),
        ("Der Faktor ist -1,25.", "Der Faktor ist minus eins Komma zwei fünf."),
        ("Die Quote liegt bei 12,08.", "Die Quote liegt bei zwölf Komma null acht."),
        ("Wir zählen 1.234,5 Stück.", "Wir zählen tausendzweihundertvierunddreißig Komma fünf Stück."),
        ("Die Note war 2,3.", "Die Note war zwei Komma drei."),
        ("Es wuchs um 0,07.", "Es wuchs um null Komma null sieben."),
        ("Der Index stieg auf 10,0.", "Der Index stieg auf zehn Komma null."),
        ("Er lief 9,58 Sekunden.", "Er lief neun Komma fünf acht Sekunden."),
        ("Dort leben 2,5 Mio. Menschen.", "Dort leben zwei Komma fünf Millionen Menschen."),
        ("Der Bau kostet 1,5 Mrd. Euro.", "Der Bau kostet eins Komma fünf Milliarden Euro."),
    ],
    "fraction": [
        ("1/2", "ein halb"),  # issue 23
        ("Nimm 3/4 davon.", "Nimm drei Viertel davon."),
        ("Etwa 1/3 der Fläche ist Wald.", "Etwa ein Drittel der Fläche ist Wald."),
        ("Es fehlen 5/8 des Weges.", "Es fehlen fünf Achtel des Weges."),
        ("Genau 2/3 stimmten zu.", "Genau zwei Drittel stimmten zu."),
        ("Es dauerte 1 1/2 Stunden.", "Es dauerte eineinhalb Stunden."),
        ("Wir warteten 2 1/2 Jahre.", "Wir warteten zweieinhalb Jahre."),
        ("Schon 1/10 genügt.", "Schon ein Zehntel genügt."),
        ("Rund 7/20 gingen verloren.", "Rund sieben Zwanzigstel gingen verloren."),
        ("Dazu ¼ Teelöffel Salz.", "Dazu ein Viertel Teelöffel Salz."),
        ("Er lag 3/100 Sekunden vorn.", "Er lag drei Hundertstel Sekunden vorn."),
        ("Die Fahrt dauert 3 3/4 Stunden.", "Die Fahrt dauert drei und drei Viertel Stunden."),
    ],
    "date": [
        (
            "Treffen am 2024-03-05T09:00+01:00.",
            "Treffen am fünften März zweitausendvierundzwanzig, neun Uhr UTC plus eins.",
        ),  # an ISO date and time with its offset from UTC
        (
            "Die Abgabe endet am 2025-06-30T12:00.",
            "Die Abgabe endet am dreißigsten Juni zweitausendfünfundzwanzig, zwölf Uhr.",
        ),  # an ISO date and time
        ("am 14. Juli", "am vierzehnten Juli"),  # issue 23
        ("Heute ist der 3. Oktober.", "Heute ist der dritte Oktober."),
        ("Berlin, 9. November 1989", "Berlin, neunter November neunzehnhundertneunundachtzig"),
        ("Wir treffen uns am 02.03.2025.", "Wir treffen uns am zweiten März zweitausendfünfundzwanzig."),
        ("Der Termin ist am 2025-12-24.", "Der Termin ist am vierundzwanzigsten Dezember zweitausendfünfundzwanzig."),
        ("Das Fest dauert vom 3. bis 5. Mai.", "Das Fest dauert vom dritten bis fünften Mai."),
        ("Seit dem 1. Jan. 2020 gilt das.", "Seit dem ersten Januar zweitausendzwanzig gilt das."),
        ("Die Frist läuft bis 31. März.", "Die Frist läuft bis einunddreißigsten März."),
        ("Im Mai 1945 endete der Krieg.", "Im Mai neunzehnhundertfünfundvierzig endete der Krieg."),
        ("Am 14.7. ist Feiertag.", "Am vierzehnten Juli ist Feiertag."),
        ("Der Vertrag vom 30.06.2024 gilt.", "Der Vertrag vom dreißigsten Juni zweitausendvierundzwanzig gilt."),
        ("Er wurde am 3. Mai 1999 geboren.", "Er wurde am dritten Mai neunzehnhundertneunundneunzig geboren."),
        ("Im Jahr 1848 begann es.", "Im Jahr achtzehnhundertachtundvierzig begann es."),
        ("Montag, 5. Februar", "Montag, fünfter Februar"),
        ("In den 1980er Jahren", "In den neunzehnhundertachtziger Jahren"),
        ("Musik der 20er", "Musik der zwanziger"),
        ("Er starb 1715.", "Er starb siebzehnhundertfünfzehn."),
    ],
    "time": [
        ("Wir treffen uns um 9 h.", "Wir treffen uns um neun Uhr."),  # "9 h" after a word of the clock: a time of day
        (
            "Der Lauf dauerte 3:45:12.",
            "Der Lauf dauerte drei Stunden fünfundvierzig Minuten zwölf Sekunden.",
        ),  # a sign by a number, in words
        (
            "Um 14:02:59 Uhr fiel er.",
            "Um vierzehn Uhr zwei, neunundfünfzig Sekunden fiel er.",
        ),  # a sign by a number, in words
        (
            "Die Wanderung dauert 2 h 45 min.",
            "Die Wanderung dauert zwei Stunden fünfundvierzig Minuten.",
        ),  # a duration, not a clock time
        ("24:45 Uhr", "vierundzwanzig Uhr fünfundvierzig"),  # issue 23
        ("Es ist 1:00 Uhr.", "Es ist ein Uhr."),
        ("Der Zug fährt um 8:07 Uhr.", "Der Zug fährt um acht Uhr sieben."),
        ("Um 00:15 Uhr schlafen alle.", "Um null Uhr fünfzehn schlafen alle."),
        ("Das Büro öffnet um 9.30 Uhr.", "Das Büro öffnet um neun Uhr dreißig."),
        ("Wir essen um 12 Uhr.", "Wir essen um zwölf Uhr."),
        ("Der Film beginnt um 20:15.", "Der Film beginnt um zwanzig Uhr fünfzehn."),
        ("Um 1:30 Uhr klingelte es.", "Um ein Uhr dreißig klingelte es."),
        ("Geöffnet ist von 9:00-17:00 Uhr.", "Geöffnet ist von neun Uhr bis siebzehn Uhr."),
        ("Um 13:01 Uhr kam er.", "Um dreizehn Uhr eins kam er."),
        ("Ab 1 Uhr ist Ruhe.", "Ab ein Uhr ist Ruhe."),
    ],
    "money": [
        ("Die Karte kostet 3,50 Euro.", "Die Karte kostet drei Euro fünfzig."),  # an amount before the currency's name
        ("Das Brot kostet 2,50 €.", "Das Brot kostet zwei Euro fünfzig."),
        ("Es kostet 0,99 €.", "Es kostet neunundneunzig Cent."),
        ("Der Eintritt kostet 12 €.", "Der Eintritt kostet zwölf Euro."),
        ("Die Miete beträgt 1.250 €.", "Die Miete beträgt tausendzweihundertfünfzig Euro."),
        ("Er zahlte $5.", "Er zahlte fünf Dollar."),
        ("Das kostet 1 €.", "Das kostet ein Euro."),
        ("Die Tasche kostet 25,– €.", "Die Tasche kostet fünfundzwanzig Euro."),
        ("Es kostet CHF 8,40.", "Es kostet acht Franken vierzig."),
        ("Sie verdient 3,5 Mio. €.", "Sie verdient drei Komma fünf Millionen Euro."),
        ("Das kostet £20.", "Das kostet zwanzig Pfund."),
        ("Mit 1 € kommst du nicht weit.", "Mit einem Euro kommst du nicht weit."),
        ("Der Preis: 19,99 EUR", "Der Preis: neunzehn Euro neunundneunzig"),
    ],
    "measure": [
        (
            "Die Antwort lautet: m/s².",
            "Die Antwort lautet: Meter pro Quadratsekunde.",
        ),  # a rate unit with no number before it
        ("Angaben in km/h.", "Angaben in Kilometer pro Stunde."),  # a rate unit with no number before it
        ("Es ist ±2 mm genau.", "Es ist plus minus zwei Millimeter genau."),  # a sign by a number, in words
        ("Das sind ~5 kg.", "Das sind ungefähr fünf Kilogramm."),  # a sign by a number, in words
        ("Der Raum misst 3 x 4 m.", "Der Raum misst drei mal vier Meter."),  # a sign by a number, in words
        ("Das sind 10³ Zellen.", "Das sind zehn hoch drei Zellen."),  # a sign by a number, in words
        ("mit 5 Metern", "mit fünf Metern"),  # issue 23
        ("Das Seil ist 12 m lang.", "Das Seil ist zwölf Meter lang."),
        ("Ein Turm mit 30 m Höhe.", "Ein Turm mit dreißig Metern Höhe."),
        ("Das Auto fuhr 60 mph.", "Das Auto fuhr sechzig Meilen pro Stunde."),
        ("Die Strecke ist 26,2 mi lang.", "Die Strecke ist sechsundzwanzig Komma zwei Meilen lang."),
        ("Man nehme 8 oz Käse.", "Man nehme acht Unzen Käse."),
        ("Der Hund wiegt 40 lb.", "Der Hund wiegt vierzig Pfund."),
        ("Die Fläche misst 250 m².", "Die Fläche misst zweihundertfünfzig Quadratmeter."),
        ("Ein Winkel von 45°.", "Ein Winkel von fünfundvierzig Grad."),
        ("Bei 350 °F backen.", "Bei dreihundertfünfzig Grad Fahrenheit backen."),
        ("Der Tank fasst 50 l.", "Der Tank fasst fünfzig Liter."),
        ("Nach 1 h war es fertig.", "Nach einer Stunde war es fertig."),
        ("Das Signal hat 2,4 GHz.", "Das Signal hat zwei Komma vier Gigahertz."),
        ("Die Dosis ist 3 µg.", "Die Dosis ist drei Mikrogramm."),
        ("Er lief 1 mi.", "Er lief eine Meile."),
        ("Der Kran hebt 2 t.", "Der Kran hebt zwei Tonnen."),
        ("Ein Raum von 3 m³.", "Ein Raum von drei Kubikmetern."),
    ],
    "range": [
        ("Das dauert 10-15 Minuten.", "Das dauert zehn bis fünfzehn Minuten."),
        ("Es kostet zwischen 10 und 15 €.", "Es kostet zwischen zehn und fünfzehn Euro."),
        ("Es hat zwischen 10-15 Grad.", "Es hat zwischen zehn und fünfzehn Grad."),
        ("Siehe S. 4-6.", "Siehe Seiten vier bis sechs."),
        ("Die Preise liegen bei 5–8 €.", "Die Preise liegen bei fünf bis acht Euro."),
        ("Von 1990-1995 lebte er hier.", "Von neunzehnhundertneunzig bis neunzehnhundertfünfundneunzig lebte er hier."),
        ("Geöffnet 9-17 Uhr.", "Geöffnet neun bis siebzehn Uhr."),
        ("Für Kinder von 6–10 Jahren.", "Für Kinder von sechs bis zehn Jahren."),
        ("Etwa 20 – 30 % fehlen.", "Etwa zwanzig bis dreißig Prozent fehlen."),
        ("Es wiegt 2-3 kg.", "Es wiegt zwei bis drei Kilogramm."),
        ("Das Fest ist vom 3.–5. Mai.", "Das Fest ist vom dritten bis fünften Mai."),
        ("Es stand am Ende 3-1.", "Es stand am Ende drei zu eins."),
        ("Das Spiel endete 3:2.", "Das Spiel endete drei zu zwei."),
        ("Der Maßstab ist 1:100.", "Der Maßstab ist eins zu hundert."),
        (
            "Siehe Abschnitt 4.2 und Version 3.12.1.",
            "Siehe Abschnitt vier Punkt zwei und Version drei Punkt zwölf Punkt eins.",
        ),
        ("Es kommen 1.250 Leute.", "Es kommen tausendzweihundertfünfzig Leute."),
        ("Listen, Tupel usw. Datentypen lernen wir.", "Listen, Tupel und so weiter Datentypen lernen wir."),
        ("Der Wert ist 0.05 und Kapitel 1.2.", "Der Wert ist null Komma null fünf und Kapitel eins Punkt zwei."),
        ("Im Verhältnis 1:2:1 mischen.", "Im Verhältnis eins zu zwei zu eins mischen."),
    ],
    "telephone": [
        (
            "Tel.: 030 / 123 456.",
            "Telefon: null drei null, eins zwei drei, vier fünf sechs.",
        ),  # an area code in brackets or before a slash
        (
            "Der Notruf 112 hilft.",
            "Der Notruf eins eins zwei hilft.",
        ),  # a service number after a word of calling, else a number
        (
            "Es waren 110 Leute.",
            "Es waren hundertzehn Leute.",
        ),  # a service number after a word of calling, else a number
        ("(0411) 1234-1234", "null vier eins eins, eins zwei drei vier, eins zwei drei vier"),  # issue 23
        ("Ruf an: 030 1234567.", "Ruf an: null drei null, eins zwei drei, vier fünf sechs sieben."),
        (
            "Tel.: +49 30 12345678",
            "Telefon: plus neunundvierzig, drei null, eins zwei drei vier, fünf sechs sieben acht",
        ),
        ("Mobil: 0171 2345678", "Mobil: null eins sieben eins, zwei drei vier, fünf sechs sieben acht"),
        (
            "Die Hotline 0800 123 456 ist frei.",
            "Die Hotline null acht null null, eins zwei drei, vier fünf sechs ist frei.",
        ),
        ("Fax: 089/123456", "Fax: null acht neun, eins zwei drei, vier fünf sechs"),
        ("+49 (0)89 12 34 56", "plus neunundvierzig, acht neun, eins zwei, drei vier, fünf sechs"),
        ("Telefon 040-555 66 77", "Telefon null vier null, fünf fünf fünf, sechs sechs, sieben sieben"),
        ("(0411) 0234-1234", "null vier eins eins, null zwei drei vier, eins zwei drei vier"),
        ("+41 44 123 45 67", "plus einundvierzig, vier vier, eins zwei drei, vier fünf, sechs sieben"),
        ("Rufen Sie 0221 98765 an.", "Rufen Sie null zwei zwei eins, neun acht, sieben sechs fünf an."),
    ],
    "electronic": [
        ("Schreib an info@beispiel.de.", "Schreib an info at beispiel Punkt de."),
        ("Mehr auf www.beispiel.de/kontakt.", "Mehr auf beispiel Punkt de Schrägstrich kontakt."),
        (
            "Die Seite https://shop.example.com/hilfe hilft.",
            "Die Seite shop Punkt example Punkt com Schrägstrich hilfe hilft.",
        ),
        ("Mail an anna.berg@firma.com schicken.", "Mail an anna Punkt berg at firma Punkt com schicken."),
        ("Besuche beispiel.de heute.", "Besuche beispiel Punkt de heute."),
        ("Das steht auf beispiel.at.", "Das steht auf beispiel Punkt at."),
        ("Die Seite bund.admin.ch hilft.", "Die Seite bund Punkt admin Punkt ch hilft."),
        ("Kontakt: max_muster@web.de", "Kontakt: max muster at web Punkt de"),
        (
            "Siehe de.wikipedia.org/wiki/Brot.",
            "Siehe de Punkt wikipedia Punkt org Schrägstrich wiki Schrägstrich Brot.",
        ),
        ("Anmeldung über kurs-anmeldung@schule.de.", "Anmeldung über kurs anmeldung at schule Punkt de."),
    ],
    "abbreviation": [
        ("Es gibt z. B. Brot.", "Es gibt zum Beispiel Brot."),
        ("Das gilt u. a. für Kinder.", "Das gilt unter anderem für Kinder."),
        ("Wir kaufen Mehl, Salz usw.", "Wir kaufen Mehl, Salz und so weiter."),
        ("Das ist bzw. war richtig.", "Das ist beziehungsweise war richtig."),
        ("Das war im 19. Jh. üblich.", "Das war im neunzehnten Jahrhundert üblich."),
        ("Er kam ca. 5 Min. zu spät.", "Er kam circa fünf Minuten zu spät."),
        ("Das gilt v. a. im Winter.", "Das gilt vor allem im Winter."),
        ("Sie ist geb. 1950 in Wien.", "Sie ist geboren neunzehnhundertfünfzig in Wien."),
        ("Siehe Abb. 3.", "Siehe Abbildung drei."),
        ("Es kommt z.b. morgen.", "Es kommt zum Beispiel morgen."),
        ("Ggf. später.", "Gegebenenfalls später."),
        ("Das kostet inkl. MwSt. 10 €.", "Das kostet inklusive Mehrwertsteuer zehn Euro."),
        ("Geöffnet Mo.–Fr.", "Geöffnet Montag bis Freitag."),
        ("Im Jahr 800 n. Chr. war das so.", "Im Jahr achthundert nach Christus war das so."),
        ("Das regelt Art. 5 Abs. 2.", "Das regelt Artikel fünf Absatz zwei."),
        ("Nach § 3 gilt das.", "Nach Paragraf drei gilt das."),
    ],
    "roman": [
        ("Ludwig XIV. war König von Frankreich.", "Ludwig der Vierzehnte war König von Frankreich."),
        ("Unter Ludwig XIV. wuchs Paris.", "Unter Ludwig dem Vierzehnten wuchs Paris."),
        ("Heinrich VIII. hatte sechs Frauen.", "Heinrich der Achte hatte sechs Frauen."),
        ("Papst Johannes XXIII. lud ein.", "Papst Johannes der Dreiundzwanzigste lud ein."),
        ("Das geschah im XIX. Jahrhundert.", "Das geschah im neunzehnten Jahrhundert."),
        ("Lies Kapitel IV genau.", "Lies Kapitel vier genau."),
        ("Teil II erscheint bald.", "Teil zwei erscheint bald."),
        ("Friedrich II. von Preußen regierte.", "Friedrich der Zweite von Preußen regierte."),
        ("Er sprach mit Karl V. allein.", "Er sprach mit Karl dem Fünften allein."),
        ("Elisabeth II. starb 2022.", "Elisabeth die Zweite starb zweitausendzweiundzwanzig."),
        ("Band III ist vergriffen.", "Band drei ist vergriffen."),
        ("Im III. Akt stirbt er.", "Im dritten Akt stirbt er."),
        ("König war Ludwig XIV.", "König war Ludwig der Vierzehnte."),
    ],
    "percent": [
        ("75 % der Teilnehmer", "fünfundsiebzig Prozent der Teilnehmer"),
        ("Die Quote stieg auf 4,5 %.", "Die Quote stieg auf vier Komma fünf Prozent."),
        ("Nur 1 % fehlt.", "Nur ein Prozent fehlt."),
        ("Der Kurs fiel um -3 %.", "Der Kurs fiel um minus drei Prozent."),
        ("Das Hemd ist aus 100% Baumwolle.", "Das Hemd ist aus hundert Prozent Baumwolle."),
        ("Er hatte 0,5 ‰.", "Er hatte null Komma fünf Promille."),
        ("Es gibt 20 % Rabatt.", "Es gibt zwanzig Prozent Rabatt."),
        ("Das liegt zwischen 5 % und 10 %.", "Das liegt zwischen fünf Prozent und zehn Prozent."),
        ("Es sind 12,75%.", "Es sind zwölf Komma sieben fünf Prozent."),
        ("Die Steuer beträgt 19 %.", "Die Steuer beträgt neunzehn Prozent."),
        ("Milch mit 1 % Fett.", "Milch mit einem Prozent Fett."),
    ],
    "minus": [
        ("Es hat -5 °C.", "Es hat minus fünf Grad Celsius."),
        ("Nachts sind es −12 Grad.", "Nachts sind es minus zwölf Grad."),
        ("7 − 3 = 4", "sieben minus drei gleich vier"),
        ("Der Stand: -1.200,50 €", "Der Stand: minus tausendzweihundert Euro fünfzig"),
        ("Es fiel auf -0,5 Grad.", "Es fiel auf minus null Komma fünf Grad."),
        ("Das Ergebnis ist -7.", "Das Ergebnis ist minus sieben."),
        ("Es sind –3 Punkte.", "Es sind minus drei Punkte."),
        ("Höhe: -20 m", "Höhe: minus zwanzig Meter"),
        ("Zwischen -10 und +10 Grad.", "Zwischen minus zehn und plus zehn Grad."),
        ("10 - 4 = 6", "zehn minus vier gleich sechs"),
        ("Die Zahl -1 ist negativ.", "Die Zahl minus eins ist negativ."),
        ("2 + 2 = 4", "zwei plus zwei gleich vier"),
    ],
}

REGIONAL = [
    ("de-AT", "Am 3. Jänner ist Schule.", "Am dritten Jänner ist Schule."),
    ("de-AT", "Das war am 03.01.2024.", "Das war am dritten Jänner zweitausendvierundzwanzig."),
    ("de-AT", "Wir fahren am 6. Januar.", "Wir fahren am sechsten Januar."),
    ("de-AT", "Es hat 30 Grad.", "Es hat dreißig Grad."),
    ("de-CH", "Es waren 30 Leute.", "Es waren dreissig Leute."),
    ("de-CH", "Das kostet CHF 1'250.", "Das kostet tausendzweihundertfünfzig Franken."),
    ("de-CH", "Die Strasse ist 3 ft breit.", "Die Strasse ist drei Fuss breit."),
    ("de-CH", "Am 3. Januar.", "Am dritten Januar."),
    ("de-DE", "Es waren 30 Leute.", "Es waren dreißig Leute."),
    ("de-DE", "Am 3. Jänner.", "Am dritten Jänner."),
    ("de-DE", "Das war am 03.01.2024.", "Das war am dritten Januar zweitausendvierundzwanzig."),
]

TABLE = [(TAG, kind, written, said) for kind, pairs in CASES.items() for written, said in pairs] + [
    (tag, "regional", written, said) for tag, written, said in REGIONAL
]


def test_every_class_has_ten_cases():
    assert {kind: len(pairs) >= 10 for kind, pairs in CASES.items()} == dict.fromkeys(CASES, True)


@pytest.mark.parametrize(("tag", "kind", "written", "said"), TABLE, ids=[f"{c[1]}-{c[2]}" for c in TABLE])
def test_read_as_a_narrator_reads(tag: str, kind: str, written: str, said: str):
    assert spoken(written, None, tag) == said
