"""Who follows what: each topic's latest version and its followers, told of a new version and
of the heartbeat's tick."""

from __future__ import annotations

from collections import Counter
from typing import Protocol

Topic = tuple[str, str]  # ("session" | "club" | "tournament", its public id)


class Follower(Protocol):
    """One open stream, told of its topic's new versions and of each heartbeat's tick."""

    topic: Topic
    client: str

    def wake(self) -> None:
        """Its topic has a new version."""

    def tick(self) -> None:
        """Time for a heartbeat."""


class TooMany(Exception):
    """The client already holds as many streams as one client may."""


class Hub:
    """The topics followed in this process, their versions and their followers."""

    def __init__(self, per_client: int) -> None:
        self.per_client = per_client
        self.versions: dict[Topic, int] = {}
        self.followers: dict[Topic, set[Follower]] = {}
        self.clients: Counter[str] = Counter()

    def follow(self, follower: Follower) -> None:
        """Add a follower, or raise TooMany when its client holds the most it may."""
        if self.clients[follower.client] >= self.per_client:
            raise TooMany
        self.clients[follower.client] += 1
        self.followers.setdefault(follower.topic, set()).add(follower)

    def leave(self, follower: Follower) -> None:
        """Forget a stream that ended; a topic no one follows is forgotten too."""
        self.clients[follower.client] -= 1
        if not self.clients[follower.client]:
            del self.clients[follower.client]
        followers = self.followers.get(follower.topic, set())
        followers.discard(follower)
        if not followers:
            self.followers.pop(follower.topic, None)
            self.versions.pop(follower.topic, None)

    def publish(self, topic: Topic, version: int) -> None:
        """`topic` is at `version` now: wake its followers if that is news."""
        if topic not in self.followers or version <= self.versions.get(topic, -1):
            return
        self.versions[topic] = version
        for follower in self.followers[topic]:
            follower.wake()

    def tick(self) -> None:
        """Wake every follower, which sends its heartbeat if nothing else."""
        for followers in self.followers.values():
            for follower in followers:
                follower.tick()

    def topics(self) -> list[Topic]:
        """The topics followed now."""
        return list(self.followers)
