// A Fifty-six bid in two taps at most (F8: 28 to 56): a row of the tens (28–29, 30–39, 40–49,
// 50–56), then the bids of the tens shown. The bids of the current ten are one tap; a wrong tap
// is undone by tapping the right one. Shared by the deal form and the live page's call pad.
import { h } from "./dom.js";
import { _ } from "./words.js";

export const LOWEST = 28, HIGHEST = 56; // F8
const TENS = [20, 30, 40, 50];

/** The bids of the ten starting at `tens` that are `lowest` or more. */
const bidsOf = (tens, lowest) => Array.from({ length: 10 }, (_, i) => tens + i)
  .filter((n) => n >= Math.max(lowest, LOWEST) && n <= HIGHEST);

/**
 * Draw the pad into `box` for the bid `value` (the least allowed now: `lowest`); a tap calls
 * `pick(bid)`. The button that had the focus has it again once drawn anew.
 */
export function drawBidPad(box, { value, lowest = LOWEST, pick, disabled = false }) {
  const focused = box.contains(document.activeElement) ? document.activeElement.dataset : null;
  const shown = Math.floor(Math.max(value, lowest, LOWEST) / 10) * 10;
  const tens = TENS.filter((t) => bidsOf(t, lowest).length).map((t) => {
    const bids = bidsOf(t, lowest);
    const range = `${bids[0]}–${bids[bids.length - 1]}`;
    return h("button", {
      type: "button", class: "bid-tens", dataset: { tens: t }, "aria-pressed": String(t === shown), disabled,
      "aria-label": _("Bids {range}", { range }), onclick: () => pick(bids[0]),
    }, bids.length > 1 ? range : String(bids[0]));
  });
  const bids = bidsOf(shown, lowest).map((n) => h("button", {
    type: "button", class: "bid-value", dataset: { bid: n }, "aria-pressed": String(n === value), disabled,
    "aria-label": _("Bid {bid}", { bid: n }), onclick: () => pick(n),
  }, String(n)));
  box.replaceChildren(
    h("div", { class: "bid-tens-row", role: "group", "aria-label": _("Tens") }, tens),
    h("div", { class: "bid-values", role: "group", "aria-label": _("Bids") }, bids));
  if (focused) {
    const again = focused.bid ? box.querySelector(`[data-bid="${focused.bid}"]`) : box.querySelector(`[data-tens="${focused.tens}"]`);
    if (again) again.focus();
  }
}
