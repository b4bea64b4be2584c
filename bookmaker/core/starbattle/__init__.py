"""Star Battle (LinkedIn's Queens at one star): regions of a square, k stars in each row,
column and region, no two touching."""
