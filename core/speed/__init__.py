"""Speed: how fast a layout serves, trains and denoises, with a band."""
