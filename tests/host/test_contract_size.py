"""The `Game` contract stays small (issue 35): rules and views on the `Game`, everything
only some front ends need handed out as objects; and `tabletop.model`, split into
modules by job, still exports every name it did."""

from __future__ import annotations

import inspect

import tabletop.model
from tabletop.model import Game

#: The most public methods `Game` may have, inherited defaults included.
MOST = 22

#: Every name `tabletop.model` exported before it was split (plugins import them).
EXPORTED_BEFORE = {"Game", "GameInfo", "GameOption", "IllegalMoveError", "NotationError",
                   "OptionError", "Outcome", "PluginDeprecationWarning", "RecordError",
                   "StateFormatError", "TabletopError", "check_version", "seat_text"}


def public_methods(kind: type) -> list[str]:
    """The public methods and properties of `kind`, its inherited ones included."""
    return sorted(name for name, value in inspect.getmembers(kind)
                  if not name.startswith("_")
                  and (callable(value) or isinstance(value, property)))


def test_game_has_at_most_22_public_methods() -> None:
    found = public_methods(Game)
    assert len(found) <= MOST, found
    assert found == [
        "apply", "apply_chance", "chance_outcomes", "codec", "describe", "evaluate",
        "explain", "legal_moves", "move_to_text", "new_state", "observation", "outcome",
        "parse_move", "render_text", "reveals", "sampler", "setup", "spaces",
        "special_moves", "state_from_dict", "state_to_dict", "to_move"]


def test_no_built_in_game_forwards_a_capability_by_hand() -> None:
    """The old capability methods live on the objects, not on the built-in games."""
    from games.verso.game import VersoGame
    from games.versus.game import VersusGame
    from tabletop.model.legacy import OLD_METHODS

    for kind in (VersoGame, VersusGame):
        assert [name for names in OLD_METHODS.values() for name in names
                if hasattr(kind, name)] == [], kind


def test_the_model_still_exports_every_name_plugins_import() -> None:
    assert set(tabletop.model.__all__) >= EXPORTED_BEFORE
    assert all(getattr(tabletop.model, name) for name in tabletop.model.__all__)
