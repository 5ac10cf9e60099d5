"""Development tools: screenshots, icons, texts to message ids. Not in the wheel or the bundle."""
