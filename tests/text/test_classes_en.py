"""English read by semiotic class (issue 23): a table per class, each case a short sentence of our own
and what a careful narrator says for it in a US English course (``en-us``, the default); British
spelling and date order in ``en-gb``. The issue's own examples are the ``issue`` table."""

from __future__ import annotations

import pytest

from narrate.text.normalize import spoken

CASES: dict[str, list[tuple[str, str]]] = {
    "cardinal": [
        ("The hall seats 1,250 people.", "The hall seats one thousand two hundred and fifty people."),
        ("We planted 36 trees.", "We planted thirty-six trees."),
        ("It dropped to -40 at night.", "It dropped to minus forty at night."),
        ("A crowd of 15000 waited.", "A crowd of fifteen thousand waited."),
        ("Only 7 remain.", "Only seven remain."),
        ("The city has 2.4 million people.", "The city has two point four million people."),
        ("There are 0 errors.", "There are zero errors."),
        ("Count to 101.", "Count to one hundred and one."),
        ("The ship carried 3,000,000 letters.", "The ship carried three million letters."),
        ("Order 12 more.", "Order twelve more."),
    ],
    "ordinal": [
        ("She came 1st.", "She came first."),
        ("The 22nd floor is closed.", "The twenty-second floor is closed."),
        ("Our 3rd attempt worked.", "Our third attempt worked."),
        ("The 101st visitor won.", "The one hundred and first visitor won."),
        ("It is the 4th time.", "It is the fourth time."),
        ("The 11th, 12th and 13th rows.", "The eleventh, twelfth and thirteenth rows."),
        ("On the 2nd day.", "On the second day."),
        ("The 33rd parallel.", "The thirty-third parallel."),
        ("The 1,000th order.", "The one thousandth order."),
        ("It was his 50th race.", "It was his fiftieth race."),
    ],
    "decimal": [
        ("Pi is about 3.14.", "Pi is about three point one four."),
        ("The score was 9.5.", "The score was nine point five."),
        ("Add 0.25 of a cup.", "Add zero point two five of a cup."),
        ("It grew by .5 units.", "It grew by point five units."),
        ("The rate is 4.75 now.", "The rate is four point seven five now."),
        ("A value of 12.008.", "A value of twelve point zero zero eight."),
        ("It costs 1.1 more.", "It costs one point one more."),
        ("The mean was 72.3.", "The mean was seventy-two point three."),
        ("It measured 100.01.", "It measured one hundred point zero one."),
        ("Set it to 2.0.", "Set it to two point zero."),
    ],
    "money": [
        (
            "Rent is €1.234,56 a month.",
            "Rent is one thousand two hundred and thirty-four euros and fifty-six cents a month.",
        ),
        ("A coffee is 2,40 EUR there.", "A coffee is two euros and forty cents there."),
        ("Parking is CHF 12,50 here.", "Parking is twelve Swiss francs and fifty centimes here."),
        (
            "Bread is 2.40 euros there.",
            "Bread is two euros and forty cents there.",
        ),  # an amount before the currency's name
        ("It is $20/mo for now.", "It is twenty dollars per month for now."),
        ("A pass costs £10/wk here.", "A pass costs ten pounds per week here."),
        ("Bids ran $50.00-$100.00 today.", "Bids ran fifty to one hundred dollars today."),
        ("The tip was $20.5 total.", "The tip was twenty dollars and fifty cents total."),
        ("It costs $5.", "It costs five dollars."),
        ("A ticket is $12.50.", "A ticket is twelve dollars and fifty cents."),
        ("The fee is £3.99.", "The fee is three pounds and ninety-nine pence."),
        ("They raised €2 million.", "They raised two million euros."),
        ("It sold for $1.2B.", "It sold for one point two billion dollars."),
        ("Pay US$30 at the door.", "Pay thirty US dollars at the door."),
        ("The book is 15 EUR.", "The book is fifteen euros."),
        ("Prices start at ¥500.", "Prices start at five hundred yen."),
        ("It was $0.99.", "It was ninety-nine cents."),
        ("A grant of $40k helped.", "A grant of forty thousand dollars helped."),
        ("Bread is €2,40 there.", "Bread is two euros and forty cents there."),
        ("A stamp costs 1,15 € now.", "A stamp costs one euro and fifteen cents now."),
    ],
    "telephone": [
        ("Call 555-0142 ext. 12 now.", "Call five five five, zero one four two extension twelve now."),
        (
            "Call (020) 7946 0958 today.",
            "Call zero two zero, seven nine four six, zero nine five eight today.",
        ),  # an area code in brackets or before a slash
        (
            "Call 555 1234 now.",
            "Call five five five, one two three four now.",
        ),  # an area code in brackets or before a slash
        (
            "Fax 030/1234567 instead.",
            "Fax zero three zero, one two three four five six seven instead.",
        ),  # an area code in brackets or before a slash
        ("Dial 911 now.", "Dial nine one one now."),  # a service number after a word of calling, else a number
        (
            "There were 911 people.",
            "There were nine hundred and eleven people.",
        ),  # a service number after a word of calling, else a number
        ("Call 1-800-555-0199 now.", "Call one, eight zero zero, five five five, zero one nine nine now."),
        ("Ring (555)-010-4477 today.", "Ring five five five, zero one zero, four four seven seven today."),
        ("The ID is 123-45-6789.", "The ID is one two three, four five, six seven eight nine."),
        ("Call 555-0142 today.", "Call five five five, zero one four two today."),
        ("Ring (555) 123-4567.", "Ring five five five, one two three, four five six seven."),
        ("Dial +44 20 7946 0958.", "Dial plus four four, two zero, seven nine four six, zero nine five eight."),
        ("Text 555-123-4567 now.", "Text five five five, one two three, four five six seven now."),
        ("Phone: 555-2368.", "Phone: five five five, two three six eight."),
        ("Call +1-555-010-9999.", "Call plus one, five five five, zero one zero, nine nine nine nine."),
        ("Our fax is 555.201.3344.", "Our fax is five five five, two zero one, three three four four."),
        ("Tel: 555-0199.", "Tel: five five five, zero one nine nine."),
        ("Reach us on 555-0100.", "Reach us on five five five, zero one zero zero."),
        ("The hotline is (555) 010-0000.", "The hotline is five five five, zero one zero, zero zero zero zero."),
        ("Call 555 867 5309 after six.", "Call five five five, eight six seven, five three zero nine after six."),
        ("The desk is on 0161 496 0000.", "The desk is on zero one six one, four nine six, zero zero zero zero."),
        ("Text 07700 900461 instead.", "Text zero seven seven zero zero, nine zero zero four six one instead."),
    ],
    "electronic": [
        ("Mail sam42@example.org today.", "Mail sam four two at example dot org today."),
        ("Write to front-desk@example.com now.", "Write to front dash desk at example dot com now."),
        ("The server is 192.168.0.1 here.", "The server is one nine two dot one six eight dot zero dot one here."),
        ("Write to help@example.org.", "Write to help at example dot org."),
        ("See www.example.com/start.", "See example dot com slash start."),
        ("Visit https://docs.example.net/guide?x=1.", "Visit docs dot example dot net slash guide."),
        ("Mail jo.smith@uni.edu now.", "Mail jo dot smith at uni dot edu now."),
        ("Open example.io today.", "Open example dot io today."),
        ("Email team+news@mail.example.co.uk.", "Email team news at mail dot example dot co dot uk."),
        ("Go to http://example.org/a/b.", "Go to example dot org slash a slash b."),
        ("Ask at info@shop.dev.", "Ask at info at shop dot dev."),
        ("The page is example.org/faq.", "The page is example dot org slash faq."),
        ("Find us at www.example.ai.", "Find us at example dot ai."),
    ],
    "abbreviation": [
        ("Dr. Lee will see you.", "Doctor Lee will see you."),
        ("Meet Mr. and Mrs. Cho.", "Meet Mister and Missus Cho."),
        ("Use tools, e.g. a saw.", "Use tools, for example a saw."),
        ("Bring water, i.e. two litres.", "Bring water, that is two litres."),
        ("Cats vs. dogs.", "Cats versus dogs."),
        ("See Fig. 3 below.", "See Figure three below."),
        ("Turn to Ch. 4.", "Turn to chapter four."),
        ("It is approx. 20 feet.", "It is approximately twenty feet."),
        ("St. Paul spoke.", "Saint Paul spoke."),
        ("Read pp. 10-12.", "Read pages ten to twelve."),
    ],
    "year": [
        ("The wall stood by about 1290.", "The wall stood by about twelve ninety."),  # a hedge between
        ("In roughly 1850 it fell.", "In roughly eighteen fifty it fell."),
        ("It ran from 1819 to 1828.", "It ran from eighteen nineteen to eighteen twenty-eight."),
        ("Between 1968 and 1975 it grew.", "Between nineteen sixty-eight and nineteen seventy-five it grew."),
        ("Rome fell long after 44 B.C.", "Rome fell long after forty-four BC."),
        ("A wall from 340 AD stands.", "A wall from three forty AD stands."),
        ("It happened in 1066.", "It happened in ten sixty-six."),
        ("The 2019 study found it.", "The twenty nineteen study found it."),
        ("By 2030 it will change.", "By twenty thirty it will change."),
        ("The summer of 1969 was hot.", "The summer of nineteen sixty-nine was hot."),
        ("Since 1990 we grew.", "Since nineteen ninety we grew."),
        ("The war of 1812 ended.", "The war of eighteen twelve ended."),
        ("Paris, 1900.", "Paris, nineteen hundred."),
        ("It was built in 2005.", "It was built in two thousand and five."),
        ("The years 1914-1918 were hard.", "The years nineteen fourteen to nineteen eighteen were hard."),
        ("A 1999 model.", "A nineteen ninety-nine model."),
    ],
    "percent": [
        ("It rose 45%.", "It rose forty-five percent."),
        ("Only 0.5% failed.", "Only zero point five percent failed."),
        ("About 100% agreed.", "About one hundred percent agreed."),
        ("A 5% fee.", "A five percent fee."),
        ("It fell by 12.5%.", "It fell by twelve point five percent."),
        ("Just 1% is enough.", "Just one percent is enough."),
        ("Save 30 % today.", "Save thirty percent today."),
        ("From 10% to 20%.", "From ten percent to twenty percent."),
        ("It is 99.9% pure.", "It is ninety-nine point nine percent pure."),
        ("Over 50% voted.", "Over fifty percent voted."),
    ],
    "address": [
        ("She lived at 1428 Elm St. It was quiet.", "She lived at fourteen twenty-eight Elm Street. It was quiet."),
        ("Go to 708 N 1st St today.", "Go to seven oh eight North first Street today."),
        ("Send it to 123 Laguna Ct, Town.", "Send it to one twenty-three Laguna Court, Town."),
        ("The shop is at 55 Harbour Rd.", "The shop is at fifty-five Harbour Road."),
        ("Turn onto 9 W Mill Ln now.", "Turn onto nine West Mill Lane now."),
        ("Meet on Main St. at noon.", "Meet on Main Street at noon."),
        ("St. Paul wrote letters.", "Saint Paul wrote letters."),
        ("The office is at 2200 Oak Ave.", "The office is at twenty-two hundred Oak Avenue."),
        ("Drive to 40 Bay Blvd next.", "Drive to forty Bay Boulevard next."),
        ("It sits at 311 Pine Dr today.", "It sits at three eleven Pine Drive today."),
    ],
    "serial": [
        ("Your code is ab9453 today.", "Your code is ab nine four five three today."),
        ("The A380 landed.", "The A three eighty landed."),
        ("Use the x264 codec.", "Use the x two sixty-four codec."),
        ("Enter PIN 4417 now.", "Enter PIN four four one seven now."),
        ("The card ending in 8876 works.", "The card ending in eight eight seven six works."),
        ("Part QX70214 is gone.", "Part QX seven zero two one four is gone."),
        ("Use extension 2231 please.", "Use extension two two three one please."),
        ("My zip code is 90210 now.", "My zip code is nine zero two one zero now."),
        ("Model B520 ships soon.", "Model B five twenty ships soon."),
        ("Flight TK5521 is on time.", "Flight TK fifty-five twenty-one is on time."),
    ],
    "date": [
        (
            "Meet on 2024-03-05T09:30-05:30 then.",
            "Meet on March fifth, twenty twenty-four at nine thirty UTC minus five thirty then.",
        ),  # an ISO date and time with its offset from UTC
        ("Open Mon.–Fri. only.", "Open Monday to Friday only."),  # a sign by a number, in words
        ("The Q3 2024 report.", "The Q three twenty twenty-four report."),  # a sign by a number, in words
        (
            "The form closes 2025-06-30T12:00.",
            "The form closes June thirtieth, twenty twenty-five at twelve o'clock.",
        ),  # an ISO date and time
        ("Filed on 25 july 2012.", "Filed on the twenty-fifth of july, twenty twelve."),
        ("Due JAN 15 2020.", "Due January fifteenth, twenty twenty."),
        ("The fair opens SEPT. 15.", "The fair opens September fifteenth."),
        ("It ended on 17 may 2010.", "It ended on the seventeenth of may, twenty ten."),
        ("You may 5 times try.", "You may five times try."),
        ("The market opened on March 3, 1998.", "The market opened on March third, nineteen ninety-eight."),
        ("Applications close Aug 31 2027.", "Applications close August thirty-first, twenty twenty-seven."),
        ("We met on june 14.", "We met on june fourteenth."),
        ("The fair ran on 2 October 2019.", "The fair ran on the second of October, twenty nineteen."),
        ("On 21 September the leaves fall.", "On the twenty-first of September the leaves fall."),
        ("Born 5th November 1955.", "Born the fifth of November, nineteen fifty-five."),
        ("The file is dated 2023/11/09.", "The file is dated November ninth, twenty twenty-three."),
        ("Paid on 2021-04-30.", "Paid on April thirtieth, twenty twenty-one."),
        ("The Sept 8 deadline passed.", "The September eighth deadline passed."),
        ("Her birthday is on the 12 April.", "Her birthday is on the twelfth of April."),
        ("It rained on Dec. 24, 2004.", "It rained on December twenty-fourth, two thousand and four."),
        ("The vote was on 30 Jan 2015?", "The vote was on the thirtieth of January, twenty fifteen?"),
    ],
    "fraction": [
        ("Mix 7/16 of the dough.", "Mix seven sixteenths of the dough."),
        ("Only 1/3 of the class came.", "Only one third of the class came."),
        ("Cut the board to 3/8th of its length.", "Cut the board to three eighths of its length."),
        ("She scored 17/20 on the test.", "She scored seventeen out of twenty on the test."),
        ("About 2/3 of voters agreed.", "About two thirds of voters agreed."),
        ("Add 3/4 oz of yeast.", "Add three quarters of an ounce of yeast."),
        ("We need 2 1/2 cups.", "We need two and a half cups."),
        ("Open the shop 24/7.", "Open the shop twenty-four seven."),
        ("Split it 50/50.", "Split it fifty-fifty."),
        ("Buy two 1/2 lb packs.", "Buy two half pound packs."),
        ("It fills 5/64 of the disk.", "It fills five sixty-fourths of the disk."),
        ("A 1/2 tsp pinch.", "A half teaspoon pinch."),
    ],
    "measure": [
        (
            "Acceleration is in m/s² here.",
            "Acceleration is in meters per second squared here.",
        ),  # a rate unit with no number before it
        ("A 2x8 board.", "A two by eight board."),
        ("It holds 100 million kg of grain.", "It holds one hundred million kilograms of grain."),
        ("Sell it at 12/kg today.", "Sell it at twelve per kilogram today."),
        ("Pour in 12 fl oz of stock.", "Pour in twelve fluid ounces of stock."),
        ("The bag holds 5 lb of rice.", "The bag holds five pounds of rice."),
        ("A 3 ft shelf.", "A three foot shelf."),
        ("Walk 2 mi north.", "Walk two miles north."),
        ("The car reached 70 mph.", "The car reached seventy miles per hour."),
        ("Add 2 tbsp of oil and 1 tsp of salt.", "Add two tablespoons of oil and one teaspoon of salt."),
        ("A delay of 40 ns.", "A delay of forty nanoseconds."),
        ("The wire is 0.5 mm thick.", "The wire is zero point five millimeters thick."),
        ("It weighs 1.2 kg.", "It weighs one point two kilograms."),
        ("The tank holds 15 gal.", "The tank holds fifteen gallons."),
        ("A 60 W bulb.", "A sixty watt bulb."),
        ("Download at 100 Mbit/s.", "Download at one hundred megabits per second."),
        ("The field is 2 km² in area.", "The field is two square kilometers in area."),
        ("Dissolve 5 g/L of salt.", "Dissolve five grams per liter of salt."),
        ("It ran for 2.5s.", "It ran for two point five seconds."),
        ("The lap took 58.31s.", "The lap took fifty-eight point three one seconds."),
        ("A 10 µs pulse.", "A ten microsecond pulse."),
        ("The room is 20 m² wide.", "The room is twenty square meters wide."),
    ],
    "range": [
        ("Keep it between 18-22°C.", "Keep it between eighteen and twenty-two degrees Celsius."),
        ("Cook for 10-15 minutes.", "Cook for ten to fifteen minutes."),
        ("Ages 8–12 enjoy it.", "Ages eight to twelve enjoy it."),
        ("Between 3-4 people came.", "Between three and four people came."),
        ("Pages 5-9 cover it.", "Pages five to nine cover it."),
        ("Spend 20-30% less.", "Spend twenty to thirty percent less."),
        ("Plan for 4+ weeks.", "Plan for four or more weeks."),
        ("Kids aged 12+ may enter.", "Kids aged twelve or more may enter."),
        ("It costs $5-$10.", "It costs five to ten dollars."),
        ("Use 2–3 kg of flour.", "Use two to three kilograms of flour."),
        ("Collect 10 - 20 leaves.", "Collect ten to twenty leaves."),
        ("Allow 1,000 - 1,500 words.", "Allow one thousand to one thousand five hundred words."),
        ("Take 9 - 4 steps back.", "Take nine minus four steps back."),
        ("So 6 - 8 = -2 here.", "So six minus eight equals minus two here."),
    ],
    "time": [
        ("Open 9:00-17:00 daily.", "Open nine o'clock to seventeen hundred daily."),
        ("The shop opens 5pm-7 pm.", "The shop opens five PM to seven PM."),
        ("It closes at 1.59 p.m. sharp.", "It closes at one fifty-nine PM sharp."),
        ("The alarm rang at 06:45:10.", "The alarm rang at six forty-five and ten seconds."),
        ("The log line reads 14:02:59.", "The log line reads fourteen oh two and fifty-nine seconds."),
        ("The race took 2:15:30.", "The race took two hours fifteen minutes thirty seconds."),
        ("Wake at 7:30.", "Wake at seven thirty."),
        ("Lunch is at 12:00.", "Lunch is at twelve o'clock."),
        ("The show ran for 01:20:00.", "The show ran for one hour twenty minutes."),
        ("We close at 5 p.m.", "We close at five PM."),
        ("The train left at 23:05.", "The train left at twenty-three oh five."),
        ("Start at 9:05:30.", "Start at nine oh five and thirty seconds."),
        ("It took 0:45:10.", "It took forty-five minutes ten seconds."),
        ("The hike takes 3h 20min.", "The hike takes three hours twenty minutes."),
        ("Bake it for 1h.", "Bake it for one hour."),
        ("Allow 2 hrs 45 mins.", "Allow two hours forty-five minutes."),
        ("A 24h fast.", "A twenty-four hour fast."),
        ("It lasted 1.5h.", "It lasted one point five hours."),
        ("Doors close at 18:30 h.", "Doors close at eighteen thirty."),
    ],
    "name": [
        ("Dates follow ISO 8601.", "Dates follow ISO eighty-six oh one."),
        ("Mail headers follow RFC 2822.", "Mail headers follow RFC twenty-eight twenty-two."),
        ("Floats follow IEEE 754.", "Floats follow IEEE seven fifty-four."),
        ("Style follows PEP 8.", "Style follows PEP eight."),
        ("Install Python 3.12 first.", "Install Python three point twelve first."),
        ("We tested on Ubuntu 22.04.", "We tested on Ubuntu twenty-two point oh four."),
        ("Upgrade to version 2.10 now.", "Upgrade to version two point ten now."),
        ("The ISO 9001 audit.", "The ISO ninety oh one audit."),
        ("Names follow ISO 3166.", "Names follow ISO thirty-one sixty-six."),
        ("Use Node 18.17 or later.", "Use Node eighteen point seventeen or later."),
    ],
    "regnal": [
        ("CHAPTER IX.", "CHAPTER nine."),
        ("PART II begins.", "PART two begins."),
        ("XVII.", "seventeen."),
        ("XXIV", "twenty-four"),
        ("CI", "CI"),
        ("CLI", "CLI"),
        ("King George III lost the colonies.", "King George the third lost the colonies."),
        ("Louis XIV built Versailles.", "Louis the fourteenth built Versailles."),
        ("Queen Victoria I is rarely written so.", "Queen Victoria the first is rarely written so."),
        ("Pope Pius XII spoke.", "Pope Pius the twelfth spoke."),
        ("Tsar Nicholas II abdicated.", "Tsar Nicholas the second abdicated."),
        ("Henry VIII had six wives.", "Henry the eighth had six wives."),
        ("World War II ended.", "World War two ended."),
        ("Read Chapter IV tonight.", "Read Chapter four tonight."),
        ("King Olaf V sailed.", "King Olaf the fifth sailed."),
        ("Emperor Haile Selassie I", "Emperor Haile Selassie the first"),
    ],
    "symbol": [
        ("Rated 4.5/5 stars.", "Rated four point five out of five stars."),  # a sign by a number, in words
        ("The loss was -$5.", "The loss was minus five dollars."),  # a sign by a number, in words
        ("The timeout is 30s.", "The timeout is thirty seconds."),
        ("Computers store 1s and 0s.", "Computers store ones and zeros."),
        ("Bake at 200°C / 400°F.", "Bake at two hundred degrees Celsius or four hundred degrees Fahrenheit."),
        ("Use 1 cup / 250 ml of milk.", "Use one cup or two hundred and fifty milliliters of milk."),
        ("Solve 4M/N for M.", "Solve four M over N for M."),
        ("It is 4X faster.", "It is four times faster."),
        ("The 3x zoom helps.", "The three times zoom helps."),
        ("It is 10x cheaper.", "It is ten times cheaper."),
        ("Take 2k steps.", "Take two thousand steps."),
        ("Let 2a/b be small.", "Let two a over b be small."),
        ("The 3D view.", "The three D view."),
        ("A 5G phone.", "A five G phone."),
    ],
}

