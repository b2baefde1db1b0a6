"""A folder ``mkdocs serve`` watches, watched again when it is moved away and comes back."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from watchdog.events import FileModifiedEvent, FileSystemEvent, FileSystemEventHandler


class FolderReturns(FileSystemEventHandler):
    """Watches the folder that holds ``folder``: when ``folder`` goes or comes back, rebuild, and watch it again.

    MkDocs 1.6 watches with watchdog's polling observer, whose watch of a folder stops for good once
    the folder is gone (and MkDocs ignores the folder's own events): moved away and back, it was no
    longer watched and edits in it were never picked up.
    """

    def __init__(self, server: Any, folder: Path) -> None:
        self.server = server
        self.folder = os.path.abspath(folder)

    def on_any_event(self, event: FileSystemEvent) -> None:
        if self.folder not in (os.fsdecode(event.src_path), os.fsdecode(event.dest_path or "")):
            return
        # The server's own record of its watches (MkDocs 1.6): how often the folder is watched, and how.
        counts, watches = getattr(self.server, "_watched_paths", None), getattr(self.server, "_watch_refs", None)
        if not isinstance(counts, dict) or not isinstance(watches, dict) or self.folder not in watches:
            return
        if os.path.isdir(self.folder):  # a new watch: the old one stopped when the folder went
            watched = counts[self.folder]
            for _ in range(watched):
                self.server.unwatch(self.folder)
            for _ in range(watched):
                self.server.watch(self.folder)
        # What MkDocs does on a change in the folder: rebuild, then reload the browsers.
        self.server.observer.event_queue.put((FileModifiedEvent(self.folder), watches[self.folder]))
