"""``threadkeep chat``: the terminal conversation, attached to the command group by :func:`register`.

The prompt is read outside the event loop, so Ctrl-C at the prompt leaves at once; each turn
runs on one long-lived loop that also owns the open memory. A line that is exactly a command
(``/help``, ``/exit``, ``exit``, ``quit``, ``/new``) is never sent as a message, and
neither is any other ``/word``: it is refused with the list of commands (``//`` sends a
message that starts with ``/``). Piped input
gets exactly one reply line per message line.
"""

from __future__ import annotations

import asyncio
import queue
import re
import sys
import threading
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, TypeVar

import click

from threadkeep.cli.common import db_option
from threadkeep.config import Settings, default_user
from threadkeep.errors import NotFound, ThreadkeepError
from threadkeep.events import AnswerDelta, ConversationOpened, TurnDone, TurnFailed

__all__ = ["chat", "register", "CHAT_HELP"]

T = TypeVar("T")


user_option = click.option(
    "--user",
    "user",
    default=default_user,
    show_default="$THREADKEEP_USER or your login",
    help="The person (handle) whose memory to use.",
)

CHAT_HELP = """Commands (a line that is exactly one of these is not sent as a message):
  /help           this help
  /exit, /quit    leave (also: exit, quit, Ctrl-D, or Ctrl-C at the prompt)
  /new            start a new conversation
Any other /word is refused, not sent; to send a message that starts with "/", type "//".
Ctrl-C while an answer streams stops it; your message is kept and can be retried."""
_QUIT = {"exit", "quit", "/exit", "/quit", ":q"}
_COMMANDS = "/help, /exit, /quit, /new"
# "/clear" or "/reset everything" looks like a command; "/usr/bin is full" does not.
_SLASH_WORD = re.compile(r"/[A-Za-z][\w-]{0,40}")


def unknown_command(line: str) -> str | None:
    """The refusal for a line that looks like a command this chat does not have, else None."""
    word = line.split(maxsplit=1)[0] if line.strip() else ""
    if not _SLASH_WORD.fullmatch(word):
        return None
    return (
        f"unknown command {word} — not sent, nothing stored. Commands: {_COMMANDS}. "
        f"To send a message that starts with '/', type '//' (e.g. //{word[1:]} …)."
    )


@click.command()
@db_option
@user_option
@click.option("--conversation", "conversation_id", default=None, help="Continue this conversation id.")
@click.option("--model", default=None, help="Chat model spec (default: $THREADKEEP_MODEL or offline).")
def chat(db_url: str | None, user: str, conversation_id: str | None, model: str | None) -> None:
    """Chat in the terminal. With piped input: one message per line, one reply line per message.

    Type /help for commands; /exit, Ctrl-D or Ctrl-C at the prompt leaves.
    """
    interactive = sys.stdin.isatty()
    # The prompt is read outside the event loop, so Ctrl-C there interrupts at once; each
    # turn runs on one long-lived loop that also owns the open memory.
    with asyncio.Runner() as runner:
        memory = _run_on(runner, lambda: _open_async(db_url, model=model))
        session = _ChatSession(memory, user, conversation_id, interactive)
        try:
            if conversation_id is not None:
                # An unknown id is refused before anything is read (exit status 1), not per line.
                try:
                    runner.run(memory.get_conversation(conversation_id, user=user))
                except NotFound as e:
                    raise click.ClickException(
                        f"conversation {conversation_id!r} not found for {user!r}: `threadkeep conversations "
                        f"list --user {user}` shows theirs"
                    ) from e
            if interactive:
                _readline()
                click.echo(f"threadkeep chat as {user!r} — /help for commands, /exit or Ctrl-D to leave.", err=True)
            while True:
                line = _read_line(interactive)
                if line is None:
                    break
                command = line.strip()
                if not command:
                    continue
                if command.lower() in _QUIT:
                    break
                if command == "/help":
                    click.echo(CHAT_HELP, err=True)
                    continue
                if command == "/new":
                    session.cid, session.announced = None, False
                    click.echo("(the next message starts a new conversation)", err=True)
                    continue
                refusal = unknown_command(command)
                if refusal is not None:
                    click.echo(refusal, err=True)
                    continue
                if command.startswith("//"):
                    line = line.replace("//", "/", 1)  # the escape for a message that starts with "/"
                try:
                    _run_on(runner, partial(session.turn, line))
                except KeyboardInterrupt:
                    click.echo("", err=False)
                    click.echo("(stopped; your message is kept and can be retried)", err=True)
        finally:
            try:
                _run_on(runner, memory.close)
            except KeyboardInterrupt:
                pass