ISSUE = [
    # the issue's table, each as a narrator reads it
    ("July 25, 2012", "July twenty-fifth, twenty twelve"),
    ("Jan 15 2020", "January fifteenth, twenty twenty"),
    ("june 30", "june thirtieth"),
    ("16 July 1943", "the sixteenth of July, nineteen forty-three"),
    ("On 1 March 2026", "On the first of March, twenty twenty-six"),
    ("2016/07/03", "July third, twenty sixteen"),
    ("the 1980 s", "the nineteen eighties"),
    ("31/32", "thirty-one thirty-seconds"),
    ("1/4th", "one quarter"),
    ("3 5/2", "three and five halves"),
    ("one 1/4 oz sachet", "one quarter ounce sachet"),
    ("16 fl oz", "sixteen fluid ounces"),
    ("2 lb (900 g) tin", "two pound (nine hundred gram) tin"),
    ("250 ml", "two hundred and fifty milliliters"),
    ("2 cm", "two centimeters"),
    ("between 60-65%", "between sixty and sixty-five percent"),
    ("4+ hours", "four or more hours"),
    ("230°C / 450°F", "two hundred and thirty degrees Celsius or four hundred and fifty degrees Fahrenheit"),
    ("ISO 8601", "ISO eighty-six oh one"),
    ("12:10:10", "twelve ten and ten seconds"),
    ("4M/N", "four M over N"),
    ("2.52s", "two point five two seconds"),
    ("2 ns", "two nanoseconds"),
    ("4X faster", "four times faster"),
    ("King George III", "King George the third"),
]

