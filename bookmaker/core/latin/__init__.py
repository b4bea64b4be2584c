"""What the Latin-square kinds share: a seeded fill, the square's turns and mirrors, a
propagating search with a hook for each kind's own rules, and digging to a grade."""
