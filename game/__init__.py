"""Headless side of Unicorn Arcade: rules, AI players, simulation, saves. No pygame here."""
