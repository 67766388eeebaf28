"""Z3 models: independent checks of the CP-SAT answers, explanations of infeasibility,
and searches for positions. Z3 is imported only inside the functions that use it."""
