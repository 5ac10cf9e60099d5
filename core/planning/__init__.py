"""The planner's options, the limits of a layout, and the cheapest fit."""
