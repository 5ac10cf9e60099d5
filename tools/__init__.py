"""Development tools: screenshots and icon drawing. Not part of the wheel or the bundle."""
