"""Calcudoku: a Latin square whose cages show a target and an operation (+, −, ×, ÷), in
three kinds: all four operations, addition only (for children), and hidden operations
(the target alone, for experts)."""
