"""Signed URLs whose signature has expired: an Azure shared access signature carries its own end
(`se=`, the signed expiry) beside its signature (`sig=`), and an AWS or Google presigned URL its signing time and
lifetime (`X-Amz-Date` and `X-Amz-Expires`, `X-Goog-Date` and `X-Goog-Expires`, at most a week); the service
refuses it after that moment, so an expired one grants nothing and goes to a person as pending, with its expiry
named. This holds for every value in the query: the signature, and the temporary key id in `X-Amz-Credential`. A
signature whose access comes from a stored policy (`si=`) or whose expiry is missing or unreadable is left to the
judge.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from urllib.parse import unquote

from .registry import _filter

# The query string around the signature: from a separator before it to a quote or space after.
_QUERY_END = re.compile(r"""["'\s<>`]""")
_SIGNED_EXPIRY = re.compile(r"(?:^|[?&])se=([^&#]+)")
# ISO 8601 as Azure writes it: a date, optionally a time in minutes or seconds, in UTC.
_ISO_TIME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?Z?)?$")


# A presigned URL's signing time (ISO 8601 basic, UTC) and lifetime in seconds, AWS's or Google's.
_PRESIGNED_DATE = re.compile(r"(?:^|[?&])X-(Amz|Goog)-Date=(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?=&|$)", re.I)
_PRESIGNED_EXPIRES = re.compile(r"(?:^|[?&])X-(Amz|Goog)-Expires=(\d{1,7})(?=&|$)", re.I)


def _query_around(value: str, line: str) -> str | None:
    at = line.find(value)
    if at < 0:
        return None
    start = max(line.rfind(c, 0, at) for c in "\"' \t<>`") + 1
    end_match = _QUERY_END.search(line, at)
    return line[start : end_match.start() if end_match else len(line)]


def presigned_expiry(value: str, line: str) -> datetime | None:
    """When the AWS (SigV4) or Google (V4) presigned URL holding `value` on the line stops working, in UTC; None
    when the line has no such URL there or its date or lifetime is missing."""
    query = _query_around(value, line)
    if query is None:
        return None
    date, lifetime = _PRESIGNED_DATE.search(query), _PRESIGNED_EXPIRES.search(query)
    if date is None or lifetime is None or date.group(1).lower() != lifetime.group(1).lower():
        return None
    try:
        signed = datetime(*(int(x) for x in date.groups()[1:]), tzinfo=timezone.utc)
    except ValueError:
        return None
    return signed + timedelta(seconds=int(lifetime.group(2)))


def signed_expiry(value: str, line: str) -> datetime | None:
    """The `se=` of the query string that holds `sig=value` on the line, in UTC; None when absent."""
    query = _query_around(value, line)
    if query is None:
        return None
    if "&si=" in query or query.startswith("si="):  # a stored access policy may end later, or be revoked
        return None
    m = _SIGNED_EXPIRY.search(query[query.find("?") + 1 :] if "?" in query else query)
    if m is None:
        return None
    t = _ISO_TIME.match(unquote(m.group(1)))
    if t is None:
        return None
    try:
        return datetime(*(int(x or 0) for x in t.groups()), tzinfo=timezone.utc)
    except ValueError:
        return None


# A signal, not a verdict: the answer would change with the day of the scan while the file stays the same, and the
# signature shows that whoever wrote it held the account key. A person sees it, told why it matters less.
@_filter("expired_signature", "a signed URL past its expiry (an Azure shared access signature's se=, an AWS or "
         "Google presigned URL's date and expires): the service refuses it, so it grants nothing", needs_in_line="=",
         decisive=False)
def is_expired_signature(value: str, line: str, key_name: str | None, language: str | None) -> bool:
    if "se=" in line and "sig=" in line:
        expiry = signed_expiry(value, line)
    elif "-Expires=" in line or "-expires=" in line:
        expiry = presigned_expiry(value, line)
    else:
        return False
    return expiry is not None and expiry < datetime.now(timezone.utc)
