"""idempotency keys of up to 255 characters, as shared/API.md allows

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 09:00:00

The API accepts keys of 16 to 255 characters (issue 22); the column held 200, so PostgreSQL
would refuse a longer key that the API had accepted. Widening keeps every stored key.
"""

from alembic import op
import sqlalchemy as sa


revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("idempotency_keys", schema=None) as batch_op:
        batch_op.alter_column(
            "key",
            existing_type=sa.String(length=200),
            type_=sa.String(length=255),
            existing_nullable=False,
        )


def downgrade():
    # A key longer than 200 characters cannot be kept in the narrower column; keys are kept
    # two days only for retries, so those few are forgotten.
    op.execute(sa.text("DELETE FROM idempotency_keys WHERE length(key) > 200"))
    with op.batch_alter_table("idempotency_keys", schema=None) as batch_op:
        batch_op.alter_column(
            "key",
            existing_type=sa.String(length=255),
            type_=sa.String(length=200),
            existing_nullable=False,
        )
