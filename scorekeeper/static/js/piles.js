// The floor games' piles in words (floor.js's `says`): Seep's houses and Casino's builds, for
// their checkers and live pages alike, each in the page's language.
import { _ } from "./words.js";

export const HOUSE = {
  the: (value) => _("the house of {value}", { value }),
  short: (value) => _("H{value}", { value }),
  target: (value) => _("House {value}", { value }),
  of: (value) => _("House of {value}", { value }),
  head: _("House of"),
  values: _("House value"),
  remove: _("Remove house"),
};

export const BUILD = {
  the: (value) => _("the build of {value}", { value }),
  short: (value) => _("B{value}", { value }),
  target: (value) => _("Build {value}", { value }),
  of: (value) => _("Build of {value}", { value }),
  head: _("Build of"),
  values: _("Build value"),
  remove: _("Remove build"),
};
