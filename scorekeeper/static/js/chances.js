// Each side's chance of winning, from a club's ratings API: for the new-session form and a
// club session's scoreboard before its first deal.

/**
 * The sides' chances ([{players, chance}], the API's `prediction`) for `teams` ("1,2;3,4"),
 * or null when the API refuses the sides or nobody at the table has a rated game (every
 * chance even: nothing to tell). Throws offline.
 */
export async function chancesOf(club, game, teams) {
  const query = new URLSearchParams({ game, teams });
  const response = await fetch(`/api/v1/clubs/${encodeURIComponent(club)}/ratings?${query}`);
  if (!response.ok) return null;
  const answer = await response.json();
  const rated = new Set(answer.players.map((player) => player.id));
  const anyRated = answer.prediction.some((side) => side.players.some((player) => rated.has(player)));
  return anyRated ? answer.prediction : null;
}
