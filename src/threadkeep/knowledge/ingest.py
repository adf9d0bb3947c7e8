"""Turn a file (text, Markdown, HTML, PDF) into a title and plain text for chunking.

HTML headings become Markdown headings so the chunker keeps the document's sections;
scripts, styles and other non-content elements are dropped. PDF text comes from pypdf page
by page. Parsers for HTML and PDF are optional extras, imported when first needed.
"""

from __future__ import annotations

import io
import logging
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from threadkeep.errors import ConfigError, InputError

__all__ = [
    "ParsedDocument",
    "parse_file",
    "parse_bytes",
    "parse_html",
    "parse_pdf",
    "normalise_text",
    "refuse_binary",
    "MAX_CONTROL_SHARE",
]

_MEDIA_BY_SUFFIX = {
    ".txt": "text/plain",
    ".text": "text/plain",
    ".md": "text/markdown",
    ".markdown": "text/markdown",
    ".rst": "text/plain",
    ".html": "text/html",
    ".htm": "text/html",
    ".xhtml": "text/html",
    ".pdf": "application/pdf",
}
_DROP_TAGS = ("script", "style", "noscript", "template", "svg", "iframe", "head", "nav", "footer")
_BLOCK_TAGS = (
    "p",
    "div",
    "section",
    "article",
    "li",
    "pre",
    "blockquote",
    "tr",
    "dd",
    "dt",
    "figcaption",
    "table",
    "ul",
    "ol",
    "main",
    "aside",
    "header",
)


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    """A document reduced to text: Markdown-style headings, paragraphs split by blank lines."""

    title: str
    text: str
    media_type: str


def parse_file(path: str | Path, *, media_type: str | None = None) -> ParsedDocument:
    """Read and parse one file; the type comes from ``media_type`` or the file suffix."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise InputError(f"cannot read {p}: {e.strerror or e}") from e
    return parse_bytes(data, media_type=media_type or media_type_for(p), fallback_title=p.stem)


def media_type_for(path: Path) -> str:
    """The media type for a file name; unknown suffixes are read as plain text."""
    return _MEDIA_BY_SUFFIX.get(path.suffix.lower(), "text/plain")


def parse_bytes(data: bytes, *, media_type: str, fallback_title: str = "Untitled") -> ParsedDocument:
    """Parse raw bytes of a known media type."""
    if media_type == "application/pdf":
        return parse_pdf(data, fallback_title=fallback_title)
    text = _decode(data)
    refuse_binary(text, fallback_title)
    if media_type == "text/html":
        return parse_html(text, fallback_title=fallback_title)
    text = normalise_text(text)
    title = fallback_title
    if media_type == "text/markdown":
        m = re.search(r"^#\s+(.+?)\s*#*\s*$", text, flags=re.MULTILINE)
        if m:
            title = m.group(1)
    return ParsedDocument(title=title, text=text, media_type=media_type)


def parse_html(html: str, *, fallback_title: str = "Untitled") -> ParsedDocument:
    """Visible text of an HTML page, with h1–h6 turned into Markdown headings."""
    try:
        from bs4 import BeautifulSoup, Comment  # lazy: optional extra documents
    except ImportError as e:
        raise ConfigError("HTML ingest needs beautifulsoup4: pip install 'threadkeep[documents]'") from e
    soup = BeautifulSoup(html, "html.parser")
    title = ""
    if soup.title and soup.title.get_text(strip=True):
        title = soup.title.get_text(" ", strip=True)
    for tag in soup.find_all(_DROP_TAGS):
        tag.decompose()
    for node in soup.find_all(string=True):
        if isinstance(node, Comment):
            node.extract()
        elif node.find_parent("pre") is None:
            # Line breaks in HTML source are layout; only block elements end a paragraph.
            node.replace_with(re.sub(r"\s+", " ", str(node)))
    for level in range(1, 7):
        for h in soup.find_all(f"h{level}"):
            heading = h.get_text(" ", strip=True)
            if not title and level == 1:
                title = heading
            h.replace_with(f"\n\n{'#' * level} {heading}\n\n")
    for br in soup.find_all("br"):
        br.replace_with("\n")
    for tag in soup.find_all(_BLOCK_TAGS):
        tag.insert_before("\n\n")
        tag.insert_after("\n\n")
    text = soup.get_text()
    lines = [re.sub(r"[ \t\u00a0]+", " ", line).strip() for line in text.split("\n")]
    return ParsedDocument(title=title or fallback_title, text=normalise_text("\n".join(lines)), media_type="text/html")


class _QuietPdfLog(logging.Handler):
    """pypdf's repair notes ("incorrect startxref pointer", "Searching object with /Catalog")
    would reach the terminal through logging's last-resort handler before our clear error:
    they go to threadkeep's own log at DEBUG instead."""

    def emit(self, record: logging.LogRecord) -> None:
        logging.getLogger("threadkeep.knowledge.pdf").debug("pypdf: %s", record.getMessage())


