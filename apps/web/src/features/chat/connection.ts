import {
  CHAT_DISCONNECT_TIMEOUT_MS,
  CHAT_ENTER_RETRY_MS,
  CHAT_LEAVE_RETRIES,
  ChatEvent,
  type ChatBanPayload,
  type ChatDeleteChannelPayload,
  type ChatDeletePayload,
  type ChatEnterAck,
  type ChatMessage,
  type ChatReadByUserPayload,
} from '@lobby/contract';

// The chat connection of contract.md section 4: disconnected -> connecting (one attempt shared by
// every caller) -> connected; enter and leave with their retries; the chat's server events passed
// on to whoever listens. The socket itself is the tab's shared one (features/events/realtime.ts).

export type ChatState = 'disconnected' | 'connecting' | 'connected';

type Listener = (payload: unknown) => void;

/** What the connection needs of a Socket.IO client socket. */
export interface ChatSocket {
  readonly connected: boolean;
  on(event: string, listener: Listener): void;
  off(event: string, listener: Listener): void;
  emit(event: string, payload: unknown): void;
}

/** Where the socket comes from: a hold on the tab's shared socket. */
export interface SocketSource {
  acquire(): Promise<ChatSocket>;
  /** Gives the hold back; true when that closes the socket. */
  release(): boolean;
}

export interface ChatHandlers {
  message?: (message: ChatMessage) => void;
  delete?: (payload: ChatDeletePayload) => void;
  deleteChannel?: (payload: ChatDeleteChannelPayload) => void;
  readByUser?: (payload: ChatReadByUserPayload) => void;
  ban?: (payload: ChatBanPayload) => void;
  /** Every connect: `again` after a drop, when the list, the unread counts and the open channel are refreshed. */
  connect?: (again: boolean) => void;
  state?: (state: ChatState) => void;
}

export interface ChatTimers {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

const browserTimers: ChatTimers = {
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof globalThis.setInterval>),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};

export const NO_TOKEN_ERROR = 'Chat: no access token on init connection';
export const DISCONNECT_TIMEOUT_ERROR = 'Chat: disconnect timed out';

/** Public page chats and promo channels are joined by enter; the server sends the others to each member's own room. */
export const needsEnter = (channel: { access: string; entity_type: string | null }): boolean => channel.access === 'public' || channel.entity_type === 'promo_company';

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/** The server's chat events as listeners get them. */
type ServerEvent = 'message' | 'delete' | 'deleteChannel' | 'readByUser' | 'ban';

/** Server events kept while nobody listens for them, for the first who does; beyond this the oldest go. */
export const UNHEARD_EVENTS_MAX = 200;

export class ChatConnection {
  private state: ChatState = 'disconnected';
  private socket: ChatSocket | null = null;
  /** The socket being acquired: every caller of connect() waits for this one attempt. */
  private acquiring: Promise<ChatSocket> | null = null;
  private waiting: Pending[] = [];
  private everConnected = false;
  private active: { id: string; enter: boolean } | null = null;
  private entering: { id: string; timer: unknown; warned: boolean } | null = null;
  private leaving = new Map<string, { timer: unknown; tries: number; done: (left: boolean) => void }>();
  private handlers = new Set<ChatHandlers>();
  /** Server events that came while nobody listened for them, oldest first. */
  private unheard: { key: ServerEvent; payload: unknown }[] = [];
  private detach: (() => void) | null = null;

  constructor(
    private readonly source: SocketSource,
    private readonly readToken: () => string | undefined,
    private readonly timers: ChatTimers = browserTimers,
    private readonly warn: (message: string, detail?: unknown) => void = (message, detail) => console.warn(message, detail),
  ) {}

  getState(): ChatState {
    return this.state;
  }

  /** The channel open on screen, or null. */
  activeChannel(): string | null {
    return this.active?.id ?? null;
  }

