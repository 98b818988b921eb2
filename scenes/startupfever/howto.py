"""How to play Startup Fever: a few short, illustrated pages that sum up
game/startupfever/RULES.md (the rules themselves are decided in `game/`, never here), shown
by `scenes/howto.py`."""

from scenes.registry import Page

PAGES: tuple[Page, ...] = (
    Page("How you win", (
        ("user_marker", "Each of your products has a marker on the User Track. Users "
                        "bring money; from Launch on they also bring victory points."),
        ("icon_launch", "Past the Launch line every field shows its victory points "
                        "(VP): the small numbers, 1 to 31."),
        ("icon_finish", "At the end, add the VP under all your markers. Most VP wins; "
                        "a tie goes to the most money."),
    ), picture="track"),
    Page("Your product turn at a glance", (
        ("die_5", "1  Adoption: die + 1 per Nerd + 2 per Big Nerd. The marker climbs "
                  "that many fields."),
        ("money_token", "2  Revenue: the big number of your field + 1 per Suit + 2 per "
                        "Big Suit."),
        ("nerd", "3  Manage employees: hire (2 a turn), poach, retain. Then End."),
        ("icon_churn", "4  User loss (launched only): roll, and push products above "
                       "100M users back, 2 fields each at most."),
    ), picture="manage"),
    Page("Employees", (
        ("nerd", "Nerd, $1: +1 adoption on its product every turn and +1 strength in "
                 "the showdown."),
        ("suit", "Suit, $1: +1 revenue on its product every turn. A Suit also lets "
                 "you play Defense."),
        ("big_nerd", "Big Nerd (the CTO), $6: +2 adoption on every product of your "
                     "company, and adds 4 strength to each in the showdown."),
        ("big_suit", "Big Suit (the CEO), $6: +2 revenue on every product. One Big "
                     "Nerd and one Big Suit per company."),
    )),
    Page("Vesting", (
        ("nerd", "New hires stand on field 4 of their product: the 4 3 2 1 0 rows."),
        ("die_4", "Each year end every employee moves one field towards 0: fully "
                  "vested."),
        ("icon_coin", "The further towards 0, the cheaper a rival can poach it."),
    ), picture="products"),
    Page("Poaching and retaining", (
        ("icon_coin", "Poach a rival's employee in your Manage step: offer at least its "
                      "price + its field (a vested Nerd: $1). Up to 2 per product."),
        ("suit", "Counter-offer: the owner may pay your offer + $1 to keep it. The "
                 "employee stays and moves back towards 4."),
        ("money_token", "Retain your own: $1 a field back towards 4, so rivals pay "
                        "more to poach it."),
        ("big_nerd", "Executives can be poached too, if you don't have one of that "
                     "kind. Poaching money goes to the bank."),
    )),
    Page("The showdown", (
        ("cat_social", "At year end, launched products of one category compete."),
        ("nerd", "Strength = Nerds + 4 per Big Nerd + marketing + a die."),
        ("die_6", "The strongest take users from the others: the markers move."),
    ), picture="showdown"),
    Page("Year end at a glance", (
        ("cat_media", "1  Showdown in each category.  2  Vest: everyone moves one "
                      "field towards 0."),
        ("nerd", "3  Reassign: move workers between your own products, keeping "
                 "their field."),
        ("card_event_front", "4  Played cards and marketing money go (old cards may be "
                             "thrown away).  5  Hands refill to 4 cards."),
        ("money_token", "6  Marketing for next year (sealed).  7  Next year's turn "
                        "order."),
    )),
    Page("Marketing and turn order", (
        ("money_token", "6  Marketing: put money on your products for next year's "
                        "showdown: each $1 adds 1 strength."),
        ("icon_event", "Marketing is sealed: nobody sees anyone's choice until "
                       "everyone has chosen."),
        ("user_marker", "7  Turn order: the product with the fewest users picks its "
                        "place in next year's order first, then the next fewest."),
        ("die_3", "In the first year the order is random."),
    )),
    Page("Event Cards", (
        ("card_event_front", "You hold up to 4 cards. Each says when it can be played: "
                             "before adoption, revenue, managing, user loss or the "
                             "showdown."),
        ("icon_event", "Hold Y (C on the keyboard) to look at your hand: each card "
                       "says what it does, and why it can't be played now."),
        ("suit", "Defense cancels a card played on you, if your company has a Suit."),
        ("icon_churn", "Pause > Event Cards lists every card and its full text."),
    )),
    Page("The end", (
        ("icon_fever", "The game ends at the end of the year in which the last "
                       "product launches."),
        ("icon_launch", "A Leak card launches a product at once, wherever its marker "
                        "stands: leaked counts as launched."),
        ("icon_finish", "Then the VP are added up: most VP wins, money breaks a tie. "
                        "(Year 15 is the latest end.)"),
    )),
)
