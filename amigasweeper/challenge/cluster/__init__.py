"""Tournaments past one machine: the tables on a Ray cluster, every bot still sealed on its own node.

Ray is optional (the ``cluster`` extra): importing this package does not
import it; a run with ``--executor ray`` does (see ``runtime``). ``RayTables``
is the executor (see ``tables``), ``TableAgent`` the actor that seals and
runs one table on a node (see ``agent``), and ``pools`` spreads the
research tools' games over the same cluster.
"""

from .runtime import ClusterUnavailable, ray_missing
from .tables import RayTables

__all__ = ["ClusterUnavailable", "RayTables", "ray_missing"]
