// Plays JSMinesweeper's solver on layouts it is given, with its own game engine.
//
// Written for AmigaSweeper's tools/peer_harness.py; it contains none of the
// peer's code: it loads the scripts of a JSMinesweeper checkout (its path is
// the first argument; the harness hands it a copy with its tie-break test
// patched, see PATCHES there) into this process, as its web page would, and
// drives them the way its own bulk-play function does (no flags, advanced
// guessing, full probability, the endgame search at its default threshold).
//
// Input, one JSON object a line on stdin:
//   {"id": 7, "width": 30, "height": 16, "mines": [cell, ...], "first": 0}
// (a cell is row * width + column). Output, one JSON line per game:
//   {"id": 7, "won": true, "clicks": [cell, ...], "cpu_ms": 12.5,
//    "tie_breaks": 3, "clock_skips": 0}
// where clicks are every square the solver uncovered, in order, the first
// click included; tie_breaks counts the times the patched test was reached
// and clock_skips those where the peer's own clock test (under 50 ms) failed,
// so that an unpatched peer would have skipped its tie-break (both stay 0 on
// an unpatched copy, which never calls the gate).
"use strict";

const fs = require("fs");
const path = require("path");
const readline = require("readline");
const vm = require("vm");

const SCRIPTS = [
    "Utility/Binomial.js",
    "Utility/PrimeSieve.js",
    "client/Tile.js",
    "client/Board.js",
    "client/MinesweeperGame.js",
    "client/SolutionCounter.js",
    "client/solver_probability_engine.js",
    "client/BruteForceAnalysis.js",
    "client/Brute_force.js",
    "client/FiftyFiftyHelper.js",
    "client/LongTermRiskHelper.js",
    "client/EfficiencyHelper.js",
    "client/solver_main.js",
];

const tally = { tieBreaks: 0, clockSkips: 0 };

// The gate the harness's patch puts around the peer's clock test: it is handed
// the test's own verdict, counts it, and always lets the tie-break run.
globalThis.__amigasweeperTieBreak = (clockAllows) => {
    tally.tieBreaks++;
    if (!clockAllows) tally.clockSkips++;
    return true;
};

function load(checkout) {
    // Into this process's own global scope, as script tags share a page's:
    // a separate vm context would make every global the peer reads slow.
    Object.assign(globalThis, {
        // What the web page's own script (main.js) would provide.
        showMessage() {},
        async sleep() {},  // its page lets the screen redraw during long searches: no screen here
        // The tile codes its page defines (a mine, covered, flagged).
        BOMB: 9, HIDDEN: 10, FLAGGED: 11,
        analysisMode: false,
        oldrng: false,
        board: null,
        // The page's download link for a board: nothing to download here.
        window: { URL: { revokeObjectURL() {} } },
        Blob: class { },
    });
    URL.createObjectURL = () => null;
    const base = path.join(checkout, "Minesweeper");
    console.log = () => {};  // the peer logs as it plays; our output is the JSON lines
    for (const script of SCRIPTS) {
        const file = path.join(base, script);
        vm.runInThisContext(fs.readFileSync(file, "utf8"), { filename: file });
    }
    // As its page starts up: the binomial tables, and the solver's initialisation call.
    vm.runInThisContext(
        "var binomialCache = new BinomialCache(5000, 500, new Binomial(65000, 500)); solver(null, null);");
}

function play(game) {
    const width = game.width, height = game.height;
    const layout = [width, height, game.mines.length];
    for (const cell of game.mines) {
        layout.push(cell % width, Math.floor(cell / width));
    }
    globalThis.__layout = layout;
    globalThis.__first = game.first;
    return vm.runInThisContext(`(async () => {
        const reply = createGameFromArray(__layout, __first);
        const peerGame = getGame(reply.id);
        const board = new Board(0, __layout[0], __layout[1], __layout[2], 0, "safe");
        globalThis.board = board;  // its long-term risk helper reads the page's board for its size
        const options = { playStyle: PLAY_STYLE_NOFLAGS, verbose: false, advancedGuessing: true,
                          fullProbability: true, hardcore: false };
        const clicks = [__first];
        let revealed = peerGame.clickTile(peerGame.getTile(__first));
        if (revealed.header.status != LOST) applyResults(board, revealed);
        let rounds = 0;
        while (revealed.header.status == IN_PLAY && rounds++ < 100000) {
            const actions = (await solver(board, options)).actions;
            let moved = false;
            for (let i = 0; i < actions.length; i++) {
                const action = actions[i];
                if (action.action != ACTION_CLEAR) continue;
                if (i == 0 || action.prob == 1) {
                    const index = board.xy_to_index(action.x, action.y);
                    if (!peerGame.getTile(index).isCovered()) continue;  // opened by an earlier click
                    clicks.push(index);
                    moved = true;
                    revealed = peerGame.clickTile(peerGame.getTile(index));
                    if (revealed.header.status != IN_PLAY) break;
                    applyResults(board, revealed);
                }
                if (action.prob != 1) break;  // nothing more after a guess
            }
            if (!moved) break;  // the solver had nothing to uncover
        }
        serverGames.delete(reply.id);
        return { won: revealed.header.status == WON, clicks };
    })()`);
}

async function main() {
    const checkout = process.argv[2];
    load(checkout);
    const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
    for await (const line of lines) {
        if (!line.trim()) continue;
        const game = JSON.parse(line);
        tally.tieBreaks = tally.clockSkips = 0;
        const before = process.cpuUsage();
        const result = await play(game);
        const used = process.cpuUsage(before);
        process.stdout.write(JSON.stringify({
            id: game.id, won: result.won, clicks: result.clicks,
            cpu_ms: (used.user + used.system) / 1000,
            tie_breaks: tally.tieBreaks, clock_skips: tally.clockSkips,
        }) + "\n");
    }
}

main().catch((error) => {
    process.stderr.write(String(error && error.stack || error) + "\n");
    process.exit(1);
});
