"""The Intuition layer: screen, windows, gadgets, menus, requesters, font,
palette and pointer. It knows nothing of Minesweeper."""
