"""One request on one GPU offer: the dispatcher, the engines and the typed result."""
