"""`python -m bookmaker` and the installed `bookmaker` script: the command line, with
Ctrl-C and SIGTERM handled from its first moment, while the modules are still loading.
A plain invocation (cli/plain.py) runs without click; any other goes to click."""

import sys


def run() -> None:
    """Run the command line; a stop during start-up is one line and the shell's code."""
    from .puzzles.interrupts import exit_code, pause_at, stop_message, stop_on_signals

    stop_on_signals()
    try:
        pause_at("starting")
        from .cli.plain import run_plain

        code = run_plain(sys.argv[1:])
        if code is None:
            from .cli import main
    except KeyboardInterrupt as stop:
        print(stop_message(stop), file=sys.stderr)
        sys.exit(exit_code(stop))
    if code is not None:
        sys.exit(code)
    main()


if __name__ == "__main__":
    run()
