// Which lessons' questions were answered right, kept on the phone per game (localStorage):
// the lessons' page writes it, the list of games reads it.

const key = (game) => `scorekeeper.learn.${game}`;

/** The ids of `game`'s questions answered right on this phone (none if storage is refused). */
export function answered(game) {
  try {
    const kept = JSON.parse(localStorage.getItem(key(game)) || "[]");
    return new Set(Array.isArray(kept) ? kept : []);
  } catch {
    return new Set();
  }
}

/** Keep `ids` as `game`'s questions answered right; a phone that refuses storage just forgets. */
export function keep(game, ids) {
  try {
    localStorage.setItem(key(game), JSON.stringify([...ids]));
  } catch {
    // Private browsing may refuse storage: the page still marks answers, it only forgets them.
  }
}
