"""Spanish read as a careful narrator reads it, one table per semiotic class (issue 23).

Each case is a short sentence of our own, written → spoken, checked through the public normaliser
(``narrate.text.normalize.spoken(written, None, tag)``). The conventions are those of the RAE
(*Ortografía*, *Diccionario panhispánico de dudas*) and Fundéu: numbers agree in gender with the
noun they count ("doscientas millas", "veintiuna personas", "veintiún años"), hours are feminine
("la una"), "un millón de", fractions by their denominators ("un tercio", "tres cuartos",
"siete doceavos"), regnal numbers ordinal up to ten ("Felipe segundo", "Luis catorce").
``REGIONS`` holds what differs in Latin America (es-419, es-MX): "primero de enero", "$" = pesos.
"""

from __future__ import annotations

import pytest

from narrate.text.normalize import spoken

TAG = "es"

CASES: dict[str, list[tuple[str, str]]] = {
    "cardinal": [
        ("1 000", "mil"),  # issue 23: was "uno cero"
        ("Hay 1 000 alumnos.", "Hay mil alumnos."),
        ("La ciudad tiene 2.500 habitantes.", "La ciudad tiene dos mil quinientos habitantes."),
        ("Vinieron 10 000 personas.", "Vinieron diez mil personas."),
        ("El país tiene 1 000 000 de habitantes.", "El país tiene un millón de habitantes."),
        ("La región tiene 1.000.000 habitantes.", "La región tiene un millón de habitantes."),
        ("Tengo 21 años.", "Tengo veintiún años."),
        ("Asistieron 21 personas.", "Asistieron veintiuna personas."),
        ("El libro tiene 200 páginas.", "El libro tiene doscientas páginas."),
        ("Leímos 500 palabras.", "Leímos quinientas palabras."),
        ("Solo queda 1 persona.", "Solo queda una persona."),
        ("Solo queda 1 libro.", "Solo queda un libro."),
        ("El mes tiene 31 días.", "El mes tiene treinta y un días."),
        ("Llegaron 200 000 personas.", "Llegaron doscientas mil personas."),
        ("Compró 3.000.000 de acciones.", "Compró tres millones de acciones."),
        ("En 2021 llovió mucho.", "En dos mil veintiuno llovió mucho."),
        ("Lee el capítulo 21 hoy.", "Lee el capítulo veintiuno hoy."),
    ],
    "ordinal": [
        ("Vive en el 2.º piso.", "Vive en el segundo piso."),
        ("Es la 3.ª vez.", "Es la tercera vez."),
        ("El 1.er día fue duro.", "El primer día fue duro."),
        ("Llegó en 1.ª posición.", "Llegó en primera posición."),
        ("Celebran el 11.º aniversario.", "Celebran el undécimo aniversario."),
        ("Es la 12.ª edición.", "Es la duodécima edición."),
        ("Terminó en 13.ª posición.", "Terminó en decimotercera posición."),
        ("Es el 20.º congreso.", "Es el vigésimo congreso."),
        ("Lo intenta por 21.ª vez.", "Lo intenta por vigésima primera vez."),
        ("Lee el 3.er capítulo.", "Lee el tercer capítulo."),
        ("Cumple su 100.º aniversario.", "Cumple su centésimo aniversario."),
        ("Quedó 4.º en la carrera.", "Quedó cuarto en la carrera."),
        ("Es el 40.º aniversario.", "Es el cuadragésimo aniversario."),
        ("Vive en el 2° piso.", "Vive en el segundo piso."),
        ("Hace 30° a la sombra.", "Hace treinta grados a la sombra."),
    ],
    "decimal": [
        ("Lee el capítulo 3.2.", "Lee el capítulo tres punto dos."),  # a version or section number, said with its dots
        (
            "Usa Python 3.12 aquí.",
            "Usa Python tres punto doce aquí.",
        ),  # a version or section number, said with its dots
        ("Mide 3,5 metros.", "Mide tres coma cinco metros."),
        ("El valor es 0,25.", "El valor es cero coma veinticinco."),
        ("Pi vale 3,14159.", "Pi vale tres coma uno cuatro uno cinco nueve."),
        ("Sube 2,05 puntos.", "Sube dos coma cero cinco puntos."),
        ("El índice subió 1,5 puntos.", "El índice subió uno coma cinco puntos."),
        ("La nota media es 7,8.", "La nota media es siete coma ocho."),
        ("Pesa 1.250,75 toneladas.", "Pesa mil doscientos cincuenta coma setenta y cinco toneladas."),
        ("El error fue de -0,3 grados.", "El error fue de menos cero coma tres grados."),
        ("Ganó por 0,001 segundos.", "Ganó por cero coma cero cero uno segundos."),
        ("La tasa es 0,125.", "La tasa es cero coma ciento veinticinco."),
        ("Corre 12,5 km.", "Corre doce coma cinco kilómetros."),
        ("Mide 3.5 metros.", "Mide tres coma cinco metros."),
    ],
    "fraction": [
        ("1/3", "un tercio"),  # issue 23: was "uno/tres"
        ("Tomé 1/3 de la tarta.", "Tomé un tercio de la tarta."),
        ("Añade 1/2 taza de leche.", "Añade media taza de leche."),
        ("Usa 3/4 de la harina.", "Usa tres cuartos de la harina."),
        ("Recorrió 5/8 del camino.", "Recorrió cinco octavos del camino."),
        ("Solo 2/3 aprobaron.", "Solo dos tercios aprobaron."),
        ("Falta 1/4 de hora.", "Falta un cuarto de hora."),
        ("Es 1/10 del total.", "Es un décimo del total."),
        ("Bebe 1/2 litro.", "Bebe medio litro."),
        ("Multiplica por 2 1/2.", "Multiplica por dos y medio."),
        ("Añade 7/12 del agua.", "Añade siete doceavos del agua."),
        ("Gana 3/100 de la venta.", "Gana tres centésimos de la venta."),
        ("Compra 1/2 kg de uvas.", "Compra medio kilogramo de uvas."),
        ("Añade 3/4 taza de azúcar.", "Añade tres cuartos de taza de azúcar."),
    ],
    "date": [
        ("1 enero", "uno de enero"),  # issue 23: was "uno enero"
        ("Nació el 1 enero.", "Nació el uno de enero."),
        ("Llegó el 3 de mayo de 2024.", "Llegó el tres de mayo de dos mil veinticuatro."),
        ("El plazo acaba el 15/03/2025.", "El plazo acaba el quince de marzo de dos mil veinticinco."),
        ("Se publicó el 2023-11-07.", "Se publicó el siete de noviembre de dos mil veintitrés."),
        ("Es el 1.º de mayo.", "Es el primero de mayo."),
        ("Colón llegó el 12 de octubre de 1492.", "Colón llegó el doce de octubre de mil cuatrocientos noventa y dos."),
        ("Nos vemos el 31 de diciembre.", "Nos vemos el treinta y uno de diciembre."),
        ("El examen es el 5-6-2024.", "El examen es el cinco de junio de dos mil veinticuatro."),
        ("El 21 de marzo empieza la primavera.", "El veintiuno de marzo empieza la primavera."),
        ("Ocurrió en 1999.", "Ocurrió en mil novecientos noventa y nueve."),
        ("Firmó el 7 julio 2021.", "Firmó el siete de julio de dos mil veintiuno."),
    ],
    "time": [
        (
            "La carrera duró 2:05:30.",
            "La carrera duró dos horas cinco minutos treinta segundos.",
        ),  # a sign by a number, in words
        ("La ruta dura 2 h 15 min.", "La ruta dura dos horas quince minutos."),  # a duration, not a clock time
        ("1:00", "una en punto"),  # issue 23: was "uno en punto"
        ("La clase empieza a la 1:00.", "La clase empieza a la una en punto."),
        ("Abrimos a las 9:00.", "Abrimos a las nueve en punto."),
        ("Quedamos a las 2:30.", "Quedamos a las dos y media."),
        ("Sale a las 7:15.", "Sale a las siete y cuarto."),
        ("Es la 1:30.", "Es la una y media."),
        ("Son las 13:45.", "Son las trece y cuarenta y cinco."),
        ("Cierra a las 21:00.", "Cierra a las veintiuna horas."),
        ("El tren llega a las 14:30.", "El tren llega a las catorce y treinta."),
        ("Termina a las 12:05.", "Termina a las doce y cinco."),
        ("Llega a las 10:50.", "Llega a las diez y cincuenta."),
        ("Sale a las 20:15.", "Sale a las veinte y quince."),
        ("Empieza a las 0:00.", "Empieza a las cero horas."),
        ("Llega a las 14:30 h y sale.", "Llega a las catorce y treinta y sale."),
        ("Abre de 9:30-13:15.", "Abre de nueve y media a trece y quince."),
        ("Abre a la 1.", "Abre a la una."),
    ],
    "money": [
        (
            "El pan cuesta 2,40 euros.",
            "El pan cuesta dos euros con cuarenta céntimos.",
        ),  # an amount before the currency's name
        ("Cuesta 2,50 €.", "Cuesta dos euros con cincuenta céntimos."),
        ("Cuesta 1 €.", "Cuesta un euro."),
        ("Cuesta 21 €.", "Cuesta veintiún euros."),
        ("Pagó 0,50 €.", "Pagó cincuenta céntimos."),
        ("Vale 1.000.000 €.", "Vale un millón de euros."),
        ("Cuesta £200.", "Cuesta doscientas libras."),
        ("Cuesta $5.", "Cuesta cinco dólares."),
        ("Gastó 1.250 €.", "Gastó mil doscientos cincuenta euros."),
        ("Cuesta 3,01 €.", "Cuesta tres euros con un céntimo."),
        ("Cuesta 21,21 €.", "Cuesta veintiún euros con veintiún céntimos."),
        ("Son 300 EUR.", "Son trescientos euros."),
        ("Cuesta US$ 10.", "Cuesta diez dólares."),
    ],
    "measure": [
        ("Mide ±2 mm.", "Mide más o menos dos milímetros."),  # a sign by a number, in words
        ("245 mph", "doscientas cuarenta y cinco millas por hora"),  # issue 23: was "... mph"
        ("Va a 245 mph.", "Va a doscientas cuarenta y cinco millas por hora."),
        ("Son 10 mi de camino.", "Son diez millas de camino."),
        ("Pesa 5 lb.", "Pesa cinco libras."),
        ("Añade 3 oz de queso.", "Añade tres onzas de queso."),
        ("Añade 1 oz de azúcar.", "Añade una onza de azúcar."),
        ("Mide 21 km.", "Mide veintiún kilómetros."),
        ("Toma 500 mg al día.", "Toma quinientos miligramos al día."),
        ("La finca tiene 200 ha.", "La finca tiene doscientas hectáreas."),
        ("El piso mide 90 m².", "El piso mide noventa metros cuadrados."),
        ("El depósito tiene 3 m³.", "El depósito tiene tres metros cúbicos."),
        ("Consume 2 kWh.", "Consume dos kilovatios hora."),
        ("Una dosis de 250 µg.", "Una dosis de doscientos cincuenta microgramos."),
        ("Carga 2 t.", "Carga dos toneladas."),
        ("Tiene 100 kcal.", "Tiene cien kilocalorías."),
        ("Mide 6 ft.", "Mide seis pies."),
        ("Gira a 3000 rpm.", "Gira a tres mil revoluciones por minuto."),
        ("Tarda 2 h en cargar.", "Tarda dos horas en cargar."),
    ],
    "range": [
        ("Hornea 10-15 minutos.", "Hornea diez a quince minutos."),
        ("Tienen entre 10-15 años.", "Tienen entre diez y quince años."),
        ("De 10 a 15 personas.", "De diez a quince personas."),
        ("Entre 10 y 15 personas.", "Entre diez y quince personas."),
        ("Lee las páginas 4–6.", "Lee las páginas cuatro a seis."),
        ("Cuesta 20-30 €.", "Cuesta veinte a treinta euros."),
        ("El 10-20 % de los casos.", "El diez a veinte por ciento de los casos."),
        ("Ganaron 3-1.", "Ganaron tres a uno."),
        ("Los años 1990-1995.", "Los años mil novecientos noventa a mil novecientos noventa y cinco."),
        ("Duerme 7–8 horas.", "Duerme siete a ocho horas."),
        ("Temperaturas de 5-10 °C.", "Temperaturas de cinco a diez grados Celsius."),
        ("Faltan 200-300 millas.", "Faltan doscientas a trescientas millas."),
    ],
    "telephone": [
        ("Llama al 912 345 678.", "Llama al nueve uno dos, tres cuatro cinco, seis siete ocho."),
        ("Mi móvil es 612 34 56 78.", "Mi móvil es seis uno dos, treinta y cuatro, cincuenta y seis, setenta y ocho."),
        (
            "Llama al +34 912 345 678.",
            "Llama al más treinta y cuatro, nueve uno dos, tres cuatro cinco, seis siete ocho.",
        ),
        ("Teléfono: 91 234 56 78.", "Teléfono: nueve uno, dos tres cuatro, cincuenta y seis, setenta y ocho."),
        ("Escribe al 600-123-456.", "Escribe al seis cero cero, uno dos tres, cuatro cinco seis."),
        ("El número de urgencias es el 112.", "El número de urgencias es el ciento doce."),
        ("Fax: 934 567 890.", "Fax: nueve tres cuatro, cinco seis siete, ocho nueve cero."),
        ("Llama gratis al 900 100 200.", "Llama gratis al nueve cero cero, uno cero cero, dos cero cero."),
        (
            "Contacto: +52 55 1234 5678.",
            "Contacto: más cincuenta y dos, cinco cinco, uno dos tres cuatro, cinco seis siete ocho.",
        ),
        ("Tel. 915 05 55 55.", "Teléfono nueve uno cinco, cero cinco, cincuenta y cinco, cincuenta y cinco."),
        ("Llama al (55) 1234-5678.", "Llama al cincuenta y cinco, uno dos tres cuatro, cinco seis siete ocho."),
    ],
    "electronic": [
        ("a.bc@gmail.com", "a punto bc arroba gmail punto com"),  # issue 23: was "a dot bc at gmail dot com"
        ("Mi correo es ana.lopez@correo.es.", "Mi correo es ana punto lopez arroba correo punto es."),
        ("Visita www.ejemplo.es/cursos", "Visita ejemplo punto es barra cursos"),
        ("Entra en https://www.rae.es/dpd", "Entra en rae punto es barra dpd"),
        ("Consulta wikipedia.org hoy.", "Consulta wikipedia punto org hoy."),
        ("Escríbeme a info@empresa.com.mx", "Escríbeme a info arroba empresa punto com punto mx"),
        ("Sigue el enlace http://ejemplo.org/ayuda/faq", "Sigue el enlace ejemplo punto org barra ayuda barra faq"),
        ("Pide ayuda en soporte@tienda.net", "Pide ayuda en soporte arroba tienda punto net"),
        ("Descarga desde github.com/narrate", "Descarga desde github punto com barra narrate"),
        ("Mándalo a luis_garcia@uni.edu", "Mándalo a luis garcia arroba uni punto edu"),
        ("Trámites en https://www.gob.mx/tramites", "Trámites en gob punto mx barra tramites"),
        ("Consulta fundeu.es hoy.", "Consulta fundeu punto es hoy."),
    ],
    "abbreviation": [
        ("el dr.", "el doctor."),  # issue 23: was "el dr." (the final stop is also the sentence's)
        ("Habla el dr. Pérez.", "Habla el doctor Pérez."),
        ("La Dra. Ruiz opera hoy.", "La doctora Ruiz opera hoy."),
        ("Compra pan, leche, etc. y vuelve.", "Compra pan, leche, etcétera y vuelve."),
        ("Saluda a la sra. Gómez.", "Saluda a la señora Gómez."),
        ("Vive en la Avda. de América.", "Vive en la Avenida de América."),
        ("Ver pág. 5.", "Ver página cinco."),
        ("¿Cómo está Ud. hoy?", "¿Cómo está usted hoy?"),
        ("Llegaron aprox. 50 personas.", "Llegaron aproximadamente cincuenta personas."),
        ("Viajó a EE. UU. en verano.", "Viajó a Estados Unidos en verano."),
        ("El art. 5 lo dice.", "El artículo cinco lo dice."),
        ("Lee el cap. 3 hoy.", "Lee el capítulo tres hoy."),
        ("Nació en el año 300 a. C. en Roma.", "Nació en el año trescientos antes de Cristo en Roma."),
        ("Saluda al Sr. y a la Sra. López.", "Saluda al señor y a la señora López."),
        ("Es el nº 5.", "Es el número cinco."),
    ],
    "roman": [
        ("Luis XIV reinó en Francia.", "Luis catorce reinó en Francia."),
        ("Felipe II fue rey.", "Felipe segundo fue rey."),
        ("Vivimos en el siglo XXI.", "Vivimos en el siglo veintiuno."),
        ("Carlos III reformó Madrid.", "Carlos tercero reformó Madrid."),
        ("Isabel II reinó mucho.", "Isabel segunda reinó mucho."),
        ("Alfonso X escribió leyes.", "Alfonso décimo escribió leyes."),
        ("El papa Juan XXIII habló.", "El papa Juan veintitrés habló."),
        ("Es arte del siglo V.", "Es arte del siglo quinto."),
        ("Lee el capítulo IV.", "Lee el capítulo cuatro."),
        ("Benedicto XVI visitó España.", "Benedicto dieciséis visitó España."),
        ("Fernando VII volvió.", "Fernando séptimo volvió."),
        ("Es una novela del siglo XIX.", "Es una novela del siglo diecinueve."),
        ("Toma vitamina C y D.", "Toma vitamina C y D."),
    ],
    "percent": [
        ("El 50 % aprobó.", "El cincuenta por ciento aprobó."),
        ("Subió un 3,5 %.", "Subió un tres coma cinco por ciento."),
        ("Solo el 1 % falló.", "Solo el uno por ciento falló."),
        ("Cayó un −2 %.", "Cayó un menos dos por ciento."),
        ("El 75% de la clase.", "El setenta y cinco por ciento de la clase."),
        ("La tasa es 0,5 %.", "La tasa es cero coma cinco por ciento."),
        ("Crece un 12 % anual.", "Crece un doce por ciento anual."),
        ("Entre el 10 y el 20 %.", "Entre el diez y el veinte por ciento."),
        ("Un 21 % votó.", "Un veintiuno por ciento votó."),
        ("Creció un 200 %.", "Creció un doscientos por ciento."),
    ],
    "minus": [
        ("Hace -5 grados.", "Hace menos cinco grados."),
        ("El saldo es −120 euros.", "El saldo es menos ciento veinte euros."),
        ("El resultado de 7 − 3 es 4.", "El resultado de siete menos tres es cuatro."),
        ("La cota es -0,5 m.", "La cota es menos cero coma cinco metros."),
        ("A −18 °C se congela.", "A menos dieciocho grados Celsius se congela."),
        ("El eje va de -10 a 10.", "El eje va de menos diez a diez."),
        ("Un cambio de -3 %.", "Un cambio de menos tres por ciento."),
        ("Sube a +5 grados.", "Sube a más cinco grados."),
        ("Debe −1 €.", "Debe menos un euro."),
        ("La diferencia es de −2.", "La diferencia es de menos dos."),
        ("Está a -40 m bajo el mar.", "Está a menos cuarenta metros bajo el mar."),
        ("Calcula 7 − 3 = 4.", "Calcula siete menos tres es igual a cuatro."),
        ("Suma 2 + 2.", "Suma dos más dos."),
    ],
}

REGIONS: dict[str, list[tuple[str, str]]] = {
    "es-419": [
        ("1 enero", "primero de enero"),  # issue 23: the Latin American day one
        ("Nació el 1 enero.", "Nació el primero de enero."),
        ("El 1 de mayo es fiesta.", "El primero de mayo es fiesta."),
        ("El 2 de mayo trabaja.", "El dos de mayo trabaja."),
        ("La clase empieza a la 1:00.", "La clase empieza a la una en punto."),
    ],
    "es-MX": [
        ("Cuesta $150.", "Cuesta ciento cincuenta pesos."),
        ("Cuesta $1.", "Cuesta un peso."),
        ("Cuesta US$ 10.", "Cuesta diez dólares."),
        ("El 1 de septiembre vuelve.", "El primero de septiembre vuelve."),
        ("Cuesta $1,500.50.", "Cuesta mil quinientos pesos con cincuenta centavos."),
        ("Mide 3.5 metros.", "Mide tres punto cinco metros."),
        ("Son 1,000 personas.", "Son mil personas."),
    ],
    "es-ES": [
        ("El 1 de mayo es fiesta.", "El uno de mayo es fiesta."),
        ("Cuesta $150.", "Cuesta ciento cincuenta dólares."),
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