BRITISH = [
    ("250 ml", "two hundred and fifty millilitres"),
    ("2 cm", "two centimetres"),
    ("Drive at 50 km/h.", "Drive at fifty kilometres per hour."),
    ("The file is dated 2023/11/09.", "The file is dated the ninth of November, twenty twenty-three."),
    ("Paid on 2021-04-30.", "Paid on the thirtieth of April, twenty twenty-one."),
    ("A 5 m rope.", "A five metre rope."),
    ("It holds 2.5 L.", "It holds two point five litres."),
    ("The room is 20 m² wide.", "The room is twenty square metres wide."),
    ("Flow in L/min now.", "Flow in litres per minute now."),
    ("The bag holds 5 lb of rice.", "The bag holds five pounds of rice."),
]

TABLE = [(cls, w, s) for cls, rows in CASES.items() for w, s in rows]


@pytest.mark.parametrize(("cls", "written", "said"), TABLE, ids=[f"{c}:{w}" for c, w, _ in TABLE])
def test_each_class_reads_as_a_narrator_does(cls: str, written: str, said: str):
    assert spoken(written, None, "en-us") == said


@pytest.mark.parametrize(("written", "said"), ISSUE, ids=[w for w, _ in ISSUE])
def test_the_issues_examples(written: str, said: str):
    assert spoken(written, None, "en-us") == said


