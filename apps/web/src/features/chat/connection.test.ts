import { CHAT_DISCONNECT_TIMEOUT_MS, CHAT_ENTER_RETRY_MS, CHAT_LEAVE_RETRIES, ChatEvent } from '@lobby/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatConnection, DISCONNECT_TIMEOUT_ERROR, NO_TOKEN_ERROR, UNHEARD_EVENTS_MAX, needsEnter, type ChatSocket, type SocketSource } from './connection.ts';

class FakeSocket implements ChatSocket {
  connected = false;
  emitted: [string, unknown][] = [];
  private listeners = new Map<string, Set<(payload: unknown) => void>>();
  on(event: string, listener: (payload: unknown) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
  }
  off(event: string, listener: (payload: unknown) => void) {
    this.listeners.get(event)?.delete(listener);
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
  }
  /** The server (or the socket library) sends an event. */
  fire(event: string, payload?: unknown) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  }
  count(event: string) {
    return this.emitted.filter(([name]) => name === event).length;
  }
  listening(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }
}

function setup(token: string | null = 'token') {
  const socket = new FakeSocket();
  let holders = 0;
  const source: SocketSource & { acquired: number } = {
    acquired: 0,
    acquire: vi.fn(async () => {
      source.acquired += 1;
      holders += 1;
      return socket;
    }),
    release: vi.fn(() => {
      holders -= 1;
      return holders === 0;
    }),
  };
  const warn = vi.fn();
  const connection = new ChatConnection(source, () => token ?? undefined, undefined, warn);
  return { socket, source, connection, warn };
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('chat connection (contract.md section 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses to connect without an access token', async () => {
    const { connection, source } = setup(null);
    await expect(connection.connect()).rejects.toThrow(NO_TOKEN_ERROR);
    expect(source.acquire).not.toHaveBeenCalled();
    expect(connection.getState()).toBe('disconnected');
  });

  it('shares one connecting attempt between every caller', async () => {
    const { connection, source, socket } = setup();
    const states: string[] = [];
    connection.subscribe({ state: (state) => states.push(state) });
    const first = connection.connect();
    const second = connection.connect();
    expect(connection.getState()).toBe('connecting');
    await flush();
    socket.connected = true;
    socket.fire('connect');
    await Promise.all([first, second]);
    await connection.connect();
    expect(source.acquired).toBe(1);
    expect(connection.getState()).toBe('connected');
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('connects at once when the shared socket is already connected', async () => {
    const { connection, socket } = setup();
    socket.connected = true;
    await connection.connect();
    expect(connection.getState()).toBe('connected');
  });

  it('enters a public channel and retries every 500 ms until enter_complete', async () => {
    const { connection, socket, warn } = setup();
    socket.connected = true;
    await connection.connect();
    connection.setActive({ id: 'c1', enter: true });
    expect(socket.emitted).toEqual([[ChatEvent.enter, { channel_id: 'c1' }]]);
    vi.advanceTimersByTime(CHAT_ENTER_RETRY_MS * 3);
    expect(socket.count(ChatEvent.enter)).toBe(4);
    expect(warn).toHaveBeenCalledTimes(1);
    socket.fire(ChatEvent.enterComplete, { channel_id: 'other', ok: true });
    vi.advanceTimersByTime(CHAT_ENTER_RETRY_MS);
    expect(socket.count(ChatEvent.enter)).toBe(5);
    socket.fire(ChatEvent.enterComplete, { channel_id: 'c1', ok: true });
    vi.advanceTimersByTime(CHAT_ENTER_RETRY_MS * 10);
    expect(socket.count(ChatEvent.enter)).toBe(5);
  });

  it('does not enter private channels', async () => {
    const { connection, socket } = setup();
    socket.connected = true;
    await connection.connect();
    connection.setActive({ id: 'p1', enter: false });
    vi.advanceTimersByTime(CHAT_ENTER_RETRY_MS * 3);
    expect(socket.emitted).toEqual([]);
    expect(needsEnter({ access: 'private', entity_type: null })).toBe(false);
    expect(needsEnter({ access: 'private', entity_type: 'company' })).toBe(false);
    expect(needsEnter({ access: 'notifications', entity_type: null })).toBe(false);
    expect(needsEnter({ access: 'public', entity_type: null })).toBe(true);
    expect(needsEnter({ access: 'notifications', entity_type: 'promo_company' })).toBe(true);
  });

  it('leaves the previous channel, retrying at most 5 times', async () => {
    const { connection, socket } = setup();
    socket.connected = true;
    await connection.connect();
    connection.setActive({ id: 'c1', enter: true });
    socket.fire(ChatEvent.enterComplete, { channel_id: 'c1', ok: true });
    const left = connection.leave('c1');
    vi.advanceTimersByTime(CHAT_ENTER_RETRY_MS * (CHAT_LEAVE_RETRIES + 3));
    expect(socket.count(ChatEvent.leave)).toBe(1 + CHAT_LEAVE_RETRIES);
    await expect(left).resolves.toBe(false);
  });

  it('stops leaving once leave_complete arrives', async () => {
    const { connection, socket } = setup();
    socket.connected = true;
    await connection.connect();
    connection.setActive({ id: 'c1', enter: true });
    socket.fire(ChatEvent.enterComplete, { channel_id: 'c1', ok: true });
    connection.setActive({ id: 'c2', enter: true });
    expect(socket.emitted.slice(-2)).toEqual([
      [ChatEvent.leave, { channel_id: 'c1' }],
      [ChatEvent.enter, { channel_id: 'c2' }],
    ]);
    vi.advanceTimersByTime(CHAT_ENTER_RETRY_MS);
    socket.fire(ChatEvent.leaveComplete, { channel_id: 'c1' });
    vi.advanceTimersByTime(CHAT_ENTER_RETRY_MS * 10);
    expect(socket.count(ChatEvent.leave)).toBe(2);
  });

  it('re-enters the active channel on reconnect and reports the reconnect', async () => {
    const { connection, socket } = setup();
    const connects: boolean[] = [];
    connection.subscribe({ connect: (again) => connects.push(again) });
    socket.connected = true;
    await connection.connect();
    connection.setActive({ id: 'c1', enter: true });
    socket.fire(ChatEvent.enterComplete, { channel_id: 'c1', ok: true });
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    expect(connection.getState()).toBe('connecting');
    socket.connected = true;
    socket.fire('connect');
    expect(connection.getState()).toBe('connected');
    expect(connects).toEqual([false, true]);
    expect(socket.count(ChatEvent.enter)).toBe(2);
  });

  it('tells listeners added while connected that it is connected, then hands them the events that came before them', async () => {
    // The chat page holds the connection and enters its channel before the shell's chat button,
    // which loads after the first paint, listens: what comes in between reaches no one.
    const { connection, socket } = setup();
    const states: string[] = [];
    connection.subscribe({ state: (state) => states.push(state) });
    socket.connected = true;
    await connection.connect();
    connection.setActive({ id: 'c1', enter: true });
    socket.fire(ChatEvent.enterComplete, { channel_id: 'c1', ok: true });
    socket.fire(ChatEvent.receive, { id: 1, channel_id: 'c1' });
    socket.fire(ChatEvent.readByUser, { user_id: 3, seq: 1 });
    socket.fire(ChatEvent.delete, { message_id: 1 });
    const seen: string[] = [];
    connection.subscribe({
      connect: (again) => seen.push(`connect ${again}`),
      message: (m) => seen.push(`message ${m.id}`),
      readByUser: (p) => seen.push(`read ${p.user_id}`),
      delete: (p) => seen.push(`delete ${p.message_id}`),
    });
    expect(seen).toEqual(['connect false', 'message 1', 'read 3', 'delete 1']);
    expect(states).toEqual(['connecting', 'connected']);
    // Handed over once; from now on they come as they happen.
    connection.subscribe({ message: (m) => seen.push(`again ${m.id}`) });
    socket.fire(ChatEvent.receive, { id: 2, channel_id: 'c1' });
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    socket.connected = true;
    socket.fire('connect');
    expect(seen).toEqual(['connect false', 'message 1', 'read 3', 'delete 1', 'message 2', 'again 2', 'connect true']);
  });

  it('keeps at most UNHEARD_EVENTS_MAX events for a listener to come, and none once let go', async () => {
    const { connection, socket } = setup();
    socket.connected = true;
    await connection.connect();
    for (let id = 1; id <= UNHEARD_EVENTS_MAX + 5; id += 1) socket.fire(ChatEvent.receive, { id });
    const ids: number[] = [];
    const stop = connection.subscribe({ message: (m) => ids.push(m.id) });
    expect(ids).toHaveLength(UNHEARD_EVENTS_MAX);
    expect(ids[0]).toBe(6);
    stop();
    socket.fire(ChatEvent.receive, { id: 900 });
    const done = connection.disconnect();
    socket.connected = false;
    socket.fire('disconnect', 'io client disconnect');
    await done;
    connection.subscribe({ message: (m) => ids.push(m.id) });
    expect(ids).toHaveLength(UNHEARD_EVENTS_MAX);
  });

  it('a listener added before the connection is up hears of it when it comes, not before', async () => {
    const { connection, socket } = setup();
    const connects: boolean[] = [];
    connection.subscribe({ connect: (again) => connects.push(again) });
    const up = connection.connect();
    await flush();
    expect(connects).toEqual([]);
    socket.connected = true;
    socket.fire('connect');
    await up;
    expect(connects).toEqual([false]);
  });

  it('passes the server events on to its listeners', async () => {
    const { connection, socket } = setup();
    const seen: string[] = [];
    connection.subscribe({
      message: (m) => seen.push(`message ${m.id}`),
      delete: (p) => seen.push(`delete ${p.message_id}`),
      deleteChannel: (p) => seen.push(`delete_channel ${p.channel_id}`),
      readByUser: (p) => seen.push(`read ${p.user_id}`),
      ban: (p) => seen.push(`ban ${p.event_id}`),
    });
    socket.connected = true;
    await connection.connect();
    socket.fire(ChatEvent.receive, { id: 7 });
    socket.fire(ChatEvent.delete, { message_id: 8 });
    socket.fire(ChatEvent.deleteChannel, { channel_id: 'c9' });
    socket.fire(ChatEvent.readByUser, { user_id: 3 });
    socket.fire(ChatEvent.ban, { event_id: 1 });
    expect(seen).toEqual(['message 7', 'delete 8', 'delete_channel c9', 'read 3', 'ban 1']);
  });

  it('disconnect waits for the disconnect event', async () => {
    const { connection, socket, source } = setup();
    socket.connected = true;
    await connection.connect();
    const done = connection.disconnect();
    await flush();
    expect(source.release).toHaveBeenCalledTimes(1);
    expect(connection.getState()).toBe('disconnected');
    socket.connected = false;
    socket.fire('disconnect', 'io client disconnect');
    await expect(done).resolves.toBeUndefined();
    expect(socket.listening(ChatEvent.receive)).toBe(0);
  });

  it('disconnect fails after 1 s without the disconnect event', async () => {
    const { connection, socket } = setup();
    socket.connected = true;
    await connection.connect();
    const done = connection.disconnect();
    const check = expect(done).rejects.toThrow(DISCONNECT_TIMEOUT_ERROR);
    await flush();
    vi.advanceTimersByTime(CHAT_DISCONNECT_TIMEOUT_MS);
    await check;
  });

  it('disconnect does not wait when another part of the app still holds the socket', async () => {
    const { connection, socket, source } = setup();
    socket.connected = true;
    await source.acquire();
    await connection.connect();
    await expect(connection.disconnect()).resolves.toBeUndefined();
  });

  it('a caller waiting for the attempt learns that it was given up', async () => {
    const { connection } = setup();
    const attempt = connection.connect();
    const check = expect(attempt).rejects.toThrow('Chat: disconnected');
    await connection.disconnect();
    await check;
    expect(connection.getState()).toBe('disconnected');
  });

  it('held again while a given-up attempt is still acquiring the socket, it connects and enters (a page mounting: hold, release, hold)', async () => {
    const socket = new FakeSocket();
    // The socket library is still loading: every hold waits for the same socket.
    const waiting: (() => void)[] = [];
    const arrive = () => waiting.forEach((resolve) => resolve());
    let holders = 0;
    const source: SocketSource = {
      acquire: vi.fn(() => {
        holders += 1;
        return new Promise<ChatSocket>((resolve) => waiting.push(() => resolve(socket)));
      }),
      release: vi.fn(() => {
        holders -= 1;
        return holders === 0;
      }),
    };
    const connection = new ChatConnection(source, () => 'token', undefined, vi.fn());
    const first = connection.connect();
    const firstGivenUp = expect(first).rejects.toThrow('Chat: disconnected');
    const gone = connection.disconnect();
    const second = connection.connect();
    connection.setActive({ id: 'c1', enter: true });
    arrive();
    await gone;
    await firstGivenUp;
    await flush();
    socket.connected = true;
    socket.fire('connect');
    await second;
    expect(connection.getState()).toBe('connected');
    expect(socket.emitted).toEqual([[ChatEvent.enter, { channel_id: 'c1' }]]);
    // The attempt given up gave its hold back; the one connected keeps its own.
    expect(holders).toBe(1);
    expect(socket.listening(ChatEvent.receive)).toBe(1);
  });
});
