"""Knowledge base parts that need no database: parsing, chunking, dense search.

The tokenizer, BM25 and the embedder are retrieval's, shared with memory: tests/test_retrieval.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from threadkeep.knowledge.chunking import ChunkingOptions, chunk_text
from threadkeep.knowledge.ingest import parse_bytes, parse_file
from threadkeep.retrieval.dense import DenseIndex
from threadkeep.tokens import default_counter

# bpe-openai (token counting) still calls a deprecated importlib.resources function.
pytestmark = pytest.mark.filterwarnings("ignore:open_binary is deprecated:DeprecationWarning")


def minimal_pdf(lines: list[str], title: str | None = None) -> bytes:
    """A one-page PDF with Helvetica text, offsets computed so pypdf reads it strictly."""
    ops = ["BT", "/F1 12 Tf", "72 720 Td", "14 TL"]
    for line in lines:
        escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        ops.append(f"({escaped}) Tj T*")
    ops.append("ET")
    stream = "\n".join(ops).encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
    ]
    if title:
        objects.append(b"<< /Title (" + title.encode("latin-1") + b") >>")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    info = b" /Info %d 0 R" % len(objects) if title else b""
    out += b"trailer\n<< /Size %d /Root 1 0 R%s >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, info, xref)
    return bytes(out)


# -- parsing ------------------------------------------------------------------------------
def test_markdown_title_and_text(tmp_path):
    p = tmp_path / "guide.md"
    p.write_text("# Onboarding guide\n\nWelcome aboard.\r\n\r\n\r\n\r\nSecond paragraph.\n", "utf-8")
    doc = parse_file(p)
    assert (doc.title, doc.media_type) == ("Onboarding guide", "text/markdown")
    assert doc.text == "# Onboarding guide\n\nWelcome aboard.\n\nSecond paragraph."


def test_plain_text_title_is_file_stem(tmp_path):
    p = tmp_path / "notes.txt"
    p.write_bytes("caf\xe9".encode("latin-1"))  # not UTF-8: read, not refused
    doc = parse_file(p)
    assert (doc.title, doc.text, doc.media_type) == ("notes", "café", "text/plain")


def test_html_drops_scripts_and_styles_and_keeps_headings():
    html = """<html><head><title>Travel policy</title><style>body{color:red}</style>
    <script>var SECRET_JS = 1;</script></head><body><nav>Home | About</nav>
    <h1>Travel</h1><p>Book   trains over flights
    under 500 km.</p><script>alert('x')</script><h2>Hotels</h2><ul><li>Max 150 EUR</li>
    <li>Receipts needed</li></ul><noscript>enable js</noscript></body></html>"""
    doc = parse_bytes(html.encode(), media_type="text/html")
    assert doc.title == "Travel policy"
    assert "SECRET_JS" not in doc.text and "alert" not in doc.text and "color:red" not in doc.text
    assert "enable js" not in doc.text and "Home | About" not in doc.text
    assert "# Travel" in doc.text and "## Hotels" in doc.text
    assert "Book trains over flights under 500 km." in doc.text
    assert "Max 150 EUR\n\nReceipts needed" in doc.text


def test_pdf_text_and_metadata_title():
    data = minimal_pdf(["Expense reports are due", "on the fifth working day."], title="Finance FAQ")
    doc = parse_bytes(data, media_type="application/pdf", fallback_title="file")
    assert doc.title == "Finance FAQ"
    assert "Expense reports are due" in doc.text and "fifth working day" in doc.text


def test_unreadable_pdf_is_an_input_error():
    from threadkeep.errors import InputError

    with pytest.raises(InputError):
        parse_bytes(b"%PDF-1.4 this is not really a pdf", media_type="application/pdf")


# -- chunking -----------------------------------------------------------------------------
def test_chunks_respect_sections_size_and_order():
    para = "The quick brown fox jumps over the lazy dog near the river bank. " * 6
    text = "# One\n\n" + "\n\n".join([para] * 8) + "\n\n# Two\n\nA short closing section."
    chunks = chunk_text(text)
    count = default_counter().count
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))
    assert len(chunks) >= 3
    for c in chunks:
        assert c.token_count == count(c.text) and c.token_count <= ChunkingOptions().maximum
        assert c.text.startswith(c.section)
    assert chunks[-1].section == "# Two" and "closing section" in chunks[-1].text
    assert all("closing" not in c.text for c in chunks[:-1])  # no passage spans two sections


def test_consecutive_chunks_overlap():
    sentences = [f"Sentence number {i} carries fact {i * 7}." for i in range(200)]
    chunks = chunk_text(" ".join(sentences))
    assert len(chunks) > 2
    for a, b in zip(chunks, chunks[1:], strict=False):
        tail = a.text.split(". ")[-1].rstrip(".")
        assert tail in b.text


def test_japanese_without_spaces_is_cut():
    text = "東京オフィスは渋谷にあります。" * 120
    chunks = chunk_text(text)
    assert len(chunks) > 1 and all(c.token_count <= ChunkingOptions().maximum for c in chunks)


def test_empty_text_gives_no_chunks():
    assert chunk_text("  \n\n ") == []


# -- dense --------------------------------------------------------------------------------
def test_dense_exact_and_hnsw_agree_with_filters():
    rng = np.random.default_rng(7)
    vectors = rng.standard_normal((3000, 32)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    exact, graph = DenseIndex(32, exact_threshold=10**9), DenseIndex(32, exact_threshold=100)
    exact.add(vectors)
    graph.add(vectors)
    allowed = np.zeros(3000, dtype=bool)
    allowed[::3] = True
    for label, q in enumerate(vectors[:20]):
        e_labels, _ = exact.search(q, 10, allowed)
        g_labels, g_scores = graph.search(q, 10, allowed)
        assert all(allowed[g_labels])
        assert len(set(e_labels) & set(g_labels)) >= 9
        if allowed[label]:
            assert g_labels[0] == label and g_scores[0] == pytest.approx(1.0, abs=1e-4)
    graph.remove(np.arange(0, 3000, 2))
    labels, _ = graph.search(vectors[1], 10)
    assert labels[0] == 1 and all(label % 2 == 1 for label in labels)
