"""The Workbench window's menus, as Workbench 3.1 has them (as data, no pyxel).

The items, their order, their Right-Amiga keys and the sub-items are 3.1's:
Workbench (Backdrop, Execute Command..., Redraw All, Update All, Last
Message, About..., Quit...), Window (New Drawer, Open Parent, Close, Update,
Select Contents, Clean Up, Snapshot with Window and All, Show with Only
Icons and All Files, View By with Icon, Name, Date and Size), Icons (Open,
Copy, Rename..., Information..., Snapshot, UnSnapshot, Leave Out, Put Away,
then Delete..., Format Disk..., Empty Trash) and Tools (ResetWB). Which of
them mean something here, and why the rest are ghosted, is workbenchcontrol.py's.
"""

from __future__ import annotations

from enum import Enum

from ..intuition.menus import ItemKind, Menu, MenuItem


class WorkbenchCommand(str, Enum):
    BACKDROP = "wb_backdrop"
    EXECUTE = "wb_execute"
    REDRAW_ALL = "wb_redraw_all"
    UPDATE_ALL = "wb_update_all"
    LAST_MESSAGE = "wb_last_message"
    ABOUT = "wb_about"
    QUIT = "wb_quit"
    NEW_DRAWER = "wb_new_drawer"
    OPEN_PARENT = "wb_open_parent"
    CLOSE = "wb_close"
    UPDATE = "wb_update"
    SELECT_CONTENTS = "wb_select_contents"
    CLEAN_UP = "wb_clean_up"
    SNAPSHOT = "wb_snapshot"  # the Window menu's Snapshot, with its two sub-items
    SNAPSHOT_WINDOW = "wb_snapshot_window"
    SNAPSHOT_ALL = "wb_snapshot_all"
    SHOW = "wb_show"
    SHOW_ICONS = "wb_show_icons"
    SHOW_ALL_FILES = "wb_show_all_files"
    VIEW_BY = "wb_view_by"
    VIEW_BY_ICON = "wb_view_by_icon"
    VIEW_BY_NAME = "wb_view_by_name"
    VIEW_BY_DATE = "wb_view_by_date"
    VIEW_BY_SIZE = "wb_view_by_size"
    OPEN = "wb_open"
    COPY = "wb_copy"
    RENAME = "wb_rename"
    INFORMATION = "wb_information"
    ICON_SNAPSHOT = "wb_icon_snapshot"
    UNSNAPSHOT = "wb_unsnapshot"
    LEAVE_OUT = "wb_leave_out"
    PUT_AWAY = "wb_put_away"
    DELETE = "wb_delete"
    FORMAT_DISK = "wb_format_disk"
    EMPTY_TRASH = "wb_empty_trash"
    RESET_WB = "wb_reset"


C = WorkbenchCommand


def _choice(label: str, command: WorkbenchCommand, group: str) -> MenuItem:
    return MenuItem(label, command, kind=ItemKind.CHOICE, group=group)


WORKBENCH_MENUS: tuple[Menu, ...] = (
    Menu(
        "Workbench",
        (
            MenuItem("Backdrop", C.BACKDROP, "B", ItemKind.TOGGLE),
            MenuItem("Execute Command...", C.EXECUTE, "E"),
            MenuItem("Redraw All", C.REDRAW_ALL),
            MenuItem("Update All", C.UPDATE_ALL),
            MenuItem("Last Message", C.LAST_MESSAGE),
            MenuItem("About...", C.ABOUT, "?"),
            MenuItem("Quit...", C.QUIT, "Q"),
        ),
    ),
    Menu(
        "Window",
        (
            MenuItem("New Drawer", C.NEW_DRAWER, "N"),
            MenuItem("Open Parent", C.OPEN_PARENT),
            MenuItem("Close", C.CLOSE, "K"),
            MenuItem("Update", C.UPDATE),
            MenuItem("Select Contents", C.SELECT_CONTENTS, "A"),
            MenuItem("Clean Up", C.CLEAN_UP, "."),
            MenuItem("Snapshot", C.SNAPSHOT, sub=(MenuItem("Window", C.SNAPSHOT_WINDOW), MenuItem("All", C.SNAPSHOT_ALL))),
            MenuItem("Show", C.SHOW, sub=(_choice("Only Icons", C.SHOW_ICONS, "show"),
                                           _choice("All Files", C.SHOW_ALL_FILES, "show"))),
            MenuItem("View By", C.VIEW_BY, sub=tuple(
                _choice(label, command, "view") for label, command in
                (("Icon", C.VIEW_BY_ICON), ("Name", C.VIEW_BY_NAME), ("Date", C.VIEW_BY_DATE), ("Size", C.VIEW_BY_SIZE))
            )),
        ),
    ),
    Menu(
        "Icons",
        (
            MenuItem("Open", C.OPEN, "O"),
            MenuItem("Copy", C.COPY, "C"),
            MenuItem("Rename...", C.RENAME, "R"),
            MenuItem("Information...", C.INFORMATION, "I"),
            MenuItem("Snapshot", C.ICON_SNAPSHOT, "S"),
            MenuItem("UnSnapshot", C.UNSNAPSHOT, "U"),
            MenuItem("Leave Out", C.LEAVE_OUT, "L"),
            MenuItem("Put Away", C.PUT_AWAY, "P"),
            MenuItem("Delete...", C.DELETE, bar_before=True),
            MenuItem("Format Disk...", C.FORMAT_DISK),
            MenuItem("Empty Trash", C.EMPTY_TRASH),
        ),
    ),
    Menu("Tools", (MenuItem("ResetWB", C.RESET_WB),)),
)

# What each ghosted item would do on an Amiga, and why it has no meaning here
# (the manual's Workbench page says the same to the player).
GHOSTED = {
    C.EXECUTE: "this program runs no shell and no commands",
    C.NEW_DRAWER: "the Workbench window holds disks, and this program makes no folders",
    C.OPEN_PARENT: "the Workbench window is the top: it has no parent",
    C.CLOSE: "the Workbench window cannot close",
    C.SHOW: "it acts on a drawer's files, and the Workbench window holds no drawer's files",
    C.VIEW_BY: "it acts on a drawer's files, and the Workbench window holds no drawer's files",
    C.COPY: "nothing here may be copied",
    C.RENAME: "the disks and the program keep their names",
    C.LEAVE_OUT: "every icon is out on the Workbench already",
    C.PUT_AWAY: "no icon was left out of a drawer",
    C.DELETE: "nothing here may be deleted",
    C.FORMAT_DISK: "no disk of yours will be formatted",
    C.EMPTY_TRASH: "there is no Trashcan",
}
