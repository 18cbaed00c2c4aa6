"""Italian read as a careful narrator reads it, one table per semiotic class (issue 23).

Conventions: Treccani and the Accademia della Crusca (numbers written as one word, "un mezzo",
"tre quarti", ordinals "21°", "1ª", Roman numerals read as ordinals: "Luigi XIV" → "Luigi
quattordicesimo", "XIX secolo" → "diciannovesimo secolo"; "alle 17.30" a time; telephone numbers
digit by digit in their groups). Every sentence here was written for this table.
"""

from __future__ import annotations

import pytest

from narrate.text.normalize import spoken

TAG = "it"

CASES: dict[str, list[tuple[str, str]]] = {
    "cardinal": [
        ("Al concerto c'erano 1.000 persone.", "Al concerto c'erano mille persone."),
        (
            "La regione ha 2.345.678 abitanti.",
            "La regione ha due milioni e trecentoquarantacinquemilaseicentosettantotto abitanti.",
        ),
        ("Mio nonno ha 80 anni.", "Mio nonno ha ottanta anni."),
        ("Ho letto 33 libri.", "Ho letto trentatré libri."),
        ("Il termometro segna -15 stamattina.", "Il termometro segna meno quindici stamattina."),
        ("Il numero 0 è pari.", "Il numero zero è pari."),
        ("Sono iscritti 100 studenti.", "Sono iscritti cento studenti."),
        ("Vivono qui 1.500.000 persone.", "Vivono qui un milione e cinquecentomila persone."),
        ("Lo stadio ha 45 000 posti.", "Lo stadio ha quarantacinquemila posti."),
        ("Ne restano 99 nella scatola.", "Ne restano novantanove nella scatola."),
        ("Il 2023 è stato un anno lungo.", "Il duemilaventitré è stato un anno lungo."),
        ("Ho aspettato 1 ora e 1 settimana.", "Ho aspettato un'ora e una settimana."),
        ("Abbiamo aspettato 1 giorno.", "Abbiamo aspettato un giorno."),
        ("La biblioteca conserva 1.234 manoscritti.", "La biblioteca conserva milleduecentotrentaquattro manoscritti."),
    ],
    "ordinal": [
        ("Siamo nel 21° secolo.", "Siamo nel ventunesimo secolo."),
        ("Viaggio in 1ª classe.", "Viaggio in prima classe."),
        ("Ha vinto il 2º premio.", "Ha vinto il secondo premio."),
        ("È arrivato al 3° posto.", "È arrivato al terzo posto."),
        ("È la 10ª edizione della fiera.", "È la decima edizione della fiera."),
        ("Festeggiamo il 100° anniversario.", "Festeggiamo il centesimo anniversario."),
        ("Abita al 33° piano.", "Abita al trentatreesimo piano."),
        ("Leggi il 4° capitolo.", "Leggi il quarto capitolo."),
        ("È la 3ª volta che lo dico.", "È la terza volta che lo dico."),
        ("Gira alla 5ª strada.", "Gira alla quinta strada."),
        ("È il 18° giorno di pioggia.", "È il diciottesimo giorno di pioggia."),
    ],
    "decimal": [
        (
            "Leggi il capitolo 3.2.",
            "Leggi il capitolo tre punto due.",
        ),  # a version or section number, said with its dots
        ("Servono 3,5 litri.", "Servono tre virgola cinque litri."),
        ("Il valore è 0,75.", "Il valore è zero virgola settantacinque."),
        ("La tavola misura 2,05 metri.", "La tavola misura due virgola zero cinque metri."),
        ("Pi greco vale 3,14159.", "Pi greco vale tre virgola uno quattro uno cinque nove."),
        ("Il totale è 1.234,56.", "Il totale è milleduecentotrentaquattro virgola cinquantasei."),
        ("La media è 7,5.", "La media è sette virgola cinque."),
        ("Il valore letto è 17.06 oggi.", "Il valore letto è diciassette virgola zero sei oggi."),
        ("Pesa 0,125 chili.", "Pesa zero virgola centoventicinque chili."),
        ("Il saldo è -2,5.", "Il saldo è meno due virgola cinque."),
        ("Il prodotto cresce dell'1,2 annuo.", "Il prodotto cresce dell'uno virgola due annuo."),
        ("Il rapporto è 12,345.", "Il rapporto è dodici virgola trecentoquarantacinque."),
    ],
    "fraction": [
        ("La risposta è 1/2.", "La risposta è un mezzo."),
        ("Ha ottenuto i 3/4 dei voti.", "Ha ottenuto i tre quarti dei voti."),
        ("Un terzo si scrive 1/3.", "Un terzo si scrive un terzo."),
        ("Servono 5/8 della corda.", "Servono cinque ottavi della corda."),
        ("Sono arrivati 2/3 degli studenti.", "Sono arrivati due terzi degli studenti."),
        ("Aggiungi 1/4 di latte.", "Aggiungi un quarto di latte."),
        ("Il risultato è 2 1/2.", "Il risultato è due e mezzo."),
        ("Ha preso 7/10 nel compito.", "Ha preso sette decimi nel compito."),
        ("Ne ha letto 4/5.", "Ne ha letto quattro quinti."),
        ("Un centesimo si scrive 1/100.", "Un centesimo si scrive un centesimo."),
        ("Ha mangiato ¾ della torta.", "Ha mangiato tre quarti della torta."),
        ("Ha preso il 2/3 dei voti.", "Ha preso il due terzi dei voti."),
        ("Il risultato è 1 1/3.", "Il risultato è uno e un terzo."),
    ],
    "date": [
        ("Il 1° gennaio 2024 era lunedì.", "Il primo gennaio duemilaventiquattro era lunedì."),
        ("È nato il 25/12/1990.", "È nato il venticinque dicembre millenovecentonovanta."),
        (
            "La riunione del 2024-06-17 è annullata.",
            "La riunione del diciassette giugno duemilaventiquattro è annullata.",
        ),
        ("Il 17.06.2024 piove.", "Il diciassette giugno duemilaventiquattro piove."),
        ("Ci vediamo il 17/06.", "Ci vediamo il diciassette giugno."),
        ("Dal 10 al 12 marzo siamo chiusi.", "Dal dieci al dodici marzo siamo chiusi."),
        ("Il 2 giugno 1946 si votò.", "Il due giugno millenovecentoquarantasei si votò."),
        ("Consegna entro il 31 agosto.", "Consegna entro il trentuno agosto."),
        ("L'8 settembre 1943 cambiò tutto.", "L'otto settembre millenovecentoquarantatré cambiò tutto."),
        ("Il 1 maggio è festa.", "Il primo maggio è festa."),
        ("Ci vediamo il 5.11.", "Ci vediamo il cinque novembre."),
    ],
    "time": [
        ("Arriviamo alle 9 h.", "Arriviamo alle nove."),  # "9 h" after a word of the clock: a time of day
        ("La gita dura 1 h 40 min.", "La gita dura un'ora quaranta minuti."),  # a duration, not a clock time
        ("Alle 14:30.", "Alle quattordici e trenta."),
        ("Il negozio apre alle 9:00.", "Il negozio apre alle nove."),
        ("Il locale chiude all'1:00.", "Il locale chiude all'una."),
        ("Il film finisce alle 24:45.", "Il film finisce alle ventiquattro e quarantacinque."),
        ("Ci vediamo alle 17.30.", "Ci vediamo alle diciassette e trenta."),
        ("Dalle 8:15 alle 12:00.", "Dalle otto e quindici alle dodici."),
        ("Sono le 21:05.", "Sono le ventuno e cinque."),
        ("Il treno parte alle 0:30.", "Il treno parte alle zero e trenta."),
        ("Alle 13:00 si mangia.", "Alle tredici si mangia."),
        ("Prendo il treno delle 6:45.", "Prendo il treno delle sei e quarantacinque."),
        ("La lezione inizia alle ore 18.00.", "La lezione inizia alle ore diciotto."),
    ],
    "money": [
        (
            "Il pane costa 2,40 euro.",
            "Il pane costa due euro e quaranta centesimi.",
        ),  # an amount before the currency's name
        ("Costa 2,50 €.", "Costa due euro e cinquanta centesimi."),
        ("Il biglietto costa 1 €.", "Il biglietto costa un euro."),
        ("Restano 0,50 € in cassa.", "Restano cinquanta centesimi in cassa."),
        ("Il bilancio è di 3.000.000 €.", "Il bilancio è di tre milioni di euro."),
        ("Ha pagato 15 $ per il libro.", "Ha pagato quindici dollari per il libro."),
        ("Il caffè costa 1,20 €.", "Il caffè costa un euro e venti centesimi."),
        ("Mi deve 5 £.", "Mi deve cinque sterline."),
        ("Il menù costa € 25.", "Il menù costa venticinque euro."),
        ("L'affitto è di 1.200 €.", "L'affitto è di milleduecento euro."),
        ("Il premio vale 1.000.000 $.", "Il premio vale un milione di dollari."),
        ("Costa 4,20 CHF.", "Costa quattro franchi e venti centesimi."),
        ("Il conto segna -20 €.", "Il conto segna meno venti euro."),
    ],
    "measure": [
        ("Pesa ~3 kg.", "Pesa circa tre chilogrammi."),  # a sign by a number, in words
        ("Il capitolo 2 l'ha spiegato.", "Il capitolo due l'ha spiegato."),  # an elided l' is no litre
        ("Fuori ci sono 30° all'ombra.", "Fuori ci sono trenta gradi all'ombra."),
        ("L'auto va a 60 mph.", "L'auto va a sessanta miglia orarie."),
        ("Il sentiero è lungo 5 mi.", "Il sentiero è lungo cinque miglia."),
        ("Servono 8 oz di farina.", "Servono otto once di farina."),
        ("Il pacco pesa 2 lb.", "Il pacco pesa due libbre."),
        ("La cellula misura 10 µm.", "La cellula misura dieci micrometri."),
        ("La stanza è di 20 m².", "La stanza è di venti metri quadrati."),
        ("La cisterna contiene 3 m³.", "La cisterna contiene tre metri cubi."),
        ("La chiavetta ha 64 GB.", "La chiavetta ha sessantaquattro gigabyte."),
        ("La pressione è di 1.013 hPa.", "La pressione è di milletredici ettopascal."),
        ("Ha 98,6 °F di febbre.", "Ha novantotto virgola sei gradi Fahrenheit di febbre."),
        ("Aggiungi 25 cl di latte.", "Aggiungi venticinque centilitri di latte."),
        ("Il campo misura 2 ha.", "Il campo misura due ettari."),
        ("Il camion porta 1 t di sabbia.", "Il camion porta una tonnellata di sabbia."),
    ],
    "range": [
        ("Servono 10-15 minuti.", "Servono da dieci a quindici minuti."),
        ("Verranno tra 10-15 persone.", "Verranno tra dieci e quindici persone."),
        ("Vedi pp. 4-6.", "Vedi pagine da quattro a sei."),
        ("Tra 10 e 15 anni.", "Tra dieci e quindici anni."),
        ("Dal 1915 al 1918.", "Dal millenovecentoquindici al millenovecentodiciotto."),
        ("Domani 20-25 °C.", "Domani da venti a venticinque gradi Celsius."),
        ("Servono 2-3 giorni.", "Servono da due a tre giorni."),
        ("Aperto 9-13.", "Aperto da nove a tredici."),
        ("Il Milan ha vinto 2-1.", "Il Milan ha vinto due a uno."),
        ("Per ragazzi di 18–25 anni.", "Per ragazzi di diciotto-venticinque anni."),
        ("Un aumento del 5-10 %.", "Un aumento del cinque-dieci per cento."),
        ("Aperto dalle 9:00-12:30.", "Aperto dalle nove alle dodici e trenta."),
    ],
    "telephone": [
        ("Chiama il 112.", "Chiama il uno uno due."),  # a service number after a word of calling, else a number
        ("Chiama lo 06 1234 5678.", "Chiama lo zero sei, uno due tre quattro, cinque sei sette otto."),
        (
            "Il mio cellulare è 347 123 4567.",
            "Il mio cellulare è tre quattro sette, uno due tre, quattro cinque sei sette.",
        ),
        (
            "Dall'estero: +39 02 1234 5678.",
            "Dall'estero: più trentanove, zero due, uno due tre quattro, cinque sei sette otto.",
        ),
        ("Tel. 055 123456", "Telefono zero cinque cinque, uno due tre quattro cinque sei"),
        ("Numero verde 800 123 456.", "Numero verde otto zero zero, uno due tre, quattro cinque sei."),
        ("Chiamate il 345 678 9012.", "Chiamate il tre quattro cinque, sei sette otto, nove zero uno due."),
        ("Lo 011 765 4321 è di Torino.", "Lo zero uno uno, sette sei cinque, quattro tre due uno è di Torino."),
        ("Chiama lo 081-555-1234.", "Chiama lo zero otto uno, cinque cinque cinque, uno due tre quattro."),
        (
            "Scrivi al +39 333 1234567.",
            "Scrivi al più trentanove, tre tre tre, uno due tre quattro cinque sei sette.",
        ),
        ("Il fisso è 02 8765 4321.", "Il fisso è zero due, otto sette sei cinque, quattro tre due uno."),
    ],
    "electronic": [
        ("Scrivi a mario.rossi@esempio.it.", "Scrivi a mario punto rossi chiocciola esempio punto it."),
        ("Visita www.esempio.it.", "Visita esempio punto it."),
        (
            "Il sito https://www.comune.roma.it/servizi è utile.",
            "Il sito comune punto roma punto it barra servizi è utile.",
        ),
        ("Contatto: segreteria@scuola.org", "Contatto: segreteria chiocciola scuola punto org"),
        ("Vedi esempio.com/aiuto/faq.", "Vedi esempio punto com barra aiuto barra faq."),
        ("La mail è info@museo.it.", "La mail è info chiocciola museo punto it."),
        ("Vai su http://meteo.it/roma.", "Vai su meteo punto it barra roma."),
        ("Scrivi a anna_bianchi@posta.net.", "Scrivi a anna bianchi chiocciola posta punto net."),
        ("Il codice è su github.com/narrate.", "Il codice è su github punto com barra narrate."),
        ("Leggi www.treccani.it/vocabolario.", "Leggi treccani punto it barra vocabolario."),
    ],
    "abbreviation": [
        ("Arriva il dott. Rossi.", "Arriva il dottor Rossi."),
        ("Parla la dott.ssa Bianchi.", "Parla la dottoressa Bianchi."),
        ("Il sig. Verdi è qui.", "Il signor Verdi è qui."),
        ("La sig.ra Neri è qui.", "La signora Neri è qui."),
        ("Saluta la sig.na Gialli.", "Saluta la signorina Gialli."),
        ("Ha chiamato l'avv. Russo.", "Ha chiamato l'avvocato Russo."),
        ("È arrivato l'ing. Ferrari.", "È arrivato l'ingegner Ferrari."),
        ("Compra pane, latte ecc. per domani.", "Compra pane, latte eccetera per domani."),
        ("Porta la frutta, p.es. le mele.", "Porta la frutta, per esempio le mele."),
        ("Lavora in una S.p.A. di Milano.", "Lavora in una società per azioni di Milano."),
        ("Augusto morì nel 14 d.C. a Nola.", "Augusto morì nel quattordici dopo Cristo a Nola."),
        ("Nel 100 a.C. nacque Cesare.", "Nel cento avanti Cristo nacque Cesare."),
        ("Per i dettagli cfr. il manuale.", "Per i dettagli confronta il manuale."),
    ],
    "roman": [
        ("Luigi XIV regnò a lungo.", "Luigi quattordicesimo regnò a lungo."),
        ("Nel XIX secolo tutto cambia.", "Nel diciannovesimo secolo tutto cambia."),
        ("Papa Giovanni XXIII era amato.", "Papa Giovanni ventitreesimo era amato."),
        ("Vittorio Emanuele II fu re.", "Vittorio Emanuele secondo fu re."),
        ("Leggi il capitolo V.", "Leggi il capitolo quinto."),
        ("Atto III, scena 2.", "Atto terzo, scena due."),
        ("Nel XV secolo nasce la stampa.", "Nel quindicesimo secolo nasce la stampa."),
        ("Napoleone III perse.", "Napoleone terzo perse."),
        ("Carlo V regnava ovunque.", "Carlo quinto regnava ovunque."),
        ("Enrico VIII ebbe sei mogli.", "Enrico ottavo ebbe sei mogli."),
        ("All'inizio del XXI secolo.", "All'inizio del ventunesimo secolo."),
        ("Prendi la vitamina C.", "Prendi la vitamina C."),
    ],
    "percent": [
        ("Il 75 % dei panettieri.", "Il settantacinque per cento dei panettieri."),
        ("Cresce dell'1,5 %.", "Cresce dell'uno virgola cinque per cento."),
        ("Le vendite calano del -3 %.", "Le vendite calano del meno tre per cento."),
        ("Il succo è 100% naturale.", "Il succo è cento per cento naturale."),
        ("Il tasso è dello 0,5 %.", "Il tasso è dello zero virgola cinque per cento."),
        ("Succede nel 50% dei casi.", "Succede nel cinquanta per cento dei casi."),
        ("Manca l'1 % dei voti.", "Manca l'uno per cento dei voti."),
        ("Il tasso alcolemico è 5 ‰.", "Il tasso alcolemico è cinque per mille."),
        ("Un aumento del 12,75 %.", "Un aumento del dodici virgola settantacinque per cento."),
        ("Ha preso il 21 % dei voti.", "Ha preso il ventuno per cento dei voti."),
    ],
    "minus": [
        ("Fa -5 °C stamattina.", "Fa meno cinque gradi Celsius stamattina."),
        ("Il saldo è −12.", "Il saldo è meno dodici."),
        ("Calcola 8 − 3.", "Calcola otto meno tre."),
        ("Il debito è di -250 €.", "Il debito è di meno duecentocinquanta euro."),
        ("La temperatura è di –4 gradi.", "La temperatura è di meno quattro gradi."),
        ("L'acqua gela a -0,5 °C qui.", "L'acqua gela a meno zero virgola cinque gradi Celsius qui."),
        ("Il risultato è -1.", "Il risultato è meno uno."),
        ("Il livello è a −20 m.", "Il livello è a meno venti metri."),
        ("Da -10 a 10 gradi.", "Da meno dieci a dieci gradi."),
        ("Si trova x = −2.", "Si trova x = meno due."),
        ("Un calo del −3,5 % a marzo.", "Un calo del meno tre virgola cinque per cento a marzo."),
    ],
}

ALL = [(cls, written, said) for cls, pairs in CASES.items() for written, said in pairs]


def test_every_class_has_at_least_ten_cases():
    assert {cls: len(pairs) >= 10 for cls, pairs in CASES.items()} == dict.fromkeys(CASES, True)


@pytest.mark.parametrize(("cls", "written", "said"), ALL, ids=[f"{c}-{w}" for c, w, _ in ALL])
def test_italian_class(cls: str, written: str, said: str):
    assert spoken(written, None, TAG) == said
