"""Portuguese read as a careful narrator reads it, one table per semiotic class (issue 23).

Each case is a short sentence of our own, written → spoken, checked through the public normaliser
(``narrate.text.normalize.spoken(written, None, tag)``). The conventions are those of the
grammars and the Priberam and ABL references: numbers agree in gender with the noun they count
("duzentas milhas", "vinte e uma pessoas", "duas semanas", but "duzentos gramas"), hours are
feminine ("à uma hora", "às duas horas"), "um milhão de", fractions by their denominators
("um terço", "três quartos", "sete doze avos"), regnal numbers ordinal up to ten ("Pedro segundo",
"Luís catorze"). ``pt`` is European Portuguese ("quilómetro", "dezasseis", "cêntimos");
``REGIONS`` holds Brazil's forms ("quilômetro", "dezesseis", "primeiro de janeiro", "meia" for a
six in a telephone number, "bilhão").
"""

from __future__ import annotations

import pytest

from narrate.text.normalize import spoken

TAG = "pt"

CASES: dict[str, list[tuple[str, str]]] = {
    "cardinal": [
        ("1 000", "mil"),
        ("Há 1 000 alunos.", "Há mil alunos."),
        ("A cidade tem 2.500 habitantes.", "A cidade tem dois mil e quinhentos habitantes."),
        ("Vieram 10 000 pessoas.", "Vieram dez mil pessoas."),
        ("O país tem 1 000 000 de habitantes.", "O país tem um milhão de habitantes."),
        ("Tenho 21 anos.", "Tenho vinte e um anos."),
        ("Vieram 21 pessoas.", "Vieram vinte e uma pessoas."),
        ("O livro tem 200 páginas.", "O livro tem duzentas páginas."),
        ("Falta 1 semana.", "Falta uma semana."),
        ("Ficou 2 dias.", "Ficou dois dias."),
        ("Esperou 2 semanas.", "Esperou duas semanas."),
        ("Tem 16 anos.", "Tem dezasseis anos."),
        ("Foram 2 000 pessoas.", "Foram duas mil pessoas."),
        ("Li 500 palavras.", "Li quinhentas palavras."),
        ("Tentou 2 vezes.", "Tentou duas vezes."),
        ("Em 2021 choveu muito.", "Em dois mil e vinte e um choveu muito."),
        ("Leia o capítulo 2 hoje.", "Leia o capítulo dois hoje."),
    ],
    "ordinal": [
        ("Mora no 2.º andar.", "Mora no segundo andar."),
        ("É a 3.ª vez.", "É a terceira vez."),
        ("Chegou em 1.º lugar.", "Chegou em primeiro lugar."),
        ("Tentou pela 21.ª vez.", "Tentou pela vigésima primeira vez."),
        ("Leia o 11.º capítulo.", "Leia o décimo primeiro capítulo."),
        ("É a 12.ª edição.", "É a décima segunda edição."),
        ("Festejam o 20.º aniversário.", "Festejam o vigésimo aniversário."),
        ("Vimos o 100.º episódio.", "Vimos o centésimo episódio."),
        ("Ficou em 4.º lugar.", "Ficou em quarto lugar."),
        ("A 1ª aula é hoje.", "A primeira aula é hoje."),
        ("É o 40.º aniversário.", "É o quadragésimo aniversário."),
        ("É o 5º dia.", "É o quinto dia."),
        ("Está 30° lá fora.", "Está trinta graus lá fora."),
    ],
    "decimal": [
        ("Leia o capítulo 3.2.", "Leia o capítulo três ponto dois."),  # a version or section number, said with its dots
        ("Mede 3,5 metros.", "Mede três vírgula cinco metros."),
        ("O valor é 0,25.", "O valor é zero vírgula vinte e cinco."),
        ("Pi vale 3,14159.", "Pi vale três vírgula um quatro um cinco nove."),
        ("Subiu 1,5 pontos.", "Subiu um vírgula cinco pontos."),
        ("A média é 7,8.", "A média é sete vírgula oito."),
        ("Subiu 2,05 pontos.", "Subiu dois vírgula zero cinco pontos."),
        ("Pesa 1.250,75 toneladas.", "Pesa mil duzentos e cinquenta vírgula setenta e cinco toneladas."),
        ("Errou por -0,3 graus.", "Errou por menos zero vírgula três graus."),
        ("A taxa é 0,125.", "A taxa é zero vírgula cento e vinte e cinco."),
        ("Corre 12,5 km.", "Corre doze vírgula cinco quilómetros."),
        ("Mede 3.5 metros.", "Mede três vírgula cinco metros."),
    ],
    "fraction": [
        ("1/3", "um terço"),
        ("Comi 1/3 do bolo.", "Comi um terço do bolo."),
        ("Junte 1/2 chávena de leite.", "Junte meia chávena de leite."),
        ("Use 3/4 da farinha.", "Use três quartos da farinha."),
        ("Percorreu 5/8 do caminho.", "Percorreu cinco oitavos do caminho."),
        ("Só 2/3 passaram.", "Só dois terços passaram."),
        ("Falta 1/4 de hora.", "Falta um quarto de hora."),
        ("É 1/10 do total.", "É um décimo do total."),
        ("Beba 1/2 litro.", "Beba meio litro."),
        ("Multiplique por 2 1/2.", "Multiplique por dois e meio."),
        ("Junte 7/12 da água.", "Junte sete doze avos da água."),
        ("Ganhou 3/100 da venda.", "Ganhou três centésimos da venda."),
        ("Compre 1/2 kg de uvas.", "Compre meio quilograma de uvas."),
        ("Junte 3/4 chávena de açúcar.", "Junte três quartos de chávena de açúcar."),
    ],
    "date": [
        ("Nasceu a 1 janeiro.", "Nasceu a um de janeiro."),
        ("Chegou a 3 de maio de 2024.", "Chegou a três de maio de dois mil e vinte e quatro."),
        ("O prazo acaba a 15/03/2025.", "O prazo acaba a quinze de março de dois mil e vinte e cinco."),
        ("Publicado em 2023-11-07.", "Publicado em sete de novembro de dois mil e vinte e três."),
        ("É o 1.º de maio.", "É o primeiro de maio."),
        (
            "A revolução foi a 25 de abril de 1974.",
            "A revolução foi a vinte e cinco de abril de mil novecentos e setenta e quatro.",
        ),
        ("Até 31 de dezembro.", "Até trinta e um de dezembro."),
        ("Em 1999 mudou de casa.", "Em mil novecentos e noventa e nove mudou de casa."),
        ("O exame é a 5-6-2024.", "O exame é a cinco de junho de dois mil e vinte e quatro."),
        ("Desde 1 de janeiro de 2000.", "Desde um de janeiro de dois mil."),
        ("Foi a 7 setembro 1822.", "Foi a sete de setembro de mil oitocentos e vinte e dois."),
    ],
    "time": [
        ("A trilha dura 1 h 20 min.", "A trilha dura uma hora vinte minutos."),  # a duration, not a clock time
        ("1:00", "uma hora"),
        ("A aula começa à 1:00.", "A aula começa à uma hora."),
        ("Abrimos às 9:00.", "Abrimos às nove horas."),
        ("Às 14:30.", "Às catorze e trinta."),
        ("Sai às 7:15.", "Sai às sete e quinze."),
        ("São 13:45.", "São treze e quarenta e cinco."),
        ("Fecha às 21:00.", "Fecha às vinte e uma horas."),
        ("Termina às 12:05.", "Termina às doze e cinco."),
        ("É 1:30.", "É uma e meia."),
        ("Chega às 2:00.", "Chega às duas horas."),
        ("Sai às 22:10.", "Sai às vinte e duas e dez."),
        ("Abre às 2.", "Abre às duas."),
        ("Abre das 9:00-14:00.", "Abre das nove horas às catorze horas."),
    ],
    "money": [
        (
            "O pão custa 2,40 reais.",
            "O pão custa dois reais e quarenta centavos.",
        ),  # an amount before the currency's name
        ("Custa 2,50 €.", "Custa dois euros e cinquenta cêntimos."),
        ("Custa 1 €.", "Custa um euro."),
        ("Custa 21 €.", "Custa vinte e um euros."),
        ("Pagou 0,50 €.", "Pagou cinquenta cêntimos."),
        ("Vale 1.000.000 €.", "Vale um milhão de euros."),
        ("Custa £200.", "Custa duzentas libras."),
        ("Custa R$ 5,00.", "Custa cinco reais."),
        ("Custa R$ 1,50.", "Custa um real e cinquenta centavos."),
        ("Custa R$ 2.000.", "Custa dois mil reais."),
        ("Custa $ 22.", "Custa vinte e dois dólares."),
        ("Custa 3,01 €.", "Custa três euros e um cêntimo."),
        ("Custa US$ 10.", "Custa dez dólares."),
    ],
    "measure": [
        ("São 10³ células.", "São dez elevado a três células."),  # a sign by a number, in words
        ("245 mph", "duzentas e quarenta e cinco milhas por hora"),
        ("Vai a 245 mph.", "Vai a duzentas e quarenta e cinco milhas por hora."),
        ("São 10 mi.", "São dez milhas."),
        ("Pesa 5 lb.", "Pesa cinco libras."),
        ("Junte 2 oz de queijo.", "Junte duas onças de queijo."),
        ("Mede 21 km.", "Mede vinte e um quilómetros."),
        ("Tome 500 mg por dia.", "Tome quinhentos miligramas por dia."),
        ("Está -5 °C lá fora.", "Está menos cinco graus Celsius lá fora."),
        ("A quinta tem 200 ha.", "A quinta tem duzentos hectares."),
        ("O apartamento tem 90 m².", "O apartamento tem noventa metros quadrados."),
        ("O depósito leva 3 m³.", "O depósito leva três metros cúbicos."),
        ("Gasta 2 kWh.", "Gasta dois quilowatts-hora."),
        ("Demora 2 h.", "Demora duas horas."),
        ("Pesa 200 g.", "Pesa duzentos gramas."),
        ("Carrega 2 t.", "Carrega duas toneladas."),
        ("Tem 100 kcal.", "Tem cem quilocalorias."),
        ("Mede 1 nm.", "Mede um nanómetro."),
    ],
    "range": [
        ("Coza 10-15 minutos.", "Coza dez a quinze minutos."),
        ("Têm entre 10-15 anos.", "Têm entre dez e quinze anos."),
        ("Leia as páginas 4–6.", "Leia as páginas quatro a seis."),
        ("Custa 20-30 €.", "Custa vinte a trinta euros."),
        ("Ganharam 3-1.", "Ganharam três a um."),
        ("Durma 7–8 horas.", "Durma sete a oito horas."),
        ("De 10 a 15 pessoas.", "De dez a quinze pessoas."),
        ("Entre 10 e 15 pessoas.", "Entre dez e quinze pessoas."),
        ("Em 10-20 % dos casos.", "Em dez a vinte por cento dos casos."),
        ("Os anos 1990-1995.", "Os anos mil novecentos e noventa a mil novecentos e noventa e cinco."),
        ("Espere 2-3 semanas.", "Espere duas a três semanas."),
    ],
    "telephone": [
        ("Ligue para o 912 345 678.", "Ligue para o nove um dois, três quatro cinco, seis sete oito."),
        ("Telefone: 212 345 678.", "Telefone: dois um dois, três quatro cinco, seis sete oito."),
        (
            "Ligue para +351 912 345 678.",
            "Ligue para mais três cinco um, nove um dois, três quatro cinco, seis sete oito.",
        ),
        ("O número de emergência é o 112.", "O número de emergência é o cento e doze."),
        ("Contacto: 800 200 300.", "Contacto: oito zero zero, dois zero zero, três zero zero."),
        ("Telemóvel: 961 234 567.", "Telemóvel: nove seis um, dois três quatro, cinco seis sete."),
        ("Ligue 217-654-321.", "Ligue dois um sete, seis cinco quatro, três dois um."),
        ("Fax: 213 456 789.", "Fax: dois um três, quatro cinco seis, sete oito nove."),
        ("Telefone: 22 05 12 34.", "Telefone: dois dois, zero cinco, doze, trinta e quatro."),
        ("Ligue para (21) 3456-7890.", "Ligue para vinte e um, três quatro cinco seis, sete oito nove zero."),
    ],
    "electronic": [
        ("Escreva para ana.silva@gmail.com", "Escreva para ana ponto silva arroba gmail ponto com"),
        ("Visite www.exemplo.pt/cursos", "Visite exemplo ponto pt barra cursos"),
        ("Veja https://www.gov.br/servicos", "Veja gov ponto br barra servicos"),
        ("Escreva a suporte@loja.com.br", "Escreva a suporte arroba loja ponto com ponto br"),
        ("Consulte wikipedia.org hoje.", "Consulte wikipedia ponto org hoje."),
        ("Siga http://exemplo.org/ajuda/faq", "Siga exemplo ponto org barra ajuda barra faq"),
        ("Mande a joao_pereira@uni.edu", "Mande a joao pereira arroba uni ponto edu"),
        ("Descarregue de github.com/narrate", "Descarregue de github ponto com barra narrate"),
        ("O correio é info@empresa.net.", "O correio é info arroba empresa ponto net."),
        ("Escreva a contacto@escola.pt", "Escreva a contacto arroba escola ponto pt"),
        ("a.bc@gmail.com", "a ponto bc arroba gmail ponto com"),
        ("Visite exemplo.pt hoje.", "Visite exemplo ponto pt hoje."),
    ],
    "abbreviation": [
        ("o dr.", "o doutor."),  # the final stop is also the sentence's
        ("Fala o dr. Silva.", "Fala o doutor Silva."),
        ("A Dra. Costa opera hoje.", "A doutora Costa opera hoje."),
        ("Cumprimente a sra. Gomes.", "Cumprimente a senhora Gomes."),
        ("Veja a pág. 5.", "Veja a página cinco."),
        ("Vieram aprox. 50 pessoas.", "Vieram aproximadamente cinquenta pessoas."),
        ("Leia o cap. 3 hoje.", "Leia o capítulo três hoje."),
        ("O art. 5 diz isso.", "O artigo cinco diz isso."),
        ("Mora na Av. da Liberdade.", "Mora na Avenida da Liberdade."),
        ("O n.º 7 ganhou.", "O número sete ganhou."),
        ("Nasceu em 300 a.C. em Roma.", "Nasceu em trezentos antes de Cristo em Roma."),
        ("Compre pão, leite, etc. e volte.", "Compre pão, leite, etcétera e volte."),
        ("O Prof. Lima chegou.", "O professor Lima chegou."),
    ],
    "roman": [
        ("João VI voltou a Lisboa.", "João sexto voltou a Lisboa."),
        ("Pedro II governou o Brasil.", "Pedro segundo governou o Brasil."),
        ("Vivemos no século XXI.", "Vivemos no século vinte e um."),
        ("Luís XIV reinou em França.", "Luís catorze reinou em França."),
        ("Maria II reinou em Portugal.", "Maria segunda reinou em Portugal."),
        ("Afonso X escreveu cantigas.", "Afonso décimo escreveu cantigas."),
        ("O papa João XXIII falou.", "O papa João vinte e três falou."),
        ("Bento XVI visitou Fátima.", "Bento dezasseis visitou Fátima."),
        ("Leia o capítulo IV.", "Leia o capítulo quatro."),
        ("É arte do século V.", "É arte do século quinto."),
        ("É um romance do século XIX.", "É um romance do século dezanove."),
        ("Tome vitamina C e D.", "Tome vitamina C e D."),
    ],
    "percent": [
        ("Passaram 50 % dos alunos.", "Passaram cinquenta por cento dos alunos."),
        ("Subiu 3,5 %.", "Subiu três vírgula cinco por cento."),
        ("Só 1 % falhou.", "Só um por cento falhou."),
        ("Caiu −2 %.", "Caiu menos dois por cento."),
        ("Vieram 75% dos alunos.", "Vieram setenta e cinco por cento dos alunos."),
        ("A taxa é 0,5 %.", "A taxa é zero vírgula cinco por cento."),
        ("Cresce 12 % ao ano.", "Cresce doze por cento ao ano."),
        ("Entre 10 e 20 %.", "Entre dez e vinte por cento."),
        ("Votou 21 % da turma.", "Votou vinte e um por cento da turma."),
        ("Acertou 100 % das perguntas.", "Acertou cem por cento das perguntas."),
        ("Subiu 2 %.", "Subiu dois por cento."),
    ],
    "minus": [
        ("Estão -5 graus.", "Estão menos cinco graus."),
        ("O saldo é −120 euros.", "O saldo é menos cento e vinte euros."),
        ("O resultado de 7 − 3 é 4.", "O resultado de sete menos três é quatro."),
        ("A cota é -0,5 m.", "A cota é menos zero vírgula cinco metros."),
        ("A −18 °C congela.", "A menos dezoito graus Celsius congela."),
        ("O eixo vai de -10 a 10.", "O eixo vai de menos dez a dez."),
        ("Uma variação de -3 %.", "Uma variação de menos três por cento."),
        ("Sobe para +5 graus.", "Sobe para mais cinco graus."),
        ("Deve −1 €.", "Deve menos um euro."),
        ("Está a -40 m.", "Está a menos quarenta metros."),
        ("Some 2 + 2 = 4.", "Some dois mais dois é igual a quatro."),
    ],
}

