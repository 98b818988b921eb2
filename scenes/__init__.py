"""Everything on screen: the engine (loop, scene stack, input) and one module per screen."""
