"""What the browser tests share: phones, quick ways into a session, the live table, the checker."""
