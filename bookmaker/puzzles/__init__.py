"""Making and keeping puzzles for both pipelines: jobs run on executors, no repeats, the
series registry, and puzzle files read line by line."""
