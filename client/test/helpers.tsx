import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { CLASSIC_SETTLE_MS } from '../features/rounds/ClassicRound.js';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

type Handler = (url: URL, init: RequestInit | undefined) => FakeResponse | Promise<FakeResponse>;

/** Replaces fetch with `handler`; returns the mock so tests can count and inspect calls. */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const { status = 200, body } = await handler(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Lets timers and promise callbacks run for `ms` of fake time, inside act. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Shows the current path so tests can check where a screen navigated. */
function Where() {
  const location = useLocation();
  const error = (location.state as { error?: { code: string; message: string } } | null)?.error;
  return (
    <p data-testid="where" data-code={error?.code}>
      {location.pathname}
      {error ? ` | ${error.message}` : ''}
    </p>
  );
}

/** Renders one screen at `path` (matching `pattern`), with every other address showing where we are. */
export function renderAt(path: string, pattern: string, screen: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={screen} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** A WebSocket the test drives by hand: `open`, `receive` and `drop` play the server's part. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  readyState = FakeWebSocket.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closedByClient = false;
  /** What the client sent, parsed. */
  sent: unknown[] = [];

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static install(): void {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  }

  static get latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No socket was opened.');
    return socket;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000): void {
    this.closedByClient = true;
    this.drop(code);
  }

  open(): void {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  receive(message: unknown): void {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
    });
  }

  drop(code = 1006): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    const event = new CloseEvent('close', { code });
    if (this.closedByClient) this.onclose?.(event);
    else act(() => this.onclose?.(event));
  }
}

/**
 * Finds a sentence by its whole text, names in <bdi> included (getByText alone reads an element's
 * own text, without its children's): the innermost element whose textContent is `text`.
 */
export function sentence(text: string | RegExp) {
  const matches = (element: Element) =>
    typeof text === 'string' ? element.textContent === text : text.test(element.textContent ?? '');
  return (_content: string, element: Element | null) =>
    element !== null && matches(element) && !Array.from(element.children).some(matches);
}

/** Chooses a Classic option once its round takes choices (it ignores taps for CLASSIC_SETTLE_MS after it shows). */
export async function choose(word: string): Promise<void> {
  await advance(CLASSIC_SETTLE_MS);
  fireEvent.click(screen.getByRole('radio', { name: word }));
}
