// Each piece drawn by its own army's look (GET /api/games: one look per army, by style letter):
// chess and Ōgi boards as they always were, a position of two armies (Chess against Ōgi's
// starts, drawn with the Chess and Ōgi armies of the listing), the lobby's army choice for a
// game of several starts, and a game's "Rules" page. The game of two armies is a stand-in
// listing served to the page (`page.route`): the board and the lobby name no game, so any
// listing of this shape is drawn and offered alike.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startBrowser, snap, api } from './harness.mjs';

let server;
let chrome;
let listing;

const C_O = 'lnsik^snl/1r4b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/o';
const O_C = '+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/c';

before(async () => {
  server = await startServer('armies');
  chrome = await startBrowser();
  listing = (await api(server.base, 'GET', '/api/games')).body;
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) server.stop();
});

/** The stand-in listing of a game of two armies, made of the Chess and Ōgi armies. */
function twoArmies() {
  const army = (name) => listing.games.find((g) => g.name === name).look.armies[0];
  return {
    name: 'chess-ogi', display: 'Chess against Ōgi', id: 'tegoma.chess-ogi/1', styles: 'C/o',
    start_feen: C_O, pgn: false,
    look: { squares: 'checkered', armies: [army('chess'), army('ogi')] },
    starts: [{ styles: 'C/o', feen: C_O }, { styles: 'O/c', feen: O_C }],
    guide: true,
  };
}

