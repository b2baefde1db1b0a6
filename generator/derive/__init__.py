"""Stage 3: compute everything a reader sees that comes from a number."""
