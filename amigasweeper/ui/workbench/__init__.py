"""The Workbench window behind everything: the backdrop with our icons."""
