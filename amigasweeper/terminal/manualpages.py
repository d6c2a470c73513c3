"""The text mode's `manual`: the AmigaGuide manual as plain text, a page at a time.

A manual page (an AmigaGuide node) is said as its title and its text, one
long answer that pages with `next`; each link on it is numbered where it
stands ("Command line (link 3)"), and typing the number follows it, as a
click on the button does in the help viewer. `back` retraces the pages
followed; `manual` alone opens the contents, `manual NAME` a page by its
name or title ("manual duel", "manual command line"). The manual is read
with guide/ (pure Python), once, when first asked for.
"""

from __future__ import annotations

from amigasweeper.access.narrator import LineKind
from amigasweeper.guide.manual import ManualPage, load_manual
from amigasweeper.guide.model import Document, Node
from amigasweeper.guide.sourceline import LayoutCommand as GuideCommand
from amigasweeper.guide.sourceline import LayoutStep, Link, Span

from .commands import CommandError, Handler, Verb, quoted
from .text_host import TextHost

LINK_WORD = "link"
STOPS = ".:;!?,"
BREAKS = (GuideCommand.LINE, GuideCommand.PAR)  # text that already ends a sentence, or goes on into what follows
CONTENTS = ("contents", "main", "index of pages")


def page_words(node: Node) -> tuple[str, list[str]]:
    """The page's text with its links numbered, and the target of each number (from 1).

    The page is one long line for the ear, so where the page breaks a line on
    purpose (a blank line, @{line} or @{par}, each row of a @{code} table,
    a row's indented lines going on with it) a sentence ends: a full stop is added where the text has no stop of its
    own, and the rows of a table are not read as one run-on sentence."""
    targets: list[str] = []
    units: list[str] = []  # the runs of text between the page's own breaks
    run: list[str] = []
    code = False

    def close() -> None:
        text = " ".join("".join(run).split())
        if text:
            units.append(text if text[-1] in STOPS else text + ".")
        run.clear()

    for source_line in node.lines:
        if not source_line.items or (code and not source_line.text()[:1].isspace()):
            close()  # a blank line; in a table, a row (its indented lines go on the row above)
        for item in source_line.items:
            if isinstance(item, Span):
                run.append(item.text)
            elif isinstance(item, Link) and item.kind.navigates:
                targets.append(item.target)
                run.append(f"{item.label.strip()} ({LINK_WORD} {len(targets)})")
            elif isinstance(item, Link):
                run.append(item.label)
            elif isinstance(item, LayoutStep) and item.command in BREAKS:
                close()
            elif isinstance(item, LayoutStep) and item.command in (GuideCommand.CODE, GuideCommand.BODY):
                close()
                code = item.command is GuideCommand.CODE
            else:  # another formatting command (a tab, an indent): a space between the words it parts
                run.append(" ")
        run.append(" ")
    close()
    return " ".join(units), targets


class ManualText:
    def __init__(self, game: TextHost) -> None:
        self.text = game
        self._document: Document | None = None
        self.node: Node | None = None  # the page being read
        self.targets: list[str] = []  # where its numbered links lead
        self.history: list[Node] = []  # the pages followed to this one, for back

    def handlers(self) -> dict[Verb, Handler]:
        return {Verb.MANUAL: self.manual, Verb.FOLLOW: self.follow, Verb.BACK: self.back}

    @property
    def document(self) -> Document:
        if self._document is None:
            self._document = load_manual()
        return self._document

    def manual(self, args: tuple[str, ...]) -> None:
        node = self.find(" ".join(args)) if args else self.document.node(ManualPage.MAIN.value)
        if node is None and args:
            names = ", ".join(node.name for node in self.document.nodes)
            self.text.page(LineKind.RESULT, f"no manual page {quoted(' '.join(args))}: the pages are {names}")
            return
        if node is None:
            raise CommandError("the manual cannot be found with this copy of the program")
        if self.node is not None and node is not self.node:
            self.history.append(self.node)
        self.show(node)

    def find(self, asked: str) -> Node | None:
        """The page named (by its node name or its title, in any case; a title's
        first words will do), else None."""
        wanted = " ".join(asked.lower().split())
        wanted = ManualPage.MAIN.value.lower() if wanted in CONTENTS else wanted
        nodes = self.document.nodes
        by_name = self.document.node(wanted.replace(" ", ""))
        if by_name is not None:
            return by_name
        for node in nodes:
            if node.title.lower() == wanted:
                return node
        for node in nodes:
            if wanted in node.title.lower():
                return node
        return None

    def show(self, node: Node) -> None:
        self.node = node
        words, self.targets = page_words(node)
        links = f"{len(self.targets)} links" if len(self.targets) != 1 else "1 link"
        self.text.page(LineKind.ASKED, f"manual page {node.name}: {node.title} ({links}; type a link's "
                                       f"number to follow it, back to go back). {words}")

    def follow(self, args: tuple[str, ...]) -> None:
        if self.node is None:
            raise CommandError("a number follows a link of the manual page being read: type manual first")
        number = int(args[0])
        if not 1 <= number <= len(self.targets):
            raise CommandError(f"this page has links 1 to {len(self.targets)}, not {number}"
                               if self.targets else "this page has no links: back goes back")
        target = self.document.node(self.targets[number - 1])
        if target is None:
            raise CommandError(f"link {number} leads outside the manual ({quoted(self.targets[number - 1])}), "
                               "which the text mode cannot show")
        self.history.append(self.node)
        self.show(target)

    def back(self, args: tuple[str, ...]) -> None:
        if not self.history:
            raise CommandError("there is no page to go back to: manual opens the contents")
        self.show(self.history.pop())
