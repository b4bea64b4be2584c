"""The grades, easiest first: the names specs, the command line and every kind's ladder use."""

GRADES = ("beginner", "easy", "medium", "hard", "expert", "extreme")
DIFFICULTIES = ("any",) + GRADES  # what a puzzle may be made to: any grade, or one of them