def _quiet_pypdf() -> None:
    log = logging.getLogger("pypdf")
    if not any(isinstance(h, _QuietPdfLog) for h in log.handlers):
        log.addHandler(_QuietPdfLog())
        log.propagate = False


def parse_pdf(data: bytes, *, fallback_title: str = "Untitled") -> ParsedDocument:
    """Text of every page of a PDF; the title from its metadata when it has one."""
    try:
        from pypdf import PdfReader  # lazy: optional extra documents
        from pypdf.errors import PdfReadError  # lazy: optional extra documents
    except ImportError as e:
        raise ConfigError("PDF ingest needs pypdf: pip install 'threadkeep[documents]'") from e

    _quiet_pypdf()

    try:
        reader = PdfReader(io.BytesIO(data))
        pages = [page.extract_text() or "" for page in reader.pages]
        meta_title = (reader.metadata.title if reader.metadata else None) or ""
    except (PdfReadError, ValueError, KeyError) as e:
        raise InputError(f"not a readable PDF: {e}") from e
    # Pages end paragraphs: a passage may still span two pages, but never glues words.
    text = normalise_text("\n\n".join(pages))
    return ParsedDocument(title=meta_title.strip() or fallback_title, text=text, media_type="application/pdf")


def normalise_text(text: str) -> str:
    """NFC, unified newlines, no NULs, at most one blank line between paragraphs."""
    text = unicodedata.normalize("NFC", text).replace("\x00", "")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = "\n".join(line.rstrip() for line in text.split("\n"))
    return re.sub(r"\n{3,}", "\n\n", text).strip()


# Control characters other than whitespace (C0 and C1): text has almost none, binary data
# decoded as Latin-1 has about a quarter.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ufffd]")
MAX_CONTROL_SHARE = 0.02


def refuse_binary(text: str, name: str) -> None:
    """Refuse data that is not text (an image, an archive, random bytes) before it is indexed:
    a NUL anywhere, or more than :data:`MAX_CONTROL_SHARE` control characters in its first
    200,000. The one check for every way in: files (CLI) and text (admin API and console)."""
    sample = text[:200_000]
    if not sample:
        return
    share = len(_CONTROL.findall(sample)) / len(sample)
    nul = "\x00" in text
    if nul or share > MAX_CONTROL_SHARE:
        raise InputError(
            f"{name!r} does not look like text ({share:.0%} control characters, the limit is "
            f"{MAX_CONTROL_SHARE:.0%}{'; it contains NUL bytes' if nul else ''}): "
            "add text, Markdown, HTML or PDF files"
        )


def _decode(data: bytes) -> str:
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        # Legacy 8-bit files are most often Windows-1252 (its curly quotes are not controls).
        return data.decode("cp1252")
    except UnicodeDecodeError:
        # Keep going rather than refuse a whole document for one byte.
        return data.decode("latin-1")
