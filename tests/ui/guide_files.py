"""Small guides made for the viewer's tests, written into a test's folder."""

from __future__ import annotations

from pathlib import Path

WIDE = (
    "@database Wide.guide\n"
    '@node Main "A wide table"\n'
    "Column  " + "".join(f"|{n:>3}: {chr(65 + n % 26) * 6}   " for n in range(24)) + "END\n"
    "@{b}Row one@{ub}" + "".join(f"  cell {n:03d} of the row  " for n in range(12)) + "END\n"
    "A short line.\n"
    '@{" A button far right " link Main}' + " " * 120 + '@{" Far " link Main}\n'
    "@endnode\n"
)

TOP = (
    "@database Top.guide\n"
    "@index Docs/Other.guide/Three\n"
    '@node Main "Top of the tree"\n'
    'Read @{" the other guide " link Docs/Other.guide/Two} or @{" a page of mine " link Mine}.\n'
    'A page with a slash: @{" help/about " link Help/About}\n'
    "@endnode\n"
    '@node Mine "My page"\nMine.\n@endnode\n'
    '@node Help/About "About, with a slash"\nThe node called Help/About.\n@endnode\n'
)

OTHER = (
    "@database Other.guide\n"
    '@node Main "Other main"\nOther main page.\n@endnode\n'
    '@node Two "Other, page two"\n'
    'Page two of the other guide.\n@{" Three " link Three} @{" Up " link /Top.guide/Mine}\n'
    "@endnode\n"
    '@node Three "Other, page three"\nPage three.\n@endnode\n'
)

INNER = (
    "@database Inner.guide\n"
    '@node Main "Inner"\n@{" Outside " link /Top.guide/Main}\n@endnode\n'
)


def write_tree(folder: Path) -> dict[str, Path]:
    """folder/Top.guide, folder/Docs/Other.guide, folder/Docs/Inner.guide, folder/Wide.guide."""
    (folder / "Docs").mkdir(parents=True, exist_ok=True)
    files = {
        "top": folder / "Top.guide",
        "other": folder / "Docs" / "Other.guide",
        "inner": folder / "Docs" / "Inner.guide",
        "wide": folder / "Wide.guide",
    }
    for key, text in (("top", TOP), ("other", OTHER), ("inner", INNER), ("wide", WIDE)):
        files[key].write_text(text, encoding="latin-1")
    return files
