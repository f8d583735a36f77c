"""What the tests share: sessions started through the API or the web form, each game's deal
records, live deals from self-play, servers on real HTTP, throwaway PostgreSQL clusters.

Tests import these modules (never another test module); fixtures are in the conftest files."""
