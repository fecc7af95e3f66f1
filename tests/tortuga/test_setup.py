"""Seeded setup for 2-5 players (tortuga2199-shipwreck-bay.txt, "Setup with the Expansion";
rulings TOR-02, TOR-03)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.tortuga.layouts import builtin_layouts
from course_builder.tortuga.sectors import BASE_SPECIALS, NEW_SPECIALS, Special
from course_builder.tortuga.setup import SetupError, Swap, make_setup, parse_swaps
from course_builder.tortuga.state import FAULT_CARDS, MINE_TOKENS, Scenario

SPOKES = builtin_layouts("spokes")
NOTCHES = builtin_layouts("notches")


def dealt(setup) -> list[tuple[str, str]]:
    return [(s.slot, s.id) for s in setup.map.specials()]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_seed_2199_sb_setup_swap(players: int) -> None:
    setup = make_setup(SPOKES, players, 2199)
    assert dealt(setup) == [("X1", "hub"), ("X2", "mines"), ("X3", "shipwreck-bay"),
                            ("X4", "fortress")]
    assert setup.swaps == ((Special.HUB, Special.VORTEX, True),
                           (Special.SHIPWRECK_BAY, Special.RESEARCH_LAB, True))
    ring = 4 if players == 2 else 6  # TOR-02
    assert len(setup.map) == 1 + ring + 4
    aside = ("1 Turret and 1 Trade Terminal tile(s)",) if players == 2 else ()
    assert setup.set_aside == (*aside, "Vortex", "Research Lab")
    assert [p.id for p in setup.state.players] == [f"p{i}" for i in range(1, players + 1)]


def test_five_players_all_six_at_random_sb_setup_five() -> None:
    setup = make_setup(SPOKES, 5, 2199)
    assert dealt(setup) == [("X1", "research-lab"), ("X2", "mines"), ("X3", "fortress"),
                            ("X4", "vortex"), ("X5", "hub"), ("X6", "shipwreck-bay")]
    assert setup.swaps == () and setup.set_aside == ()
    assert len(setup.map) == 13
    assert any(c.rule.id == "SB-SETUP-FIFTH" and "(p5)" in c.text for c in setup.checklist)


def test_chosen_swap_keeps_the_other_new_sector_out() -> None:
    setup = make_setup(SPOKES, 4, 2199, swaps=parse_swaps("hub=fortress"))
    assert dealt(setup) == [("X1", "research-lab"), ("X2", "mines"), ("X3", "hub"),
                            ("X4", "vortex")]
    assert setup.swaps == ((Special.HUB, Special.FORTRESS, False),)
    assert setup.set_aside == ("Fortress", "Shipwreck Bay")
    texts = [c.text for c in setup.checklist]
    assert "Hub is in play instead of Fortress (the players' choice)." in texts
    assert "Shipwreck Bay is not in play: its deck stays in the box." in texts


def test_no_swap_is_the_base_game_board() -> None:
    setup = make_setup(SPOKES, 3, 2199, swaps=())
    assert {s.id for s in setup.map.specials()} == {b.value for b in BASE_SPECIALS}
    texts = [c.text for c in setup.checklist]
    assert "The Hub is not in play: the mine tokens stay in the box." in texts
    assert "Leave in the box: Hub, Shipwreck Bay." in texts


def test_same_seed_same_setup_other_seed_other_deal() -> None:
    a, b = make_setup(NOTCHES, 4, 11), make_setup(NOTCHES, 4, 11)
    assert dealt(a) == dealt(b) and a.checklist == b.checklist
    assert len({tuple(dealt(make_setup(NOTCHES, 4, s))) for s in range(30)}) > 10


def test_the_starting_state() -> None:
    state = make_setup(SPOKES, 3, 1, player_ids=["red", "blue", "green"],
                       scenario=Scenario.MONSTER_HUNTERS).state
    assert [(p.id, p.ship, p.influence, p.cargo_mines) for p in state.players] == [
        ("red", "tortuga", 0, 0), ("blue", "tortuga", 0, 0), ("green", "tortuga", 0, 0)]
    assert state.mine_supply == MINE_TOKENS and state.fault_supply == FAULT_CARDS
    assert state.hunt_tokens == () and state.scenario is Scenario.MONSTER_HUNTERS
    assert state.label == "3 players, spokes layout, seed 1"


def test_the_checklist_follows_the_expansion_list() -> None:
    rules = [c.rule.id for c in make_setup(SPOKES, 5, 3).checklist]
    assert rules == ["BASE-BOARD", "SB-SETUP-FIVE", "SB-SETUP-TOKENS", "SB-SETUP-TOKENS",
                     "SB-SETUP-TOKENS", "SB-SETUP-DECKS", "SB-SETUP-DECKS", "SB-SETUP-MINES",
                     "SB-SETUP-FAULTS", "SB-SETUP-CARDS", "BASE-BOARD", "SB-SETUP-FIFTH"]
    hunt = [c.text for c in make_setup(SPOKES, 5, 3).checklist if "Hunt tokens" in c.text]
    assert hunt == ["Hunt tokens go face down (exclamation side up) where the base setup says; "
                    "nobody looks at them, and this sheet never shows them."]


@pytest.mark.parametrize(("text", "swaps"), [
    ("none", ()),
    ("hub", (Swap(Special.HUB),)),
    ("Shipwreck-Bay=Vortex, hub", (Swap(Special.SHIPWRECK_BAY, Special.VORTEX), Swap(Special.HUB))),
])
def test_parse_swaps(text: str, swaps: tuple[Swap, ...]) -> None:
    assert parse_swaps(text) == swaps


@pytest.mark.parametrize(("text", "message"), [
    ("", "no swap given"),
    ("vortex", "'vortex' is not a new sector"),
    ("hub=hub", "'hub' is not a base special"),
])
def test_bad_swaps(text: str, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        parse_swaps(text)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 6}, "2 to 5 players, not 6"),
    ({"players": 5, "swaps": (Swap(Special.HUB),)}, "no swap applies"),
    ({"swaps": (Swap(Special.HUB), Swap(Special.HUB))}, "at most once"),
    ({"swaps": (Swap(Special.HUB, Special.MINES), Swap(Special.SHIPWRECK_BAY, Special.MINES))},
     "the same base sector"),
    ({"player_ids": ["a", "b"]}, "2 player names for 3 players"),
    ({"player_ids": ["a", "b", "a"]}, "same name"),
    ({"player_ids": ["a", "b", "bad name"]}, "is not an id"),
])
def test_bad_setups(kwargs: dict, message: str) -> None:
    args = {"players": 3, **kwargs}
    players = args.pop("players")
    with pytest.raises(SetupError, match=message):
        make_setup(SPOKES, players, 1, **args)


swaps = st.lists(st.tuples(st.sampled_from(NEW_SPECIALS),
                           st.none() | st.sampled_from(BASE_SPECIALS)),
                 max_size=2, unique_by=lambda t: t[0]).filter(
    lambda xs: len({o for _, o in xs if o}) == len([o for _, o in xs if o]))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from([2, 3, 4, 5]), st.sampled_from([SPOKES, NOTCHES]),
       swaps)
def test_every_setup_is_valid(seed: int, players: int, layout, chosen) -> None:
    swap = tuple(Swap(n, o) for n, o in chosen) if players < 5 else None
    setup = make_setup(layout, players, seed, swaps=swap)
    specials = [s.id for s in setup.map.specials()]
    assert len(specials) == len(set(specials)) == (6 if players == 5 else 4)
    assert all(s.slot for s in setup.map.specials())
    assert setup.map.is_connected()
    in_play = set(specials)
    if players == 5:
        assert in_play == {s.value for s in (*BASE_SPECIALS, *NEW_SPECIALS)}
    else:
        assert in_play >= {n.value for n, _ in chosen}
        for new, old, drawn in setup.swaps:
            assert old.value not in in_play and new.value in in_play
            assert drawn == (dict(chosen)[new] is None)
    assert setup.state.check() is setup.state


def test_turn_order_is_the_order_given_tor_19() -> None:
    names = ["red", "blue", "green", "pink", "cyan"]
    setup = make_setup(SPOKES, 5, 1, player_ids=names)
    assert [p.id for p in setup.state.players] == names
    fifth = [c.text for c in setup.checklist if c.rule.id == "SB-SETUP-FIFTH"]
    assert fifth == ["The fifth player in turn order (cyan) takes the expansion's starting "
                     "components as the base setup says, and draws five cards to start."]
