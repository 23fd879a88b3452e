"""A viewer's tab that keeps what the page shows besides the form: who is present and how many,
every caret, what Step says (the audience tests: test_audience_live.py, test_audience_elsewhere.py)."""

from harness import Typist, merge


class Watcher(Typist):
    """A tab that keeps who is present, how many, every caret and what Step says, as the page
    does: the snapshot sets them, `presence`, `carets` and `stepping` move them."""

    def __init__(self, *arguments, **keywords):
        super().__init__(*arguments, **keywords)
        self.present, self.count, self.carets, self.live_messages, self.errors = set(), None, {}, 0, []
        self.snapshot_counts = []  # the `count` of every snapshot, before any presence moves it

    async def receive(self, message, socket):
        kind = message["type"]
        if kind == "snapshot":
            self.present, self.count = set(message["present"]), message["count"]
            self.snapshot_counts.append(message["count"])
            self.carets = {caret["member"]: caret for caret in message.get("carets", [])}
        elif kind == "presence":
            self.live_messages += 1
            self.present = (self.present | {member["member"] for member in message["joined"]}) - set(message["left"])
            self.count = message["count"]
        elif kind == "carets":
            self.live_messages += 1
            for caret in message["carets"]:
                self.carets[caret["member"]] = caret
        elif kind == "stepping":
            self.live_messages += 1
            self.state = merge(self.state, message["patch"])
        elif kind == "error":
            self.errors.append(message["code"])
            # As the page: a session that is gone is not asked for again.
            if message["code"] == "unknown_session":
                self.reconnecting = False
        await super().receive(message, socket)

    @property
    def view(self):
        """What the page shows besides the form: present members, counts, carets, Step."""
        carets = {member: (caret.get("at"), caret.get("length")) for member, caret in self.carets.items()}
        return sorted(self.present), self.count, carets, (self.state or {}).get("stepping")
