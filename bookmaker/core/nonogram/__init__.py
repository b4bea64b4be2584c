"""Nonograms (Pic-a-Pix, Griddlers, Hanjie): a picture's black cells told by run lengths."""