REGIONS: dict[str, list[tuple[str, str]]] = {
    "pt-BR": [
        ("Tem 16 anos.", "Tem dezesseis anos."),
        ("Mede 21 km.", "Mede vinte e um quilômetros."),
        ("Mede 1 nm.", "Mede um nanômetro."),
        ("Nasceu em 1 janeiro.", "Nasceu em primeiro de janeiro."),
        ("Ligue (11) 98765-4321.", "Ligue onze, nove oito sete meia cinco, quatro três dois um."),
        ("Custa $ 5,50.", "Custa cinco dólares e cinquenta centavos."),
        ("Há 2.000.000.000 de pessoas.", "Há dois bilhões de pessoas."),
        ("A cidade tem 1.250 casas.", "A cidade tem mil duzentas e cinquenta casas."),
        ("Em 1990 mudou.", "Em mil novecentos e noventa mudou."),
        ("Às 14h30.", "Às catorze e trinta."),
        ("Às 14h.", "Às catorze horas."),
        ("Bento XVI visitou Aparecida.", "Bento dezesseis visitou Aparecida."),
    ],
    "pt-PT": [
        ("Nasceu a 1 janeiro.", "Nasceu a um de janeiro."),
        ("Há 2.000.000.000 de pessoas.", "Há dois mil milhões de pessoas."),
        ("Mede 21 km.", "Mede vinte e um quilómetros."),
    ],
}

ALL = [(TAG, kind, w, s) for kind, pairs in CASES.items() for w, s in pairs] + [
    (tag, "region", w, s) for tag, pairs in REGIONS.items() for w, s in pairs
]


def test_every_class_has_at_least_ten_cases():
    assert {kind: len(pairs) >= 10 for kind, pairs in CASES.items()} == dict.fromkeys(CASES, True)


@pytest.mark.parametrize(("tag", "kind", "written", "said"), ALL, ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in ALL])
def test_spoken(tag: str, kind: str, written: str, said: str):
    assert spoken(written, None, tag) == said
