"""CP-SAT models (OR-Tools), imported only where a question needs them."""
