"""`python -m tabletop` runs the launcher."""

from tabletop.cli import main

main()
