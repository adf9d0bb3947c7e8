"""knowledge base: documents, chunks, change counter

Revision ID: 0002_knowledge
Revises: 0001_core
Create Date: 2026-11-29 20:55:00.000000
"""

import sqlalchemy as sa
from alembic import op

import threadkeep.store.base

revision = "0002_knowledge"
down_revision = "0001_core"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "knowledge_documents",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("title_ct", sa.LargeBinary(), nullable=False),
        sa.Column("source_ct", sa.LargeBinary(), nullable=True),
        sa.Column("media_type", sa.String(length=64), nullable=False),
        sa.Column("groups", sa.JSON(), nullable=False),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("chunk_count", sa.Integer(), nullable=False),
        sa.Column("token_count", sa.Integer(), nullable=False),
        sa.Column("content_hash", sa.String(length=64), nullable=False),
        sa.Column("generation", sa.Integer(), nullable=False),
        sa.Column("created_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_knowledge_documents")),
        sa.UniqueConstraint("content_hash", name=op.f("uq_knowledge_documents_content_hash")),
    )
    op.create_table(
        "knowledge_state",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("generation", sa.Integer(), nullable=False),
        sa.Column("embedder", sa.String(length=200), nullable=True),
        sa.Column("updated_at", threadkeep.store.base.UtcDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_knowledge_state")),
    )
    op.create_table(
        "knowledge_chunks",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("document_id", sa.String(length=36), nullable=False),
        sa.Column("ordinal", sa.Integer(), nullable=False),
        sa.Column("token_count", sa.Integer(), nullable=False),
        sa.Column("text_ct", sa.LargeBinary(), nullable=False),
        sa.Column("embedding_ct", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["document_id"],
            ["knowledge_documents.id"],
            name=op.f("fk_knowledge_chunks_document_id_knowledge_documents"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_knowledge_chunks")),
    )
    with op.batch_alter_table("knowledge_chunks", schema=None) as batch_op:
        batch_op.create_index("ix_knowledge_chunks_document_ordinal", ["document_id", "ordinal"], unique=True)

    # The counter row exists from the start, so every writer bumps it with a plain UPDATE
    # (which also serialises concurrent writers on PostgreSQL's row lock).
    state = sa.table(
        "knowledge_state",
        sa.column("id", sa.Integer()),
        sa.column("generation", sa.Integer()),
        sa.column("embedder", sa.String()),
        sa.column("updated_at", threadkeep.store.base.UtcDateTime(timezone=True)),
    )
    op.bulk_insert(
        state,
        [
            {
                "id": 1,
                "generation": 0,
                "embedder": None,
                "updated_at": threadkeep.store.base.utcnow(),
            }
        ],
    )


def downgrade() -> None:
    with op.batch_alter_table("knowledge_chunks", schema=None) as batch_op:
        batch_op.drop_index("ix_knowledge_chunks_document_ordinal")

    op.drop_table("knowledge_chunks")
    op.drop_table("knowledge_state")
    op.drop_table("knowledge_documents")
