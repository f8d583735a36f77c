"""Exports and backups: sessions and clubs as JSON documents, and a backup restored whole.

A backup holds every club, player and session with the ids, versions and token hashes that
links rely on; the public exports leave the token hashes out (writing.py). Deal records are
written as stored (raw), and restoring one checks each record with the rules engine again
(restoring.py, sessions.py, live_deals.py). A session's live deals (play by play) come along as
their start and plays, derived again when restored. A backup refused says why as data
(problems.py); scorekeeper/words/backup.py writes the sentence.
"""