async function newPage(viewport) {
  const ctx = await chrome.browser.newContext({ viewport: viewport || { width: 1000, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('page error:', e));
  return { ctx, page };
}

/** How each piece of the page's board is drawn: {piece, army, shape, turned, title, mark}
 * (`shape`: the figure or outline of pieces.svg; `turned`: pointing down the board). */
async function drawn(page, selector = '#board') {
  return page.$$eval(`${selector} g.piece`, (gs) => gs.map((g) => ({
    piece: g.dataset.piece,
    army: g.dataset.army,
    shape: g.querySelector('use').getAttribute('href').split('#')[1],
    turned: g.dataset.turned === '1',
    title: g.querySelector('title').textContent,
    mark: g.querySelectorAll('rect').length > 0,
  })));
}

const isFirst = (p) => /[A-Z]/.test(p.replace(/[^A-Za-z]/g, '')[0]);

test('chess and Ōgi boards are drawn by their armies as before', async () => {
  for (const [rules, seat] of [['chess', 'first'], ['chess', 'second'], ['ogi', 'first'], ['ogi', 'second']]) {
    const created = await api(server.base, 'POST', '/api/games', { rules });
    assert.equal(created.status, 201);
    const { page, ctx } = await newPage();
    await page.goto(`${server.base}/game/${created.body.id}#seat=${created.body.seats[seat]}`);
    await page.waitForSelector('#board g.piece');
    await page.waitForFunction((s) => document.getElementById('seat-label').textContent.includes(s), seat);
    const pieces = await drawn(page);
    assert.equal(pieces.length, rules === 'chess' ? 32 : 36);
    const flipped = seat === 'second';
    for (const p of pieces) {
      if (rules === 'chess') {
        assert.equal(p.army, 'C');
        // Figurines: the king needs no mark.
        assert.match(p.shape, /^fig-(king|queen|rook|bishop|knight|pawn)$/);
        assert.equal(p.shape === 'fig-king', p.piece.includes('^'), p.piece);
        assert.equal(p.turned, false, `${p.piece} is not turned`);
        assert.equal(p.mark, false, p.piece);
        assert.match(p.title, isFirst(p.piece) ? /^White / : /^Black /);
      } else {
        assert.equal(p.army, 'O');
        assert.equal(p.shape, 'koma');
        // Pointing at the opponent: the side at the top of the board is turned.
        assert.equal(p.turned, isFirst(p.piece) === flipped, `${p.piece} points at the opponent`);
        assert.equal(p.mark, false);
        assert.match(p.title, isFirst(p.piece) ? /^First \(Sente\) / : /^Second \(Gote\) /);
      }
    }
    const squares = await page.getAttribute('#board', 'class');
    assert.equal(squares, rules === 'chess' ? 'checkered' : 'plain');
    const titles = pieces.map((p) => p.title);
    if (rules === 'chess') {
      assert.ok(titles.includes('White Knight') && titles.includes('Black Queen'), titles.join());
      assert.match(await page.textContent('#status'), /White to move/);
    } else {
      assert.ok(titles.includes('First (Sente) Princess') && titles.includes('Second (Gote) Lance'), titles.join());
      assert.match(await page.textContent('#status'), /First \(Sente\) to move/);
    }
    await snap(page, `look-${rules}-${seat}`);
    await ctx.close();
  }
});

test('a position of two armies: each piece by its own army, hands by their case', async () => {
  const { page, ctx } = await newPage({ width: 900, height: 1000 });
  await page.goto(`${server.base}/`);
  const game = twoArmies();
  const result = await page.evaluate(async ({ look, feens }) => {
    const { renderBoard, drawPiece } = await import('/web/board.js');
    const { armiesOf } = await import('/web/looks.js');
    document.body.replaceChildren();
    const out = [];
    for (const feen of feens) {
      // The state's board, from the FEEN's placement (8x8, rows from the top).
      const rows = feen.split(' ')[0].split('/').map((rank, r) => {
        const row = [];
        for (const [, n, piece] of rank.matchAll(/(\d+)|([+-]?[A-Za-z]\^?'?)/g)) {
          if (n) for (let i = 0; i < Number(n); i++) row.push({ cell: `${'abcdefgh'[row.length]}${8 - r}`, piece: null });
          else row.push({ cell: `${'abcdefgh'[row.length]}${8 - r}`, piece });
        }
        return row;
      });
      const armies = armiesOf(look, feen);
      const title = document.createElement('h2');
      title.textContent = `${feen.split(' ').pop()}: ${armies.names.first} (bottom) against ${armies.names.second}`;
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('id', `b${out.length}`);
      svg.setAttribute('width', 400);
      svg.setAttribute('height', 400);
      // Hands: a captured Ōgi dragon kept as it stood (+r), and the Ōgi hand's pieces.
      const hand = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      hand.setAttribute('id', `h${out.length}`);
      hand.setAttribute('viewBox', '0 0 500 100');
      hand.setAttribute('width', 250);
      hand.setAttribute('height', 50);
      document.body.append(title, svg, hand);
      renderBoard(svg, { game: { board: { files: 8, ranks: 8, rows }, feen, turn: 'first' }, armies, flipped: false, selected: null, dests: [], last: [], check: false });
      const inHand = feen.endsWith('C/o') ? ['+r', 'i', 'p', 'n', 'b'] : ['+R', 'I', 'P', 'N', 'B'];
      inHand.forEach((p, i) => drawPiece(hand, p, armies, i * 100, 0));
      out.push(armies.names);
    }
    return out;
  }, { look: game.look, feens: [C_O, O_C] });
  assert.deepEqual(result, [{ first: 'Chess', second: 'Ōgi' }, { first: 'Ōgi', second: 'Chess' }]);
  for (const [i, chessFirst] of [[0, true], [1, false]]) {
    const pieces = await drawn(page, `#b${i}`);
    assert.equal(pieces.length, 34);
    for (const p of pieces) {
      const chess = isFirst(p.piece) === chessFirst;
      assert.equal(p.army, chess ? 'C' : 'O', p.piece);
      assert.match(p.shape, chess ? /^fig-/ : /^koma$/, p.piece);
      // Ōgi's pieces point at the opponent; chess pieces are never turned.
      assert.equal(p.turned, !chess && !isFirst(p.piece), p.piece);
      assert.match(p.title, chess ? /^Chess / : /^Ōgi /);
    }
    const titles = pieces.map((p) => p.title);
    assert.ok(titles.includes('Chess Queen') && titles.includes('Ōgi Princess'), titles.join());
    // The hand's pieces by their case: in C/o, lowercase pieces are Ōgi's (the dragon promoted).
    const hand = await drawn(page, `#h${i}`);
    for (const p of hand) assert.equal(p.army, 'O', p.piece);
    assert.equal(hand[0].title, 'Ōgi promoted Rook');
  }
  await snap(page, 'look-two-armies');
  await ctx.close();
});

/** A lobby page seeing the stand-in game besides the server's games; creations are caught:
 * their bodies go to `posts`, and a made-up game is answered. */
async function lobbyWithTwoArmies(posts) {
  const { page, ctx } = await newPage();
  await page.route('**/api/games', async (route) => {
    const req = route.request();
    if (req.method() === 'GET') {
      const games = listing.games.concat([twoArmies()]);
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ games }) });
    } else {
      posts.push(JSON.parse(req.postData()));
      const seats = { first: 'a'.repeat(32), second: 'b'.repeat(32) };
      await route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ id: `made${posts.length}`, seats }) });
    }
  });
  await page.route('**/api/games/chess-ogi/guide', (route) => route.fulfill({
    status: 200,
    contentType: 'text/markdown',
    body: '# Chess against Ōgi\n\nOne player leads *Chess*, the other **Ōgi**: `C/o`.\n\n- Chess moves first in `C/o`\n- Ōgi in `O/c`\n\n1. one\n2. two\n\n<script>window.pwned = true</script> <b>bold?</b>\n\n```\nlnsik^snl\n```\n',
  }));
  await page.goto(`${server.base}/`);
  await page.waitForSelector('#rules option[value="chess-ogi"]', { state: 'attached' });
  return { page, ctx };
}