@pytest.mark.parametrize(("written", "said"), BRITISH, ids=[w for w, _ in BRITISH])
def test_british_spelling_and_date_order(written: str, said: str):
    assert spoken(written, None, "en-gb") == said


def test_every_class_has_ten_cases_of_its_own():
    assert all(len(rows) >= 10 for rows in CASES.values()), {c: len(r) for c, r in CASES.items()}
    written = [w for rows in CASES.values() for w, _ in rows]
    assert len(written) == len(set(written))


PAGE = """Free sample lesson · A Short History

The Hanoverian Kings

Who ruled longest?

Lesson 1 of the Lumen course A Short History

The Long Reign

King George III reigned for sixty years. Under George III the colonies broke away.

  • King George III
  • Queen Anne

Check yourself

Who reigned for sixty years?

  • King George III
  • Queen Anne

Answer: King George III

He reigned from 1760 to 1820.
"""


def test_regnal_numbers_on_a_pasted_page(tmp_path):
    """Issue 23: a pasted page said "King George III" letter by letter; in its paragraphs, bullets,
    options and answer it is "King George the third"."""
    from narrate.pipeline import load
    from narrate.text.script import build_script

    page = tmp_path / "lesson.txt"
    page.write_text(PAGE, encoding="utf-8")
    loaded = load(page)
    said = " ".join(c.text for c in build_script(loaded.lessons[0], loaded.config).says())
    assert "III" not in said
    assert said.count("George the third") == 5, said
    assert "from seventeen sixty to eighteen twenty" in said
