"""The pure puzzle core: standard library only, no files, no printing, no clock."""
