"""Large, well-formed guides made up on the spot, for benchmarks and stress tests.

The text uses every common feature (styles, pens, buttons, macros, escapes,
tabs, indents) in realistic proportions, so timing it says something about
real manuals; every button leads to a node that exists.
"""

from __future__ import annotations

import random

_WORDS = (
    "mine square number cover uncover mark flag clear around board window screen "
    "menu pointer button level timer counter face smile ripple corner edge safe "
    "guess logic frontier chance workbench amiga topaz requester gadget"
).split()


def synthetic_guide(target_chars: int = 1_000_000, seed: int = 1) -> str:
    """A guide of about ``target_chars`` characters (at least one node)."""
    rng = random.Random(seed)
    parts = [
        "@database Synthetic.guide\n",
        "@$VER: Synthetic.guide 1.0 (21.11.2026)\n",
        "@author The benchmark\n",
        "@index N0\n",
        "@wordwrap\n",
        '@macro em "@{i}$1@{ui}"\n',
        '@macro go "@{\" $1 \" link $2}"\n',
    ]
    size = sum(map(len, parts))
    index = 0
    while size < target_chars:
        node = _node(rng, index)
        parts.append(node)
        size += len(node)
        index += 1
    # Every node links to the one after it, so one more closes the chain.
    parts.append(f'@node N{index} "Last"\nThe end.\n@endnode\n')
    return "".join(parts)


def _node(rng: random.Random, index: int) -> str:
    lines = [f'@node N{index} "Page {index}"', f"@next N{index + 1}"]
    if index:
        lines.append(f"@prev N{index - 1}")
    for _paragraph in range(rng.randint(3, 8)):
        lines.append(_sentence(rng, index))
        lines.append("")
    lines.append(f'@{{" Next " link N{index + 1}}} @{{go Back N{max(0, index - 1)}}}')
    lines.append("@endnode")
    return "\n".join(lines) + "\n"


def _sentence(rng: random.Random, index: int) -> str:
    words = []
    for _ in range(rng.randint(8, 24)):
        word = rng.choice(_WORDS)
        roll = rng.random()
        if roll < 0.06:
            word = f"@{{b}}{word}@{{ub}}"
        elif roll < 0.09:
            word = f"@{{em {word}}}"
        elif roll < 0.11:
            word = f"@{{fg shine}}{word}@{{fg text}}"
        elif roll < 0.13 and index:
            word = f'@{{"{word}" link N{rng.randrange(index)} {rng.randint(0, 3)}}}'
        elif roll < 0.14:
            word = f"\\@{word}@{{tab}}"
        words.append(word)
    return " ".join(words).capitalize() + "."


# -- pathological shapes, each one something real guides (or hostile ones) do --


def long_page_guide(lines: int = 180_000) -> str:
    """One page of ``lines`` short lines (a catalogue or a log pasted as a guide)."""
    body = "".join(f"Entry {number:6d}  @{{b}}name{number}@{{ub}}  some text\n" for number in range(lines))
    return f"@database Long.guide\n@node Main \"A long page\"\n{body}@endnode\n"


def endless_paragraph_guide(chars: int = 10_000_000) -> str:
    """One word-wrapped paragraph of about ``chars`` characters on one file line."""
    sentence = "the quick mine sweeper clears a frontier square by logic alone "
    paragraph = sentence * (chars // len(sentence) + 1)
    return f"@database Para.guide\n@wordwrap\n@node Main \"One paragraph\"\n{paragraph[:chars]}\n@endnode\n"


def wide_lines_guide(count: int = 20, width: int = 65_000) -> str:
    """``count`` unwrapped lines of ``width`` characters (tables, ASCII art gone wild)."""
    line = ("0123456789abcdef" * (width // 16 + 1))[:width]
    return "@database Wide.guide\n@node Main \"Wide lines\"\n" + f"{line}\n" * count + "@endnode\n"


def macro_bomb_guide(pages: int = 1, lines: int = 2_000) -> str:
    """A small guide whose macros multiply: each use of ``m5`` becomes 4**5
    copies of a word, so the file grows about 1,000 times when expanded."""
    macros = ['@macro m0 "boom "'] + [f'@macro m{n} "@{{m{n - 1}}}@{{m{n - 1}}}@{{m{n - 1}}}@{{m{n - 1}}}"' for n in range(1, 6)]
    body = "@{m5}\n" * (lines // pages)
    nodes = "".join(f"@node P{page}\n{body}@endnode\n" for page in range(pages))
    return "@database Bomb.guide\n" + "\n".join(macros) + "\n" + nodes.replace("@node P0\n", "@node Main\n", 1)


def many_nodes_guide(count: int = 100_000) -> str:
    """``count`` tiny nodes, each linking to the next."""
    nodes = "".join(f'@node N{n}\n@{{"next" link N{n + 1}}}\n@endnode\n' for n in range(count - 1))
    return f"@database Many.guide\n{nodes}@node N{count - 1}\nThe end.\n@endnode\n"
