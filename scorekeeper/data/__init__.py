"""The data layer: the models (raw deal records, live deals, clubs), exactly-once writes and
conflicts, backups. Below every area of pages and the API; above only the rules engine."""
