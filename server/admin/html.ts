import type { AdminGame, ReportedGame } from '../../shared/api.js';
import type { AdminParty } from '../../shared/party.js';
import { PRODUCT_NAME } from '../../shared/product.js';

/** Text made safe to put between tags or inside a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A piece of HTML already escaped where needed: only these are joined into pages unescaped. */
export class Html {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

type Part = Html | string | number | undefined | null | false | readonly Part[];

const render = (part: Part): string => {
  if (part === undefined || part === null || part === false) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
};

/** A template whose values are escaped unless they are Html. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  return new Html(strings.reduce((out, string, i) => out + string + (i < values.length ? render(values[i]) : ''), ''));
}

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const gameLink = (gameId: string) => `/admin/games/${encodeURIComponent(gameId)}`;

export function page(title: string, body: Html, signedIn: boolean): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · ${PRODUCT_NAME} admin</title>
<link rel="stylesheet" href="/admin/admin.css">
</head>
<body>
<header>
<a class="home" href="/admin">${PRODUCT_NAME} admin</a>
${signedIn && html`<form method="post" action="/admin/sign-out"><button type="submit">Sign out</button></form>`}
</header>
<main>
${body}
</main>
</body>
</html>
`.text;
}

export function signInForm(problem?: string): Html {
  return html`<h1>Sign in</h1>
${problem && html`<p class="problem" role="alert">${problem}</p>`}
<form method="post" action="/admin/sign-in" class="sign-in">
<label for="token">Admin token (ADMIN_TOKEN)</label>
<input id="token" name="token" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`;
}

const reasonList = (reasons: ReportedGame['reasons']) =>
  Object.entries(reasons)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');

export function dashboard(options: {
  reported: ReportedGame[];
  query?: string;
  found?: AdminGame[];
  parties?: AdminParty[];
  notice?: string;
}): Html {
  const { reported, query, found, parties, notice } = options;
  return html`${notice && html`<p class="notice" role="status">${notice}</p>`}
<h1>Find a game</h1>
<form method="get" action="/admin" class="search" role="search">
<label for="q">Game or party id, party code, or part of a name</label>
<input id="q" name="q" value="${query ?? ''}" required maxlength="100">
<button type="submit">Find</button>
</form>
${
  found &&
  html`<section aria-labelledby="found"><h2 id="found">Found</h2>
${
  found.length === 0
    ? html`<p>No game has that id, and no creator's name contains it.</p>`
    : html`<table><thead><tr><th scope="col">Game</th><th scope="col">Creator</th><th scope="col">Created (UTC)</th><th scope="col">Friends</th><th scope="col">Reports</th></tr></thead><tbody>
${found.map(
  (game) =>
    html`<tr><td><a href="${gameLink(game.gameId)}">${game.gameId}</a></td><td>${game.creatorName}</td><td>${when(game.createdAt)}</td><td>${game.players.length}</td><td>${game.reports.length}</td></tr>
`,
)}</tbody></table>`
}
</section>`
}
${parties && partyList(parties)}
<section aria-labelledby="reported"><h2 id="reported">Reported games</h2>
${
  reported.length === 0
    ? html`<p>No game has been reported.</p>`
    : html`<table><thead><tr><th scope="col">Game</th><th scope="col">Creator</th><th scope="col">Reports</th><th scope="col">Reasons</th><th scope="col">Last report (UTC)</th></tr></thead><tbody>
${reported.map(
  (game) =>
    html`<tr><td><a href="${gameLink(game.gameId)}">${game.gameId}</a></td><td>${game.creatorName}</td><td>${game.reports}</td><td>${reasonList(game.reasons)}</td><td>${when(game.lastReportedAt)}</td></tr>
`,
)}</tbody></table>`
}
</section>`;
}

/** Parties a search found, each with an End button while it runs. */
function partyList(parties: AdminParty[]): Html {
  return html`<section aria-labelledby="parties"><h2 id="parties">Parties</h2>
${
  parties.length === 0
    ? html`<p>No party has that id or code, and no player's name contains it.</p>`
    : html`<table><thead><tr><th scope="col">Party</th><th scope="col">Code</th><th scope="col">Host</th><th scope="col">Players</th><th scope="col">Phase</th><th scope="col">Made (UTC)</th><th scope="col"><span class="visually-hidden">End</span></th></tr></thead><tbody>
${parties.map(
  (party) =>
    html`<tr><td>${party.partyId}</td><td>${party.code}</td><td>${party.host}</td><td>${party.players}</td><td>${party.ended ? 'ended' : party.phase}</td><td>${when(party.createdAt)}</td><td>${
      party.ended
        ? ''
        : html`<form method="post" action="/admin/parties/${encodeURIComponent(party.partyId)}/end"><button type="submit" class="danger">End</button></form>`
    }</td></tr>
`,
)}</tbody></table>`
}
</section>`;
}

export function gameDetails(game: AdminGame, notice?: string): Html {
  const base = gameLink(game.gameId);
  return html`${notice && html`<p class="notice" role="status">${notice}</p>`}
<h1>Game ${game.gameId}</h1>
<p>${game.gameType}, made by <strong>${game.creatorName}</strong> on ${when(game.createdAt)} UTC.</p>
<form method="post" action="${base}/delete" class="danger-zone">
<label class="confirm"><input type="checkbox" name="confirm" value="yes" required> Delete it for good, with its friends' answers and reports (open screens show it is gone)</label>
<button type="submit" class="danger">Delete this game</button>
</form>
<section aria-labelledby="questions"><h2 id="questions">Questions</h2>
<ol>${game.questions.map((question) => html`<li>${question.question}${question.own && html` <span class="own">own question</span>`}</li>`)}</ol>
</section>
<section aria-labelledby="friends"><h2 id="friends">Friends (${game.players.length})</h2>
${
  game.players.length === 0
    ? html`<p>Nobody has played yet.</p>`
    : html`<table><thead><tr><th scope="col">Name</th><th scope="col">Score</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr></thead><tbody>
${game.players.map(
  (player) =>
    html`<tr><td>${player.playerName}</td><td>${player.score}</td><td><form method="post" action="${base}/remove-player"><input type="hidden" name="playerID" value="${player.playerID}"><button type="submit" class="danger" aria-label="Remove ${player.playerName}">Remove</button></form></td></tr>
`,
)}</tbody></table>`
}
</section>
${
  game.unfinished &&
  game.unfinished.length > 0 &&
  html`<section aria-labelledby="unfinished"><h2 id="unfinished">Began, not finished (${game.unfinished.length})</h2>
<table><thead><tr><th scope="col">Name</th><th scope="col">Rounds played</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr></thead><tbody>
${game.unfinished.map(
  (play) =>
    html`<tr><td>${play.playerName}</td><td>${play.round} of ${game.questions.length}</td><td><form method="post" action="${base}/remove-player"><input type="hidden" name="playerID" value="${play.playerID}"><button type="submit" class="danger" aria-label="Remove ${play.playerName}">Remove</button></form></td></tr>
`,
)}</tbody></table>
</section>`
}
${
  game.notes &&
  game.notes.length > 0 &&
  html`<section aria-labelledby="notes"><h2 id="notes">Notes friends left (${game.notes.length})</h2>
<table><thead><tr><th scope="col">Name</th><th scope="col">Note</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr></thead><tbody>
${game.notes.map(
  (note) =>
    html`<tr><td>${note.playerName}</td><td>${note.reaction ?? ''} ${note.note ?? ''}</td><td><form method="post" action="${base}/remove-note"><input type="hidden" name="playerID" value="${note.playerID}"><button type="submit" class="danger" aria-label="Remove the note of ${note.playerName}">Remove note</button></form></td></tr>
`,
)}</tbody></table>
</section>`
}
<section aria-labelledby="reports"><h2 id="reports">Reports (${game.reports.length})</h2>
${
  game.reports.length === 0
    ? html`<p>Nobody has reported this game.</p>`
    : html`<ul>${game.reports.map((report) => html`<li><strong>${report.reason}</strong>, ${when(report.createdAt)} UTC${report.note && html`: ${report.note}`}</li>`)}</ul>`
}
</section>`;
}

export const ADMIN_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1f;background:#fafafa}
header{display:flex;justify-content:space-between;align-items:center;padding:.75rem 1rem;background:#1b1b1f;color:#fff}
header a,header button{color:#fff}
header button{background:none;border:1px solid #fff;border-radius:.25rem;padding:.25rem .75rem;cursor:pointer}
main{max-width:60rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #ddd;vertical-align:top;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{font:inherit;padding:.4rem;max-width:100%;width:24rem}
button{font:inherit;padding:.4rem .9rem;cursor:pointer}
.danger{background:#a4161a;color:#fff;border:0;border-radius:.25rem}
.danger-zone{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;margin:1rem 0}
.confirm{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:0}
.confirm input{width:auto}
.own{font-size:.8rem;background:#fde68a;border-radius:.25rem;padding:0 .35rem}
.notice{background:#d1fae5;padding:.5rem .75rem;border-radius:.25rem}
.problem{background:#fee2e2;padding:.5rem .75rem;border-radius:.25rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
`;
