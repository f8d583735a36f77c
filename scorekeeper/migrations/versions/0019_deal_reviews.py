"""deal_reviews: a finished live deal's review, once per version of the deal (issue 38)

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-06 22:00:00

A review is derived from the deal's plays but costs seconds of search, so it is kept: a row per
deal version, claimed (answer empty) by the process that works it out.
"""

from alembic import op
import sqlalchemy as sa


revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "deal_reviews",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.String(length=32), nullable=False),
        sa.Column("deal_serial", sa.Integer(), nullable=False),
        sa.Column("deal_version", sa.Integer(), nullable=False),
        sa.Column("answer", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("claimed_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["game_sessions.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("session_id", "deal_serial", "deal_version", name="uq_deal_reviews"),
    )


def downgrade():
    op.drop_table("deal_reviews")
