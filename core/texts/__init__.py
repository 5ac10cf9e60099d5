"""Message templates (Qt Linguist sources) and the keyed Message type: the lowest layer."""