def _run_on(runner: asyncio.Runner, fn: Callable[[], Awaitable[T]]) -> T:
    try:
        return runner.run(fn())  # type: ignore[arg-type]
    except ThreadkeepError as e:
        raise click.ClickException(str(e)) from e


async def _open_async(db_url: str | None, **kw: Any):  # type: ignore[no-untyped-def]
    from threadkeep.engine import Memory  # lazy: CLI start-up (504 ms)

    return Memory.open(db_url, settings=Settings(), **kw)


def _readline() -> None:
    try:
        import readline  # noqa: F401  # lazy: may be missing on this platform (readline)
    except ImportError:
        pass


def _read_line(interactive: bool) -> str | None:
    """The next line, or None at the end (Ctrl-D, Ctrl-C at the prompt, end of the pipe)."""
    if not interactive:
        line = sys.stdin.readline()
        return line.rstrip("\n") if line else None
    try:
        return _prompt("you> ")
    except (EOFError, KeyboardInterrupt):
        _restore_terminal()
        click.echo("")  # leave the terminal on a fresh line
        return None


_TERMINAL: list[Any] = []  # the terminal's settings before the first prompt


def _prompt(text: str) -> str:
    """``input(text)`` read on a helper thread while this (the main) thread waits.

    readline waits for a key in C and leaves a Ctrl-C pending until that wait returns, so one
    that landed as the prompt was drawn took effect only after the next Enter. Waiting here in
    Python instead, the main thread raises KeyboardInterrupt at once; the terminal settings
    readline changed are put back (:func:`_restore_terminal`) and the reader thread, blocked
    in the wait, ends with the process.
    """
    if not _TERMINAL:
        try:
            import termios  # lazy: may be missing on this platform (termios)

            _TERMINAL.append(termios.tcgetattr(sys.stdin.fileno()))
        except (ImportError, OSError, ValueError):
            _TERMINAL.append(None)
    box: queue.Queue[tuple[str | None, BaseException | None]] = queue.Queue(maxsize=1)

    def read() -> None:
        try:
            box.put((input(text), None))
        except BaseException as e:  # noqa: BLE001  # handed to the waiting thread
            box.put((None, e))

    threading.Thread(target=read, name="threadkeep-prompt", daemon=True).start()
    while True:
        try:
            line, error = box.get(timeout=0.1)
        except queue.Empty:
            continue
        if error is not None:
            raise error
        return line or ""


def _restore_terminal() -> None:
    if _TERMINAL and _TERMINAL[0] is not None:
        try:
            import termios  # lazy: may be missing on this platform (termios)

            termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, _TERMINAL[0])
        except (ImportError, OSError, ValueError):
            pass


class _ChatSession:
    """One terminal conversation: prints each turn as it streams."""

    def __init__(self, memory: Any, user: str, cid: str | None, interactive: bool) -> None:
        self.memory, self.user, self.cid, self.interactive = memory, user, cid, interactive
        self.announced = False

    async def turn(self, line: str) -> None:
        parts: list[str] = []
        try:
            async for ev in self.memory.stream(line, user=self.user, conversation_id=self.cid, channel="cli"):
                if isinstance(ev, ConversationOpened):
                    self.cid = ev.conversation_id
                    if not self.announced:
                        click.echo(f"conversation: {self.cid}", err=True)
                        sys.stderr.flush()
                        self.announced = True
                    if self.interactive:
                        click.echo("assistant> ", nl=False)
                elif isinstance(ev, AnswerDelta):
                    if self.interactive:
                        click.echo(ev.text, nl=False)
                        sys.stdout.flush()
                    else:
                        parts.append(ev.text)
                elif isinstance(ev, TurnDone):
                    # Piped: exactly one line per reply, so a script can pair replies with lines.
                    click.echo("" if self.interactive else " ".join("".join(parts).split()))
                elif isinstance(ev, TurnFailed):
                    click.echo("")
                    click.echo(
                        f"error: {ev.error} (your message is kept; retry with `threadkeep retry {ev.user_message_id}`)",
                        err=True,
                    )
        except ThreadkeepError as e:
            click.echo(f"error: {e}", err=True)
            if not self.interactive:
                click.echo("")  # keep one reply line per input line
        await self.memory.drain_jobs()


def register(main_group: click.Group) -> None:
    """Add ``chat`` to ``main_group``."""
    main_group.add_command(chat)
