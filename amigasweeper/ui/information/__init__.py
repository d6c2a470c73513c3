"""An icon's Information window (Icons > Information... on the Workbench)."""
