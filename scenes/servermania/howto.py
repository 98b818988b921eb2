"""How to play SERVERMANIA: a few short, illustrated pages that sum up
game/servermania/RULES.md (the rules themselves are decided in `game/`, never here), shown
by `scenes/howto.py`."""

from scenes.registry import Page

PAGES: tuple[Page, ...] = (
    Page("The race", (
        ("pawn_pink", "Roll the die and hop along one track from START UP to FINISH."),
        ("icon_server", "Everyone starts with $50,000 and 2 servers."),
        ("icon_coin", "At the end, each server is worth $20,000. The richest company "
                      "wins."),
    )),
    Page("Money squares", (
        ("icon_payday", "PAYDAY! pays $10,000 per server as you pass it, $20,000 per "
                        "server if you land on it."),
        ("icon_ceo_bonus", "Fees and penalties fill the CEO BONUS pot. Land on CEO "
                           "BONUS to take it all."),
        ("icon_techpad", "TechPad Agency: roll once more and gain that many servers."),
    )),
    Page("Customer Service", (
        ("icon_customer_service", "Before a roll with CUSTOMER SERVICE 1 to 6 squares "
                                  "ahead, choose: pay $50,000 maintenance, or skip."),
        ("icon_server", "Land on it after paying: your servers double. After skipping: "
                        "you lose half of them."),
    )),
    Page("Cards and STUCK", (
        ("icon_signups", "SIGN UPS cards bring money or servers."),
        ("icon_churn", "CHURN! cards cost money or servers."),
        ("icon_stuck", "STUCK ends your turn. Later: pay $50,000 to leave, or roll 1 to "
                       "3 to break free."),
    )),
    Page("The finish", (
        ("icon_finish", "The first to reach FINISH gains 10 servers."),
        ("die_6", "Finished players wait; the game ends when everyone is home."),
        ("user_marker", "Your controller answers your prompts. {pause} pauses; hold "
                        "{rshoulder} to play fast."),
    )),
)
