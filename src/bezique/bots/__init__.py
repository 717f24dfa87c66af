"""Computer players. They see a deal only through the State interface."""
