// The clocks as players read them, from the state's `clock`: each side's time until its flag
// falls (`first_ms`, `second_ms`: 0 for a side that lost on time), the side whose clock runs,
// the PCN `periods` and where each side stands in them (`first_period`, `second_period`:
// `{index, left}`). A control of several periods (byōyomi, Canadian overtime) shows the main
// time, then the current period's time and how many periods are left ("0:25 · 3 periods").
// The page ticks the running clock between states; nothing here knows a game.

/** Minutes and seconds (`4:05`; `1:02:03` past an hour), rounded up; `∞` for no limit. */
export function fmtClock(ms) {
  if (ms === null || ms === undefined) return '∞';
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A PCN period's time (ms) and quota. */
function period(p) {
  const o = p || {};
  const time = Number(o.time ?? o.duration ?? 0) * 1000;
  const quota = o.moves ?? o.quota ?? null;
  return { time, quota };
}

/** The time a side's flag-time holds beyond period `j`: a period without quota spills into the
 * next one, whose whole time counts, and so on until a period with a quota or the last. */
function spillAfter(periods, j) {
  let total = 0;
  for (let k = j; k + 1 < periods.length && period(periods[k]).quota == null; k++) {
    total += period(periods[k + 1]).time;
  }
  return total;
}

/** Where a side stands with `ms` until its flag falls, from the period the server last said
 * (`index`): `{index, ms}`, the period it plays in now (the running clock may have crossed into
 * the next one since) and the time left in it. */
export function standing(periods, index, ms) {
  let j = Math.max(0, Math.min(index || 0, periods.length - 1));
  let left = ms - spillAfter(periods, j);
  while (left <= 0 && j + 1 < periods.length && spillAfter(periods, j) > 0) {
    j += 1;
    left = ms - spillAfter(periods, j);
  }
  return { index: j, ms: Math.max(0, left) };
}

/** What a clock shows: `{text, extra, low, flagged, index, periodsLeft}`. `extra` names the
 * periods (`· 3 periods` once they began, `+ 3 × 0:10` during the main time), or says that the
 * side is out of time (`0:00 · out of time`); `low` under 10 s
 * or a tenth of the main time, whichever is more (a third of a period with a quota). */
export function clockFace(clock, side, ms, flagged) {
  const periods = Array.isArray(clock.periods) ? clock.periods : [];
  if (flagged) return { text: fmtClock(0), extra: '· out of time', low: true, flagged: true, index: null, periodsLeft: 0 };
  if (ms === null || ms === undefined) return { text: fmtClock(ms), extra: '', low: false, flagged: false, index: null, periodsLeft: null };
  if (periods.length < 2) {
    const main = periods.length ? period(periods[0]).time : 0;
    return { text: fmtClock(ms), extra: '', low: ms < Math.max(10000, main / 10), flagged: false, index: 0, periodsLeft: 1 };
  }
  const at = clock[`${side}_period`] || { index: 0 };
  const { index, ms: inPeriod } = standing(periods, at.index, ms);
  const p = period(periods[index]);
  const periodsLeft = periods.length - index;
  let extra;
  if (index === 0 && p.quota == null) {
    // The main time: the periods to come.
    const next = period(periods[1]);
    const count = periods.length - 1;
    extra = `+ ${count > 1 ? `${count} × ` : ''}${fmtClock(next.time)}`;
  } else {
    extra = `· ${periodsLeft} ${periodsLeft === 1 ? 'period' : 'periods'}`;
  }
  const limit = p.quota == null ? Math.max(10000, p.time / 10) : Math.min(10000, p.time / 3);
  return { text: fmtClock(inPeriod), extra, low: inPeriod < limit, flagged: false, index, periodsLeft };
}

/** A side's time until its flag falls now: the state's, less the time since it came for the
 * running clock. */
export function clockLeft(game, side, received) {
  const c = game.clock;
  if (!c) return null;
  let ms = c[`${side}_ms`];
  if (ms !== null && ms !== undefined && c.running === side) ms -= performance.now() - received;
  return ms;
}

/** Whether `side` lost on time (the state's outcome says so). */
function lostOnTime(game, side) {
  const o = game.outcome;
  if (!o || o.result === 'draw' || o.result === side) return false;
  return String(o.statuses || '').split(/\s+/).includes('timelimit');
}

/** Draws both clocks (`#clock-top`, `#clock-bottom`), the bottom one `first`'s unless the board
 * is flipped. */
export function renderClocks(game, received, flipped) {
  if (!game) return;
  const bottom = flipped ? 'second' : 'first';
  const top = bottom === 'first' ? 'second' : 'first';
  for (const [pos, side] of [['top', top], ['bottom', bottom]]) {
    const e = document.getElementById(`clock-${pos}`);
    if (!e) continue;
    e.dataset.side = side;
    if (!game.clock) { e.textContent = ''; e.hidden = true; continue; }
    e.hidden = false;
    const ms = clockLeft(game, side, received);
    const face = clockFace(game.clock, side, ms, lostOnTime(game, side) || (ms !== null && ms !== undefined && ms <= 0));
    let main = e.querySelector('.time');
    let extra = e.querySelector('.periods');
    if (!main) {
      e.textContent = '';
      main = document.createElement('span');
      main.className = 'time';
      extra = document.createElement('span');
      extra.className = 'periods';
      e.append(main, extra);
      e.setAttribute('role', 'timer');
    }
    if (main.textContent !== face.text) main.textContent = face.text;
    if (extra.textContent !== face.extra) extra.textContent = face.extra;
    extra.hidden = !face.extra;
    e.classList.toggle('running', game.clock.running === side);
    e.classList.toggle('low', face.low);
    e.classList.toggle('flagged', face.flagged);
    e.dataset.period = face.index === null ? '' : String(face.index);
    e.dataset.periodsLeft = face.periodsLeft === null ? '' : String(face.periodsLeft);
    e.setAttribute('aria-label', `${side} clock: ${face.flagged ? 'out of time' : `${face.text} ${face.extra}`.trim()}`);
  }
}