  /**
   * Adds listeners. The connection may have been up without them: the chat page holds it and enters
   * its channel too, and the shell's chat button, which listens, loads after the first paint. So
   * listeners added while it is up get their first connect at once (not again), as on any first
   * connect (they load the counts again and catch the open channel up), then the server events that
   * came while nobody listened for them, in order (a read mark, a deletion, a ban: not in a catch-up).
   */
  subscribe(handlers: ChatHandlers): () => void {
    this.handlers.add(handlers);
    if (this.state === 'connected') this.call(handlers, 'connect', false);
    const unheard = this.unheard;
    this.unheard = [];
    for (const event of unheard) {
      if (handlers[event.key]) this.call(handlers, event.key, event.payload);
      else this.unheard.push(event);
    }
    return () => this.handlers.delete(handlers);
  }

  /** Resolves once connected; callers during an attempt share it. Rejects without an access token. */
  async connect(): Promise<void> {
    if (this.state === 'connected') return;
    if (this.state === 'disconnected') {
      if (!this.readToken()) throw new Error(NO_TOKEN_ERROR);
      this.setState('connecting');
      const attempt = this.source.acquire();
      this.acquiring = attempt;
      attempt.then(
        (socket) => this.attach(socket, attempt),
        (error: unknown) => {
          if (this.acquiring !== attempt) return;
          this.acquiring = null;
          this.setState('disconnected');
          this.settle(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }
    await new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /**
   * Lets the socket go and waits for its disconnect event, at most CHAT_DISCONNECT_TIMEOUT_MS. An
   * attempt still acquiring the socket is given up at once (attach gives its hold back when it
   * comes), so a connect() right after starts afresh instead of joining the attempt given up.
   */
  async disconnect(): Promise<void> {
    if (this.state === 'disconnected') return;
    const socket = this.socket;
    this.stopEnter();
    for (const [id, leave] of this.leaving) {
      this.timers.clearInterval(leave.timer);
      leave.done(false);
      this.leaving.delete(id);
    }
    this.detach?.();
    this.detach = null;
    this.socket = null;
    this.acquiring = null;
    this.everConnected = false;
    this.unheard = [];
    this.setState('disconnected');
    this.settle(new Error('Chat: disconnected'));
    const closes = socket ? this.source.release() : false;
    if (!socket || !closes || !socket.connected) return;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        this.timers.clearTimeout(timer);
        socket.off('disconnect', done);
        resolve();
      };
      const timer = this.timers.setTimeout(() => {
        socket.off('disconnect', done);
        reject(new Error(DISCONNECT_TIMEOUT_ERROR));
      }, CHAT_DISCONNECT_TIMEOUT_MS);
      socket.on('disconnect', done);
    });
  }

  /**
   * The channel open on screen (null when none): the previous one is left if it was entered, and a
   * channel that needs it is entered now and again after every reconnect.
   */
  setActive(channel: { id: string; enter: boolean } | null): void {
    if (this.active?.id === channel?.id && this.active?.enter === channel?.enter) return;
    const previous = this.active;
    this.active = channel;
    if (previous?.enter) {
      this.stopEnter();
      void this.leave(previous.id);
    }
    if (channel?.enter && this.state === 'connected') this.enter(channel.id);
  }

  /** Sends enter, and again every CHAT_ENTER_RETRY_MS until enter_complete arrives for it. */
  private enter(id: string): void {
    this.stopEnter();
    const pending = this.leaving.get(id);
    if (pending) {
      this.timers.clearInterval(pending.timer);
      pending.done(false);
      this.leaving.delete(id);
    }
    const entering = { id, timer: null as unknown, warned: false };
    const send = () => {
      if (!this.socket?.connected) return;
      this.socket.emit(ChatEvent.enter, { channel_id: id });
    };
    entering.timer = this.timers.setInterval(() => {
      if (!entering.warned) {
        entering.warned = true;
        this.warn('Chat: enter not acknowledged in time, retrying', id);
      }
      send();
    }, CHAT_ENTER_RETRY_MS);
    this.entering = entering;
    send();
  }

  private stopEnter(): void {
    if (!this.entering) return;
    this.timers.clearInterval(this.entering.timer);
    this.entering = null;
  }

  /** Sends leave, retried up to CHAT_LEAVE_RETRIES times until leave_complete; resolves whether it was acknowledged. */
  leave(id: string): Promise<boolean> {
    const socket = this.socket;
    if (!socket?.connected) return Promise.resolve(false);
    const previous = this.leaving.get(id);
    if (previous) {
      this.timers.clearInterval(previous.timer);
      previous.done(false);
    }
    return new Promise<boolean>((resolve) => {
      const entry = { timer: null as unknown, tries: 0, done: resolve };
      entry.timer = this.timers.setInterval(() => {
        if (entry.tries >= CHAT_LEAVE_RETRIES) {
          this.timers.clearInterval(entry.timer);
          this.leaving.delete(id);
          this.warn('Chat: leave not acknowledged', id);
          resolve(false);
          return;
        }
        entry.tries += 1;
        this.warn('Chat: leave not acknowledged in time, retrying', id);
        if (this.socket?.connected) this.socket.emit(ChatEvent.leave, { channel_id: id });
      }, CHAT_ENTER_RETRY_MS);
      this.leaving.set(id, entry);
      socket.emit(ChatEvent.leave, { channel_id: id });
    });
  }

  private attach(socket: ChatSocket, attempt: Promise<ChatSocket>): void {
    if (this.acquiring !== attempt || this.state !== 'connecting') {
      // disconnect() gave this attempt up: give the hold back at once.
      this.source.release();
      return;
    }
    this.socket = socket;
    const onConnect = () => {
      const again = this.everConnected;
      this.everConnected = true;
      this.setState('connected');
      this.settle(null);
      if (this.active?.enter) this.enter(this.active.id);
      for (const handlers of [...this.handlers]) this.call(handlers, 'connect', again);
    };
    /** A server event goes to its listeners, or is kept for the first one while there is none. */
    const each = (key: ServerEvent, payload: unknown) => {
      const listeners = [...this.handlers].filter((handlers) => handlers[key]);
      if (listeners.length === 0) {
        this.unheard.push({ key, payload });
        if (this.unheard.length > UNHEARD_EVENTS_MAX) this.unheard.shift();
      }
      for (const handlers of listeners) this.call(handlers, key, payload);
    };
    const onDisconnect = () => {
      // A drop: Socket.IO reconnects by itself; the server has forgotten what was entered.
      this.stopEnter();
      if (this.state === 'connected') this.setState('connecting');
    };
    const onEnterComplete = (payload: unknown) => {
      const ack = payload as ChatEnterAck;
      if (!this.entering || ack.channel_id !== this.entering.id) return;
      this.stopEnter();
      if (!ack.ok) this.warn('Chat: enter refused', ack.error);
    };
    const onLeaveComplete = (payload: unknown) => {
      const id = (payload as { channel_id: string }).channel_id;
      const entry = this.leaving.get(id);
      if (!entry) return;
      this.timers.clearInterval(entry.timer);
      this.leaving.delete(id);
      entry.done(true);
    };
    const bindings: [string, Listener][] = [
      ['connect', onConnect],
      ['disconnect', onDisconnect],
      [ChatEvent.enterComplete, onEnterComplete],
      [ChatEvent.leaveComplete, onLeaveComplete],
      [ChatEvent.receive, (payload) => each('message', payload)],
      [ChatEvent.delete, (payload) => each('delete', payload)],
      [ChatEvent.deleteChannel, (payload) => each('deleteChannel', payload)],
      [ChatEvent.readByUser, (payload) => each('readByUser', payload)],
      [ChatEvent.ban, (payload) => each('ban', payload)],
    ];
    for (const [event, listener] of bindings) socket.on(event, listener);
    this.detach = () => {
      for (const [event, listener] of bindings) socket.off(event, listener);
    };
    if (socket.connected) onConnect();
  }

  /** Calls one listener; one that throws is warned about and does not stop the others. */
  private call<K extends keyof ChatHandlers>(handlers: ChatHandlers, key: K, payload: unknown): void {
    try {
      (handlers[key] as ((value: unknown) => void) | undefined)?.(payload);
    } catch (error) {
      this.warn(`Chat: ${key} handler failed`, error);
    }
  }

  private settle(error: Error | null): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const pending of waiting) {
      if (error) pending.reject(error);
      else pending.resolve();
    }
  }

  private setState(state: ChatState): void {
    if (this.state === state) return;
    this.state = state;
    for (const handlers of [...this.handlers]) handlers.state?.(state);
  }
}
