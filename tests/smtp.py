"""A real SMTP server on 127.0.0.1 for the tests and the benchmark (aiosmtpd, in a thread): it keeps
every message it accepted, and can be stopped and started again on its port (a server that is down)."""

from __future__ import annotations

import contextlib
import email
import email.policy
import logging
import socket
import threading
from collections import Counter

from aiosmtpd.controller import Controller

logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd logs every command


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Mailbox:
    """What the server accepted.  ``before_accept(n)``, called with the number of the message being
    taken (1, 2, ...), may return an SMTP answer to refuse it (a 4xx or 5xx line)."""

    def __init__(self, keep: bool = True):
        self.keep = keep  # the messages themselves (the benchmark's server counts only)
        self.total = 0
        self.accepted: list[tuple[list[str], bytes]] = []  # (recipients, content), parsed when read
        self.lock = threading.Lock()
        self.received = 0
        self.before_accept = None
        self.after_accept = None
        self.refuse: dict[str, str] = {}  # address -> the RCPT answer
        self.counts: Counter = Counter()  # mails by address (lower case), kept as they come
        self.twice = 0  # addresses that got more than one

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() in self.refuse:
            return self.refuse[address.lower()]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.received += 1
            number = self.received
        if self.before_accept:
            answer = self.before_accept(number)
            if answer:
                return answer
        with self.lock:
            self.total += 1
            if self.keep:
                self.accepted.append((list(envelope.rcpt_tos), envelope.content))
            for address in envelope.rcpt_tos:
                self.counts[address.lower()] += 1
                self.twice += self.counts[address.lower()] == 2
        if self.after_accept:
            self.after_accept(number)
        return "250 Message accepted for delivery"

    @property
    def messages(self) -> list[email.message.EmailMessage]:
        with self.lock:
            accepted = list(self.accepted)
        return [email.message_from_bytes(content, policy=email.policy.default) for _to, content in accepted]

    def count(self) -> int:
        with self.lock:
            return self.total

    def by_address(self) -> Counter:
        """How many mails each recipient got (the envelope's, lower case)."""
        with self.lock:
            return Counter(self.counts)

    def totals(self) -> dict:
        with self.lock:
            return {"mails": self.total, "addresses": len(self.counts), "twice": self.twice}


class SmtpServer:
    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.mailbox = Mailbox()
        self.controller = None

    def start(self) -> SmtpServer:
        # A name of its own: else each connection asks the resolver for this machine's (socket.getfqdn),
        # seconds when DNS is slow.
        self.controller = Controller(self.mailbox, hostname="127.0.0.1", port=self.port,
                                     server_hostname="smtp.test")
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller:
            self.controller.stop()
            self.controller = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"


def serve(port: int, stats: str) -> None:
    """The server in a process of its own (the benchmark's), its event loop in the main thread: every
    0.2 s, and when stopped (SIGTERM), it writes to the file ``stats`` how many mails it accepted, for
    how many addresses, how many twice."""
    import asyncio
    import json
    import os
    import signal

    from aiosmtpd.smtp import SMTP

    mailbox = Mailbox(keep=False)

    def write() -> None:
        with open(stats + ".tmp", "w") as out:
            json.dump(mailbox.totals(), out)
        os.replace(stats + ".tmp", stats)

    async def main() -> None:
        stopping = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopping.set)
        server = await asyncio.get_running_loop().create_server(
            lambda: SMTP(mailbox, hostname="smtp.test"), "127.0.0.1", port)
        while not stopping.is_set():
            write()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), 0.2)
        server.close()
        write()

    asyncio.run(main())


if __name__ == "__main__":
    import sys

    serve(int(sys.argv[1]), sys.argv[2])
