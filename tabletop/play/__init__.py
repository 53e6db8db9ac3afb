"""Playing a game: the one driver (`tabletop.play.table.Table`) every front end uses."""
