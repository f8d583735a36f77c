"""The change streams: Server-Sent Events that tell each follower a session's, club's or
tournament's new version the moment it is committed (shared/API.md "Changes as they happen").

An async tier of its own (an ASGI app under uvicorn, `app.py`), beside gunicorn's threads, since
each open stream costs it a few kilobytes rather than a thread: `hub.py` keeps who follows what,
`sources.py` hears the versions (PostgreSQL's LISTEN/NOTIFY, or one poll of SQLite for all
streams), `sse.py` writes the events.
"""