test('the lobby offers the armies of a game of several starts, and picks start and seat', async () => {
  const posts = [];
  // A game of one start: no army choice, no rules link (chess has no guide).
  const { page, ctx } = await lobbyWithTwoArmies(posts);
  await page.selectOption('#rules', 'chess');
  assert.equal(await page.isVisible('#armies'), false);
  assert.equal(await page.isVisible('#guide-link'), false);
  await page.selectOption('#rules', 'chess-ogi');
  assert.equal(await page.isVisible('#armies'), true);
  const labels = async (id) => page.$$eval(`#${id} option`, (os) => os.map((o) => `${o.value}:${o.textContent}`));
  assert.deepEqual(await labels('my-army'), ['C:Chess', 'O:Ōgi']);
  assert.deepEqual(await labels('first-army'), ['C:Chess', 'O:Ōgi']);
  await page.selectOption('#my-army', 'O');
  await page.selectOption('#first-army', 'C');
  await snap(page, 'lobby-army-choice');
  await page.click('#create');
  await page.waitForURL(/\/game\/made1/);
  // Ōgi moving second: the C/o start, the creator in the second seat, the first seat invited.
  assert.deepEqual(posts[0], { rules: 'chess-ogi', feen: C_O });
  assert.equal(await page.evaluate(() => localStorage.getItem('tegoma-seat:made1')), 'b'.repeat(32));
  assert.equal(await page.evaluate(() => localStorage.getItem('tegoma-invite:made1')), 'a'.repeat(32));
  await ctx.close();

  // Against the computer: the creator's army moves second, so the engine takes the first seat.
  const second = await lobbyWithTwoArmies(posts);
  await second.page.selectOption('#rules', 'chess-ogi');
  await second.page.selectOption('#my-army', 'C');
  await second.page.selectOption('#first-army', 'O');
  await second.page.selectOption('#opponent', '2');
  await second.page.click('#create');
  await second.page.waitForURL(/\/game\/made2/);
  assert.deepEqual(posts[1], { rules: 'chess-ogi', feen: O_C, opponent: { engine: 2, side: 'first' } });
  await second.ctx.close();

  // Ōgi moving first against the computer: the O/c start, the engine in its usual second seat.
  const third = await lobbyWithTwoArmies(posts);
  await third.page.selectOption('#rules', 'chess-ogi');
  await third.page.selectOption('#my-army', 'O');
  await third.page.selectOption('#first-army', 'O');
  await third.page.selectOption('#opponent', '3');
  await third.page.click('#create');
  await third.page.waitForURL(/\/game\/made3/);
  assert.deepEqual(posts[2], { rules: 'chess-ogi', feen: O_C, opponent: { engine: 3 } });
  await third.ctx.close();
});

test('a game with a guide has a Rules link that shows it in the page, escaped', async () => {
  const { page, ctx } = await lobbyWithTwoArmies([]);
  await page.selectOption('#rules', 'chess-ogi');
  assert.equal(await page.isVisible('#guide-link'), true);
  assert.equal(await page.getAttribute('#guide-link', 'href'), '/api/games/chess-ogi/guide');
  await page.click('#guide-link');
  await page.waitForSelector('#guide:not([hidden])');
  const g = '#guide-text';
  assert.equal(await page.textContent(`${g} h1`), 'Chess against Ōgi');
  assert.equal(await page.textContent(`${g} em`), 'Chess');
  assert.equal(await page.textContent(`${g} strong`), 'Ōgi');
  assert.equal(await page.locator(`${g} ul li`).count(), 2);
  assert.equal(await page.locator(`${g} ol li`).count(), 2);
  assert.equal(await page.textContent(`${g} pre code`), 'lnsik^snl');
  // Markup in the page is text: no script, no bold element.
  assert.equal(await page.locator(`${g} script, ${g} b`).count(), 0);
  assert.match(await page.textContent(g), /<script>window\.pwned = true<\/script> <b>bold\?<\/b>/);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await snap(page, 'lobby-guide');
  await page.click('#guide-close');
  assert.equal(await page.isVisible('#guide'), false);
  // The server's own route: chess has no guide.
  const r = await fetch(`${server.base}/api/games/chess/guide`);
  assert.equal(r.status, 404);
  assert.equal((await r.json()).error.kind, 'NoGuide');
  await ctx.close();
});
