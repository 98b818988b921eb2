"""Measurements that draw, run by `main.py` commands: `bench` (speed and memory figures),
`soak` (demo games back to back, memory and frame time over time), the two boards' frame
benches and `procstats` (this process's memory); and `cli`, the command line itself
(main.py runs it). No screen imports them."""
