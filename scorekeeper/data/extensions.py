"""Flask extensions, created unbound and tied to the app in create_app."""

from typing import TYPE_CHECKING

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Base class of every model."""


db = SQLAlchemy(model_class=Base)
if TYPE_CHECKING:
    # mypy cannot follow a base class made at run time (python/mypy#8603): db.Model is Base's.
    Model = Base
else:
    Model = db.Model
migrate = Migrate()
csrf = CSRFProtect()
