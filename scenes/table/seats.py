"""What both games' seats share: the names the lobby offers, in order (a seat's colour and
shape are `scenes.table.look.COLOURS` and `SHAPES`)."""

NAMES = ("Ada", "Linus", "Grace", "Alan", "Radia", "Ken", "Margaret", "Tim", "Barbara",
         "Dennis", "Hedy", "Guido")
