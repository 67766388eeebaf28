"""A scenario's ``position:`` read into a ``HodState``, every bad field reported at once.

- ``read``: ``load_position`` (the Bosses, Favors, players and table fields, then the history
  replayed), ``POSITION_KEYS`` and ``ENTRY_KEYS``, ``cards_field``, ``number_field``,
  ``field_size``;
- ``checks``: what the position must make possible for the phase reached (no card twice, the
  Boss's and the players' cards dealt, the chips bet), each check skipped when a field it
  reads did not read.
"""

from .read import ENTRY_KEYS, POSITION_KEYS, cards_field, field_size, load_position, number_field

__all__ = ["ENTRY_KEYS", "POSITION_KEYS", "cards_field", "field_size", "load_position", "number_field"]
