import { useEffect, useState } from 'react';
import type { Player } from '../../shared/api.js';
import {
  insertPlayer,
  LIVE_CLOSE_UNKNOWN_GAME,
  LIVE_PATH_PREFIX,
  type LiveMessage,
  PLAYING_FADES_AFTER_MS,
  type Playing,
} from '../../shared/live.js';
import { getAllPlayers } from './calls.js';
import { ApiError, errorMessage } from './http.js';

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 10_000;

export interface LiveScoreboard {
  /** Friends of the game, highest score first. */
  players: Player[];
  /** Friends playing now, round by round (not finished; faded after 10 minutes without a round). */
  playing: Playing[];
  /** True while the live socket is open. */
  connected: boolean;
  /** True once a first list (snapshot) has arrived. */
  loaded: boolean;
  /** True when the game does not exist: the hook has stopped trying. */
  gone: boolean;
  /** The last failure, kept for debugging; screens show the empty list instead. */
  error?: string;
}

const INITIAL: LiveScoreboard = { players: [], playing: [], connected: false, loaded: false, gone: false };

/** How often faded friends are looked for. */
const FADE_CHECK_MS = 30_000;

function isPlaying(value: unknown): value is Playing {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.playerID === 'string' &&
    typeof p.playerName === 'string' &&
    typeof p.round === 'number' &&
    typeof p.rounds === 'number'
  );
}

/** A friend's latest round in the list (their place kept), unless they are on the board already. */
function withPlaying(state: LiveScoreboard, player: Playing): LiveScoreboard {
  if (state.players.some((p) => p.playerID === player.playerID)) return state;
  const at = state.playing.findIndex((p) => p.playerID === player.playerID);
  if (at === -1) return { ...state, playing: [...state.playing, player] };
  if (state.playing[at].round >= player.round) return state;
  return { ...state, playing: state.playing.map((p, i) => (i === at ? player : p)) };
}

const withoutPlaying = (playing: Playing[], playerID: string) => playing.filter((p) => p.playerID !== playerID);

/** 0.5 s doubling up to 10 s, ±25 % so that a restarted server is not hit by every phone at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.min(RECONNECT_MAX_MS, Math.round(base * (0.75 + random() * 0.5)));
}

export function liveUrl(gameId: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${LIVE_PATH_PREFIX}${encodeURIComponent(gameId)}`;
}

function isPlayer(value: unknown): value is Player {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return typeof p.playerID === 'string' && typeof p.playerName === 'string' && typeof p.score === 'number';
}

/** The server is trusted, but a malformed frame must not break the screen. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  if (m.type === 'snapshot' && Array.isArray(m.players) && m.players.every(isPlayer)) {
    // A server from before presence sends no `playing`.
    const playing = Array.isArray(m.playing) ? m.playing.filter(isPlaying) : [];
    return { type: 'snapshot', players: m.players, playing };
  }
  if (m.type === 'playing' && isPlaying(m.player)) return { type: 'playing', player: m.player };
  if (m.type === 'player' && isPlayer(m.player)) return { type: 'player', player: m.player };
  if (m.type === 'removed' && typeof m.playerID === 'string') return { type: 'removed', playerID: m.playerID };
  if (m.type === 'deleted') return { type: 'deleted' };
  // A type this client does not know yet: ignored.
  return null;
}

/**
 * Friends' scores of a game, kept up to date over the live channel. Reconnects with backoff; every
 * new connection starts with a fresh snapshot that replaces the list, so nothing missed while away
 * is lost. Stops for good when the game does not exist (close code 4404, or an upgrade refused
 * with 404, which a browser can only learn by asking the API).
 */
export function useLiveScoreboard(gameId: string | undefined): LiveScoreboard {
  const [state, setState] = useState<LiveScoreboard>(INITIAL);

  useEffect(() => {
    setState(INITIAL);
    if (!gameId) return;
    let stopped = false;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const probe = new AbortController();
    // When each playing friend was last heard of: they fade 10 minutes after.
    const heard = new Map<string, number>();
    const fade = setInterval(() => {
      const now = Date.now();
      const faded = [...heard].filter(([, at]) => now - at >= PLAYING_FADES_AFTER_MS).map(([id]) => id);
      if (faded.length === 0) return;
      for (const id of faded) heard.delete(id);
      setState((s) => ({ ...s, playing: s.playing.filter((p) => !faded.includes(p.playerID)) }));
    }, FADE_CHECK_MS);

    const giveUp = () => {
      stopped = true;
      setState((s) => ({ ...s, connected: false, loaded: true, gone: true }));
    };

    const schedule = () => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };

    async function checkGame(id: string) {
      try {
        const { players } = await getAllPlayers(id, probe.signal);
        if (stopped) return;
        setState((s) => ({ ...s, players, loaded: true }));
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.status === 404) return giveUp();
        setState((s) => ({ ...s, loaded: true, error: errorMessage(error, 'Failed to fetch scores') }));
      }
      schedule();
    }

    function connect() {
      timer = undefined;
      if (stopped || !gameId) return;
      const id = gameId;
      const ws = new WebSocket(liveUrl(id));
      let opened = false;
      socket = ws;
      ws.onopen = () => {
        opened = true;
        setState((s) => ({ ...s, connected: true }));
      };
      ws.onmessage = (event: MessageEvent) => {
        const message = parseLiveMessage(event.data);
        if (!message || stopped) return;
        switch (message.type) {
          case 'snapshot': {
            attempt = 0;
            heard.clear();
            const now = Date.now();
            for (const p of message.playing) heard.set(p.playerID, now);
            setState((s) => ({
              ...s,
              players: message.players,
              playing: message.playing,
              loaded: true,
              error: undefined,
            }));
            break;
          }
          case 'playing':
            heard.set(message.player.playerID, Date.now());
            setState((s) => withPlaying(s, message.player));
            break;
          case 'player':
            heard.delete(message.player.playerID);
            setState((s) => ({
              ...s,
              players: insertPlayer(s.players, message.player),
              playing: withoutPlaying(s.playing, message.player.playerID),
            }));
            break;
          case 'removed':
            heard.delete(message.playerID);
            setState((s) => ({
              ...s,
              players: s.players.filter((p) => p.playerID !== message.playerID),
              playing: withoutPlaying(s.playing, message.playerID),
            }));
            break;
          case 'deleted':
            // The server closes the socket with LIVE_CLOSE_UNKNOWN_GAME next, which stops the hook.
            setState((s) => ({ ...s, players: [], playing: [] }));
            break;
        }
      };
      ws.onclose = (event: CloseEvent) => {
        if (socket !== ws) return;
        socket = null;
        if (stopped) return;
        setState((s) => (s.connected ? { ...s, connected: false } : s));
        if (event.code === LIVE_CLOSE_UNKNOWN_GAME) return giveUp();
        if (opened) schedule();
        else void checkGame(id);
      };
    }

    // Back online or back in front of the user: do not wait for the rest of the backoff.
    const retryNow = () => {
      if (stopped || socket !== null || timer === undefined || document.visibilityState === 'hidden') return;
      clearTimeout(timer);
      attempt = 0;
      connect();
    };
    window.addEventListener('online', retryNow);
    document.addEventListener('visibilitychange', retryNow);
    connect();

    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(fade);
      probe.abort();
      window.removeEventListener('online', retryNow);
      document.removeEventListener('visibilitychange', retryNow);
      const open = socket;
      socket = null;
      open?.close(1000);
    };
  }, [gameId]);

  return state;
}
