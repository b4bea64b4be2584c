"""The book pipeline: plan -> produce -> compose -> render -> write, and the cover."""
