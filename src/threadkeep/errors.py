"""The one exception tree of threadkeep.

::

    ThreadkeepError
    ├── ConfigError                 a setting is missing or wrong; the message says how to fix it
    │   └── MasterKeyError          the master key file/env var is missing, unreadable or wrong
    ├── InputError                  the caller sent something we refuse (HTTP 4xx)
    │   ├── EmptyMessage
    │   ├── MessageTooLarge         over the byte limit (numbers in the message)
    │   ├── InvalidText             not valid UTF-8, or contains NUL bytes
    │   ├── ContextOverflow         not even part of the new message fits the token ceiling (413)
    │   ├── InvalidRating           (engine/conversations.py) a feedback rating other than up or down
    │   ├── IdempotencyMismatch     (engine/idempotency.py) a key reused for another request (422)
    │   └── ImportFormatError       (imports/model.py) not a valid export; names the place
    │       └── ImportLimitError    (imports/model.py) past a reader's limit; names it and the file
    ├── NotFound                    unknown id, or an id that belongs to someone else (HTTP 404)
    ├── Gone                        the person was deleted, and a deletion is final (HTTP 410)
    ├── Conflict                    the state does not allow it (retrying a turn that did not fail)
    │   └── IdentityConflict        (memory/people/identities.py) the identity belongs to another person
    ├── IntegrityError              a ciphertext failed authentication (tampered or swapped)
    ├── ProviderError               a model provider failed; the person's message is kept
    │   ├── ProviderTimeout
    │   ├── ProviderRateLimited     HTTP 429; ``retry_after`` seconds when the provider said so
    │   ├── ProviderQuotaExceeded   HTTP 429 ``insufficient_quota``: the account has no credit, never retried
    │   ├── ProviderServerError     HTTP 5xx
    │   ├── ProviderAuthError       HTTP 401/403: a configuration problem, never retried
    │   ├── ProviderBadRequest      HTTP 400/404/422: our request was refused, never retried
    │   ├── ProviderConnectionError the network failed before an answer
    │   ├── MalformedResponse       the stream or body did not follow the documented format
    │   └── UnusableAnswer          a structured answer was refused, cut off, or still invalid
    │                               after one repair (llm/structured.py); never retried
    └── PlatformError               a chat platform refused a call or could not be reached
        ├── SlackError              (surfaces/slack.py) the Web API said ``ok: false``
        ├── TelegramError           (surfaces/telegram.py) the Bot API said ``ok: false``
        └── MattermostError         (surfaces/mattermost.py) the server refused a call

Outside the tree on purpose: ``jobs.Defer`` (a signal to run a job later, not an error) and
``api.errors.ApiError`` (an HTTP refusal the API raises itself — auth, scope, rate limit —
rendered by its own handler). ``tests/test_errors.py`` checks that this drawing is the class
tree and that no other exception class stands outside it.
"""

from __future__ import annotations

__all__ = [
    "ThreadkeepError",
    "ConfigError",
    "MasterKeyError",
    "InputError",
    "EmptyMessage",
    "MessageTooLarge",
    "InvalidText",
    "ContextOverflow",
    "NotFound",
    "Gone",
    "Conflict",
    "IntegrityError",
    "ProviderError",
    "ProviderTimeout",
    "ProviderRateLimited",
    "ProviderQuotaExceeded",
    "ProviderServerError",
    "ProviderAuthError",
    "ProviderBadRequest",
    "ProviderConnectionError",
    "MalformedResponse",
    "UnusableAnswer",
    "PlatformError",
]


class ThreadkeepError(Exception):
    """Root of every error threadkeep raises on purpose."""


class ConfigError(ThreadkeepError):
    """A setting is missing or wrong; the message says how to fix it."""


class MasterKeyError(ConfigError):
    """The master key is missing, unreadable, or does not open the stored data keys."""


class InputError(ThreadkeepError):
    """The caller sent input that threadkeep refuses; nothing was stored."""

    status_code = 400


class EmptyMessage(InputError):
    """The message has no text (only whitespace counts as empty)."""


class MessageTooLarge(InputError):
    """The message is longer than the configured byte limit."""

    status_code = 413


class InvalidText(InputError):
    """The text is not valid UTF-8 or contains NUL bytes."""


class ContextOverflow(InputError):
    """The context window is too small to show even part of the new message (a message larger
    than the budget is otherwise shown in part, never refused)."""

    status_code = 413


class NotFound(ThreadkeepError):
    """The id is unknown, or belongs to someone else (never distinguished)."""

    status_code = 404


class Gone(ThreadkeepError):
    """The person was deleted, and a deletion is final."""

    status_code = 410


class Conflict(ThreadkeepError):
    """The object is not in a state that allows the operation."""

    status_code = 409


class IntegrityError(ThreadkeepError):
    """A ciphertext did not authenticate: it was altered or moved to another row."""


class ProviderError(ThreadkeepError):
    """A model provider failed. ``retryable`` says whether trying again may help."""

    retryable = False

    def __init__(self, message: str, *, provider: str = "", status: int | None = None) -> None:
        super().__init__(message)
        self.provider = provider
        self.status = status


class ProviderTimeout(ProviderError):
    retryable = True


class ProviderRateLimited(ProviderError):
    retryable = True

    def __init__(
        self,
        message: str,
        *,
        provider: str = "",
        status: int | None = 429,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message, provider=provider, status=status)
        self.retry_after = retry_after


class ProviderQuotaExceeded(ProviderError):
    """The provider account is out of credit or over its spending limit (OpenAI's 429
    ``insufficient_quota``): waiting does not help, someone has to add credit."""

    def __init__(self, message: str, *, provider: str = "", status: int | None = 429) -> None:
        super().__init__(message, provider=provider, status=status)


class ProviderServerError(ProviderError):
    retryable = True


class ProviderAuthError(ProviderError):
    pass


class ProviderBadRequest(ProviderError):
    pass


class ProviderConnectionError(ProviderError):
    retryable = True


class MalformedResponse(ProviderError):
    pass


class UnusableAnswer(ProviderError):
    """The model answered, but not with what was asked: a refusal, an answer cut off at its
    token limit, or one still invalid after the repair round. Asking again at the same
    temperature would give the same; the caller falls back. ``usage``: what the calls that
    led to it cost (a :class:`threadkeep.llm.base.Usage`, or None)."""

    usage: object = None


class PlatformError(ThreadkeepError):
    """A chat platform (Slack, Telegram, Mattermost) refused a call or could not be reached.

    Raised by the surfaces' posters; the job that posts an answer is retried, and the answer
    stays stored."""

    status_code = 502
