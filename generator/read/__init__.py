"""Stage 1: find a guide's data files and read them safely, with line numbers."""
