import { useEffect, useState } from 'react';
import type { Player } from '../../shared/api.js';
import { insertPlayer, LIVE_CLOSE_UNKNOWN_GAME, LIVE_PATH_PREFIX, type LiveMessage } from '../../shared/live.js';
import { getAllPlayers } from './calls.js';
import { ApiError, errorMessage } from './http.js';

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 10_000;

export interface LiveScoreboard {
  /** Friends of the game, highest score first. */
  players: Player[];
  /** True while the live socket is open. */
  connected: boolean;
  /** True once a first list (snapshot) has arrived. */
  loaded: boolean;
  /** True when the game does not exist: the hook has stopped trying. */
  gone: boolean;
  /** The last failure, kept for debugging; screens show the empty list instead. */
  error?: string;
  /** Games friends made back for the creator while this screen was open (get-replies has the earlier ones). */
  replies: { playerID: string; gameId: string }[];
}

const INITIAL: LiveScoreboard = { players: [], connected: false, loaded: false, gone: false, replies: [] };

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
    return { type: 'snapshot', players: m.players };
  }
  if (m.type === 'player' && isPlayer(m.player)) return { type: 'player', player: m.player };
  if (m.type === 'removed' && typeof m.playerID === 'string') return { type: 'removed', playerID: m.playerID };
  if (m.type === 'deleted') return { type: 'deleted' };
  if (m.type === 'reply' && typeof m.playerID === 'string' && typeof m.gameId === 'string') {
    return { type: 'reply', playerID: m.playerID, gameId: m.gameId };
  }
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
          case 'snapshot':
            attempt = 0;
            setState((s) => ({ ...s, players: message.players, loaded: true, error: undefined }));
            break;
          case 'player':
            setState((s) => ({ ...s, players: insertPlayer(s.players, message.player) }));
            break;
          case 'removed':
            setState((s) => ({ ...s, players: s.players.filter((p) => p.playerID !== message.playerID) }));
            break;
          case 'deleted':
            // The server closes the socket with LIVE_CLOSE_UNKNOWN_GAME next, which stops the hook.
            setState((s) => ({ ...s, players: [] }));
            break;
          case 'reply': {
            const { playerID, gameId: replyGameId } = message;
            setState((s) =>
              s.replies.some((r) => r.gameId === replyGameId)
                ? s
                : { ...s, replies: [...s.replies, { playerID, gameId: replyGameId }] },
            );
            break;
          }
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
