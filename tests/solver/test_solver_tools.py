"""The solver's comparison tools in tools/: the peer harness (which skips with a
message where JSMinesweeper or node is missing, as in CI) and its replay check."""

from __future__ import annotations

import importlib.util
import os
import random
import sys
from pathlib import Path

import pytest

from amigasweeper.engine import Game, GameSetup
from amigasweeper.solver import Knowledge, Player

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # worker processes find it by name
    spec.loader.exec_module(module)
    return module


harness = load_tool("peer_harness")


def test_without_node_the_harness_skips_and_says_why(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(harness.shutil, "which", lambda name: None)
    assert harness.main(["--peer", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == "skipped: no `node` found on this system (install Node.js or pass --node)"


def test_with_a_node_that_is_not_there_the_harness_skips(tmp_path, capsys):
    assert harness.main(["--peer", str(tmp_path), "--node", str(tmp_path / "node")]) == 0
    assert capsys.readouterr().out.strip() == f"skipped: --node {tmp_path / 'node'} is not a file"


def test_without_a_checkout_the_harness_skips_and_says_why(tmp_path, capsys):
    node = tmp_path / "node"
    node.write_text("")
    assert harness.main(["--node", str(node)]) == 0
    assert capsys.readouterr().out.strip() == "skipped: no JSMinesweeper checkout given (--peer PATH)"
    assert harness.main(["--node", str(node), "--peer", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == (
        f"skipped: {tmp_path} is not a JSMinesweeper checkout (no Minesweeper/client/solver_main.js in it)"
    )


def our_clicks(seed: int) -> tuple[list[int], bool]:
    """Our player's clicks on a seeded Expert game: a stand-in for a peer's game."""
    game = Game(GameSetup(width=30, height=16, mines=99, seed=seed))
    knowledge = Knowledge(game.topology, 99)
    player, clicks = Player(knowledge), []
    while not game.status.over:
        cell = player.decide().cell
        clicks.append(cell)
        result = game.uncover(cell)
        knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
    return clicks, game.status.name == "WON"


@pytest.mark.parametrize("seed", [7000000, 7000001, 7000002])
def test_a_game_replays_through_our_engine_only_if_it_is_the_same_game(seed):
    clicks, won = our_clicks(seed)
    assert harness.replay(30, 16, 99, seed, clicks, won) is None
    assert harness.replay(30, 16, 99, seed, clicks, not won) is not None  # a different ending
    assert "on an uncovered square" in harness.replay(30, 16, 99, seed, clicks[:1] + clicks, won)
    assert harness.replay(30, 16, 99, seed + 1, clicks, won) is not None  # another board


def test_the_paired_figure_counts_only_the_games_one_side_alone_won():
    ours = {1: True, 2: True, 3: False, 4: False, 5: True}
    peer = {1: True, 2: False, 3: True, 4: False, 5: False}
    figure = harness.paired(ours, peer)
    assert (figure["only_ours_won"], figure["only_peer_won"]) == (2, 1)
    assert figure["ours_minus_peer_points"] == 20.0
    assert figure["ci95"][0] < 20.0 < figure["ci95"][1]
    assert 0.5 < figure["mcnemar_p"] < 0.6  # z = 1/sqrt(3)


diff_tool = load_tool("decision_diff")


@pytest.mark.slow
def test_drawn_layouts_fit_the_position_and_follow_its_chances():
    from solver_helpers import brute_force, small_positions

    from amigasweeper.engine import Shape

    checked = 0
    for seed, view in small_positions(Shape.SQUARE, 12):
        truth = brute_force(view)
        if truth is None or view.cells.count(-1) == 0:
            continue
        knowledge = Knowledge.from_view(view)
        rng = random.Random(seed)
        draws = [diff_tool.draw_layout(knowledge, rng) for _ in range(300)]
        topology = view.topology
        for layout in draws:  # every number seen is what the drawn layout would show
            assert all(sum(n in layout for n in topology.neighbours[c]) == v for c, v in enumerate(view.cells) if v >= 0)
            assert len(layout) == view.mines and all(c in layout for c, v in enumerate(view.cells) if v == -2)
        for cell, chance in enumerate(truth):
            if chance is not None:
                share = sum(cell in layout for layout in draws) / len(draws)
                assert abs(share - float(chance)) < 0.1, (seed, cell)
        checked += 1
    assert checked >= 5


def test_the_analysis_tool_finds_where_two_settings_part_and_plays_both_choices(capsys):
    report = diff_tool.main(["--peer-settings", "guess.TOLERANCE=0.5", "guess.LONG_TERM=False",
                             "--seeds", "7000000:7000012", "--layouts", "2", "--workers", "1"])  # fmt: skip
    assert report["games"] == 12 and report["points"] > 0
    everything = report["by_kind"]["all points"]
    assert everything["points"] == report["points"]
    assert sum(v["points"] for k, v in report["by_kind"].items() if k != "all points") == report["points"]
    assert all(k == "all points" or k.startswith("ours ") for k in report["by_kind"])
    assert '"points"' in capsys.readouterr().out


def test_the_same_settings_never_part():
    report = diff_tool.main(["--peer-settings", "guess.TOLERANCE=0.2", "--seeds", "7000000:7000004", "--layouts", "1", "--workers", "1"])
    assert report["games"] == 4 and report["points"] == 0


def test_unchanged_finds_the_same_player_click_alike_and_names_where_another_parts(tmp_path):
    same = tmp_path / "same.jsonl"
    diff_tool.main(["--peer-settings", "--seeds", "7000000:7000006", "--workers", "1", "--save-games", str(same)])
    report = diff_tool.main(["--games", str(same), "--unchanged", "--workers", "1"])
    assert report["games"] == 6 and report["games_clicked_alike"] == 6 and report["first_differences"] == []
    assert report["clicks"] > 6 * 20  # every click of every game was asked again, certain ones too
    other = tmp_path / "other.jsonl"
    diff_tool.main(["--peer-settings", "guess.TOLERANCE=0.5", "guess.LONG_TERM=False",
                    "--seeds", "7000000:7000012", "--workers", "1", "--save-games", str(other)])  # fmt: skip
    report = diff_tool.main(["--games", str(other), "--unchanged", "--workers", "1"])
    assert report["first_differences"] and report["games_clicked_alike"] < 12
    assert all(d["ours"] != d["theirs"] for d in report["first_differences"])


def test_saved_games_are_loaded_replayed_and_compared_without_node(tmp_path, capsys):
    lines = []
    for seed in (7000000, 7000001):
        clicks, won = our_clicks(seed)
        lines.append(harness.json.dumps({"seed": seed, "won": won, "clicks": clicks}))
    saved = tmp_path / "games.jsonl"
    saved.write_text("\n".join(lines) + "\n")
    assert harness.main(["--load", str(saved), "--seeds", "7000000:7000002", "--workers", "1"]) == 0
    report = harness.json.loads(capsys.readouterr().out)
    assert report["replayed_through_our_engine"]["same_result"] == 2
    assert report["paired"]["only_ours_won"] == report["paired"]["only_peer_won"] == 0  # the same player
    first = harness.json.loads(lines[0])
    first["won"] = not first["won"]  # a game that did not end the way it says
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join([harness.json.dumps(first), lines[1]]) + "\n")
    assert harness.main(["--load", str(tampered), "--seeds", "7000000:7000002", "--workers", "1"]) == 1
    assert harness.json.loads(capsys.readouterr().out)["replayed_through_our_engine"]["mismatches"] == {
        "7000000": "ended " + ("WON here, lost there" if not first["won"] else "LOST here, won there")
    }


def fake_checkout(root: Path, solver_main: str) -> Path:
    """A folder shaped like a JSMinesweeper checkout, holding only what the patch reads."""
    (root / "Minesweeper" / "client").mkdir(parents=True)
    (root / "Minesweeper" / "Utility").mkdir(parents=True)
    (root / "Minesweeper" / "client" / "solver_main.js").write_text(solver_main)
    (root / "Minesweeper" / "Utility" / "Binomial.js").write_text("// binomials\n")
    return root


def test_the_peer_is_patched_in_a_copy_so_that_its_tie_break_always_runs(tmp_path):
    source = "if (x) {\n    if (pe.duration < 50) {  // the clock test\n        tieBreak();\n    }\n}\n"
    checkout = fake_checkout(tmp_path / "checkout", source)
    copy = harness.build_peer(checkout, tmp_path / "copy")
    text = (copy / "Minesweeper" / "client" / "solver_main.js").read_text()
    assert "if (__amigasweeperTieBreak(pe.duration < 50)) {  // the clock test" in text
    assert "if (pe.duration < 50)" not in text
    assert (copy / "Minesweeper" / "Utility" / "Binomial.js").read_text() == "// binomials\n"
    assert (checkout / "Minesweeper" / "client" / "solver_main.js").read_text() == source  # the checkout is untouched


@pytest.mark.parametrize("source", ["tieBreak();\n", "if (pe.duration < 50) {}\nif (pe.duration < 50) {}\n"])
def test_a_peer_the_patch_was_not_written_for_is_refused_with_the_reason(tmp_path, source, capsys):
    checkout = fake_checkout(tmp_path / "checkout", source)
    with pytest.raises(harness.PatchError, match="expected `if \\(pe.duration < 50\\) \\{` once, found it [02] times"):
        harness.build_peer(checkout, tmp_path / "copy")
    node = tmp_path / "node"
    node.write_text("")
    assert harness.main(["--peer", str(checkout), "--node", str(node), "--seeds", "1:2", "--no-ours"]) == 2
    assert capsys.readouterr().out.startswith("the peer cannot be patched: client/solver_main.js: expected")


def test_the_patch_is_shown(capsys):
    assert harness.main(["--show-patch"]) == 0
    shown = capsys.readouterr().out
    assert "- if (pe.duration < 50) {\n+ if (__amigasweeperTieBreak(pe.duration < 50)) {" in shown


def test_the_tie_break_tally_counts_the_skips_the_clock_would_have_made():
    games = {1: {"tie_breaks": 4, "clock_skips": 1}, 2: {"tie_breaks": 6, "clock_skips": 0}, 3: {}}
    assert harness.tie_breaks(games, patched=True) == {
        "always_run": True, "reached": 10, "clock_would_skip": 1, "games_with_a_skip": 1, "skip_share": 0.1,
    }  # fmt: skip


PEER = os.environ.get("AMIGASWEEPER_PEER")  # a JSMinesweeper checkout, for the one test that plays it


@pytest.mark.skipif(not (PEER and harness.shutil.which("node")),
                    reason="needs node and a JSMinesweeper checkout named by AMIGASWEEPER_PEER (not in CI)")
def test_the_patched_peer_plays_and_counts_its_tie_breaks(tmp_path, capsys):
    saved = tmp_path / "peer.jsonl"
    assert harness.main(["--peer", PEER, "--seeds", "7100000:7100006", "--no-ours", "--save", str(saved)]) == 0
    report = harness.json.loads(capsys.readouterr().out)
    assert report["replayed_through_our_engine"]["same_result"] == 6
    assert report["peer_tie_break"]["always_run"] is True and report["peer_tie_break"]["reached"] > 0
    games = [harness.json.loads(line) for line in saved.read_text().splitlines()]
    assert all({"tie_breaks", "clock_skips", "clicks"} <= set(game) for game in games)


def stand_in_node(folder: Path) -> Path:
    """A program the harness can run as `node RUNNER CHECKOUT`: it plays every
    job with our player (the seed is the job's id) and prints the peer's JSON
    lines, so that the harness's streaming and --resume are tested without node."""
    program = folder / "node"
    program.write_text(
        f"#!{sys.executable}\n"
        "import json, sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from test_solver_tools import our_clicks\n"
        "for line in sys.stdin:\n"
        "    job = json.loads(line)\n"
        "    clicks, won = our_clicks(job['id'])\n"
        "    print(json.dumps({'id': job['id'], 'won': won, 'clicks': clicks, 'cpu_ms': 1.0,"
        " 'tie_breaks': 2, 'clock_skips': 0}), flush=True)\n"
    )
    program.chmod(0o755)
    return program


@pytest.mark.skipif(os.name != "posix", reason="the stand-in for node is a script run by its #! line")
def test_a_resumed_run_plays_only_the_seeds_its_file_lacks(tmp_path, capsys):
    checkout = fake_checkout(tmp_path / "checkout", "if (pe.duration < 50) {}\n")
    node = stand_in_node(tmp_path)
    saved = tmp_path / "peer.jsonl"
    first = our_clicks(7000000)
    # A run stopped after one game and halfway through writing the next, with a stray line besides.
    saved.write_text(harness.json.dumps({"seed": 7000000, "won": first[1], "clicks": first[0], "cpu_ms": 5.0})
                     + "\n[1, 2]\n" + '{"seed": 7000001, "won": tr')  # fmt: skip
    command = ["--peer", str(checkout), "--node", str(node), "--seeds", "7000000:7000003", "--no-ours", "--save", str(saved), "--resume"]
    assert harness.main(command) == 0
    report = harness.json.loads(capsys.readouterr().out)
    assert report["replayed_through_our_engine"]["same_result"] == 3
    assert report["peer"]["cpu_seconds"] == round((5.0 + 1.0 + 1.0) / 1000, 1)  # one game kept, two played
    assert report["peer_tie_break"]["reached"] == 4  # the kept game never reached it: it had no tally
    games = [harness.json.loads(line) for line in saved.read_text().splitlines()]
    assert [game["seed"] for game in games] == [7000000, 7000001, 7000002]
    assert games[0]["cpu_ms"] == 5.0 and games[1]["cpu_ms"] == 1.0


def test_resume_needs_a_file_and_the_peer_alone(tmp_path):
    for command in (["--resume", "--no-ours"], ["--resume", "--save", str(tmp_path / "f.jsonl")]):
        with pytest.raises(SystemExit):
            harness.main(command)
