"""The tournaments' blueprint, which each page module's routes join."""

from flask import Blueprint

bp = Blueprint("tournaments", __name__)
