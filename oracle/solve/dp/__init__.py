"""Dynamic programs: the coal-pulling stop problem of Auf Teufel komm raus, over plain
ovens (piece values and counts)."""
