// Booking contention (issue 10, Performance): BENCH_BOOKING_REQUESTS (500) meeting requests for the
// same slot of the same invitee, all sent before any answer arrives, each by another signed-in
// requester (so autocannon, one set of headers for all, does not fit). Exactly one may win (201);
// the others get 409 meeting.slot_busy. The same burst then goes to the bare baseline, which inserts
// the contested hold row alone (booking-bare.ts), and to the bare insert behind the invitee's row
// lock, as Lobby does it. Repeated at distinct slots after one warm-up burst per side; the three take
// turns, so a change in the machine's load hits all of them.
import { Agent, request } from 'node:http';
import type { BookingPlan } from './booking-seed.ts';
import { sleep } from './processes.ts';

export interface BookingBurst {
  /** The slot's start, ISO. */
  slot: string;
  /** 201 answers: must be 1. */
  winners: number;
  /** 409 answers. */
  conflicts: number;
  /** Anything else: other statuses and connection errors. */
  errors: number;
  p50: number;
  p99: number;
  /** Requests / wall time of the burst (first sent to last answered). */
  requestsPerSecond: number;
  wallMs: number;
  /** Answers other than 201 by error code (bare: slot_busy or deadlock; connection errors by errno). */
  codes: Record<string, number>;
}

export interface BookingSide {
  bursts: BookingBurst[];
  /** The median of each measure over the bursts. */
  median: Omit<BookingBurst, 'slot' | 'codes'>;
  /** What the database holds afterwards: Lobby's invitee's meetings, the bare invitee's holds. One per burst, warm-up included. */
  held: number;
}

export interface BookingResult {
  requests: number;
  lobby: BookingSide;
  /** The contested insert alone. */
  bare: BookingSide;
  /** The same insert after locking the invitee's row (Lobby's serialisation). */
  bareLocked?: BookingSide;
}

interface Answer {
  status: number;
  code: string | undefined;
  /** Milliseconds from the burst's start to the end of this answer's body. */
  ms: number;
}

const errorCode = (text: string): string | undefined => {
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

function post(agent: Agent, url: URL, headers: Record<string, string>, body: string, started: number): Promise<Answer> {
  return new Promise((resolve) => {
    const call = request(url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, code: errorCode(Buffer.concat(chunks).toString()), ms: performance.now() - started }));
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, code: error.code ?? error.message, ms: performance.now() - started }));
    });
    call.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, code: error.code ?? error.message, ms: performance.now() - started }));
    call.end(body);
  });
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

/**
 * Every request is handed to the agent in one synchronous loop, so none can see an answer before
 * all are sent; the agent has a socket for each (opened by the warm-up burst and kept alive).
 */
async function burst(agent: Agent, url: URL, slot: string, calls: { headers: Record<string, string>; body: string }[]): Promise<BookingBurst> {
  const started = performance.now();
  const pending = calls.map((call) => post(agent, url, call.headers, call.body, started));
  const answers = await Promise.all(pending);
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const wallMs = times[times.length - 1] ?? 0;
  const codes: Record<string, number> = {};
  for (const answer of answers) if (answer.status !== 201) codes[answer.code ?? `HTTP ${answer.status}`] = (codes[answer.code ?? `HTTP ${answer.status}`] ?? 0) + 1;
  return {
    slot,
    winners: answers.filter((answer) => answer.status === 201).length,
    conflicts: answers.filter((answer) => answer.status === 409).length,
    errors: answers.filter((answer) => answer.status !== 201 && answer.status !== 409).length,
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    requestsPerSecond: wallMs > 0 ? (calls.length / wallMs) * 1000 : 0,
    wallMs: Math.round(wallMs),
    codes,
  };
}

const side = (bursts: BookingBurst[], held: number): BookingSide => ({
  bursts,
  median: {
    winners: median(bursts.map((b) => b.winners)),
    conflicts: median(bursts.map((b) => b.conflicts)),
    errors: median(bursts.map((b) => b.errors)),
    p50: median(bursts.map((b) => b.p50)),
    p99: median(bursts.map((b) => b.p99)),
    requestsPerSecond: median(bursts.map((b) => b.requestsPerSecond)),
    wallMs: median(bursts.map((b) => b.wallMs)),
  },
  held,
});

export async function bookingContention(lobbyUrl: string, bareUrl: string, plan: BookingPlan): Promise<BookingResult> {
  const requests = plan.tokens.length;
  // One socket per request on each side, kept between bursts.
  const agent = new Agent({ keepAlive: true, maxSockets: requests, maxFreeSockets: requests });
  const lobby = new URL(`/api/v1/${plan.eventId}/meetings`, lobbyUrl);
  const bare = new URL('/bare/booking', bareUrl);
  const bareLocked = new URL('/bare/booking-locked', bareUrl);
  const lobbyCalls = (slot: string) => plan.tokens.map((token) => ({ headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: JSON.stringify({ member_id: plan.inviteeMemberId, starts_at: slot }) }));
  const bareCalls = (slot: { starts_at: string; ends_at: string }) => plan.tokens.map(() => ({ headers: {}, body: JSON.stringify(slot) }));
  const lobbyBursts: BookingBurst[] = [];
  const bareBursts: BookingBurst[] = [];
  const lockedBursts: BookingBurst[] = [];
  try {
    for (const [index, slot] of plan.slots.entries()) {
      const onLobby = await burst(agent, lobby, slot.starts_at, lobbyCalls(slot.starts_at));
      // A pause, so the winner's after-work (notification, mail job) does not run into the next burst.
      await sleep(1000);
      const onBare = await burst(agent, bare, slot.starts_at, bareCalls(slot));
      await sleep(1000);
      const onLocked = await burst(agent, bareLocked, slot.starts_at, bareCalls(slot));
      await sleep(1000);
      if (index === 0) continue; // the warm-up
      lobbyBursts.push(onLobby);
      bareBursts.push(onBare);
      lockedBursts.push(onLocked);
    }
  } finally {
    agent.destroy();
  }
  const lobbyHeld = await fetch(`${lobbyUrl}/api/v1/${plan.eventId}/meetings?per_page=1`, { headers: { authorization: `Bearer ${plan.inviteeToken}` } });
  const lobbyTotal = ((await lobbyHeld.json()) as { meta?: { total?: number } }).meta?.total ?? -1;
  const held = async (url: URL) => ((await (await fetch(`${url.href}/held`)).json()) as { held: number }).held;
  return { requests, lobby: side(lobbyBursts, lobbyTotal), bare: side(bareBursts, await held(bare)), bareLocked: side(lockedBursts, await held(bareLocked)) };
}
