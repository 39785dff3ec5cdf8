// Chat fan-out (issue 11, Performance): BENCH_CHAT_SOCKETS (2,000) Socket.IO connections to
// Lobby's compiled server, all entered into one public page chat, and one message posted
// (POST /api/v1/{eventId}/chat/common/message) BENCH_CHAT_MESSAGES (30) times after a warm-up of
// 3, one at a time: each waits until every socket has it (or 15 s), then a pause. Next to it, in
// the same run, the bare baseline (bench/chat-bare.ts: Socket.IO alone; enter joins the room, an
// HTTP POST broadcasts a message of the same shape) with as many sockets. With PostgreSQL
// (BENCH_DATABASE_URL) and Redis, also two Lobby nodes sharing them with half the sockets on
// each, messages posted to node A, and two bare processes on the Redis adapter.
//
// The receiving sockets live in BENCH_CHAT_WORKERS (4) child processes (bench/chat-clients.ts), so
// the receiving side is not one event loop; each notes every delivery's latency from the send time
// carried in the text. Every server under test is connected at once and the messages go to them
// in turns (round 1: Lobby, bare, ...; round 2: bare, ...), so a change in the machine's load
// hits each alike.
//
// p50 and p99: over every delivery of the measured messages. deliveries/s: deliveries divided by
// the sum over messages of the time from sending to the last delivery (how fast one message
// reaches everybody, the server's work before the broadcast included). spread: the median time
// from a message's first delivery to its last (the broadcast alone). CPU per message: the
// servers' and the receivers' CPU time from /proc while a message was on its way. RSS: the
// server's resident memory with every socket entered.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatPlan } from './chat-prepare.ts';
import type { FromClients, ToClients } from './chat-clients.ts';
import { cpuMs, residentMb, sleep, startChild, type Child } from './processes.ts';

export const CHAT_SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 2000);
export const CHAT_MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 30);
export const CHAT_WORKERS = Number(process.env.BENCH_CHAT_WORKERS ?? 4);
const WARMUP = 3;
/** Between one message's last delivery and the next send. */
const PAUSE_MS = 250;
/** Deliveries not in after this long count as missing. */
const WAIT_MS = 15_000;

export interface FanoutSide {
  sockets: number;
  /** Sockets connected and entered; failed ones are counted apart. */
  connected: number;
  failed: number;
  /** Seconds to connect and enter every socket. */
  connectSeconds: number;
  messages: number;
  deliveries: number;
  /** Deliveries expected but not received within 15 s. */
  missing: number;
  p50: number;
  p99: number;
  deliveriesPerSecond: number;
  /** Median over messages of the time from the first delivery to the last, ms: the broadcast itself. */
  spreadMs: number;
  /** Median time of the HTTP POST's answer, ms. */
  postP50: number;
  /** CPU time of the server process(es) per message, from sending until every socket has it (ms, 10 ms ticks summed). */
  serverCpuMsPerMessage: number;
  /** CPU time of the receiving processes per message (ms). */
  receiversCpuMsPerMessage: number;
  /** Resident memory of each server process, MB, with every socket entered. */
  rssMb: number[];
  /** Two nodes: the deliveries through each node's sockets (A first). */
  byNode?: { node: string; sockets: number; p50: number; p99: number }[];
}

export interface ChatFanoutResult {
  database: 'pglite' | 'postgres';
  sockets: number;
  workers: number;
  messages: number;
  oneNode: { lobby: FanoutSide; bare: FanoutSide };
  /** PostgreSQL and Redis only. */
  twoNodes?: { lobby: FanoutSide; bare: FanoutSide };
  /** Why there was no two-node run. */
  twoNodesSkipped?: string;
}

export interface ChatBenchContext {
  /** Node arguments and environment that run Lobby's compiled server as `npm start` does. */
  lobbyArgs: string[];
  lobbyEnv: Record<string, string | undefined>;
  freshFolder(): string;
  /** A fresh database on the BENCH_DATABASE_URL server, when set. */
  postgresUrl?: string;
  /** Redis for the two-node runs, when it answers. */
  redisUrl?: string;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string) => join(root, path);
const now = () => performance.timeOrigin + performance.now();
/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const round = (value: number) => Math.round(value * 10) / 10;

/** True when something accepts a TCP connection at the Redis URL within a second (the tests' own probe). */
export { probeRedis as redisAnswers } from '../apps/server/test/support/redis.ts';

/** Seeds the bench into a Lobby database (bench/chat-prepare.ts) and reads the plan back. */
function prepare(env: Record<string, string | undefined>): ChatPlan {
  const file = join(env.DATA_DIR ?? '', 'chat-bench.json');
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', at('bench/chat-prepare.ts')], {
    cwd: root,
    env: { ...process.env, ...env, BENCH_CHAT_FILE: file, BENCH_CHAT_SOCKETS: String(CHAT_SOCKETS) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (prepared.status !== 0) throw new Error('seeding the chat bench failed');
  return JSON.parse(readFileSync(file, 'utf8')) as ChatPlan;
}

interface Worker {
  child: ChildProcess;
  next(type: FromClients['type']): Promise<FromClients>;
  /** "group:index" of the messages every socket of this worker got. */
  got: Set<string>;
  send(message: ToClients): void;
}

function forkWorker(): Worker {
  const child = fork(at('bench/chat-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<string, (message: FromClients) => void>();
  const got = new Set<string>();
  child.on('message', (message: FromClients) => {
    if (message.type === 'got') got.add(`${message.group}:${message.index}`);
    const resolve = waiting.get(message.type);
    waiting.delete(message.type);
    resolve?.(message);
  });
  return { child, got, next: (type) => new Promise((resolve) => waiting.set(type, resolve)), send: (message) => child.send(message) };
}

interface Target {
  /** Servers to connect to; the workers are split evenly between them. */
  servers: Child[];
  channelId: string;
  /** Socket i's token (the bare baseline takes none). */
  tokenOf(socket: number): string | undefined;
  /** Posts message text to the first server; resolves when it answered. */
  post(text: string): Promise<void>;
}

const serverOf = (worker: number, servers: number) => Math.floor((worker * servers) / CHAT_WORKERS);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/**
 * Connects every target's sockets (the same receiving processes hold them all), then sends the
 * messages in rounds: one to each target in turn (the first target of a round rotates), so a
 * change in the machine's load hits every target alike. Collects the latencies and the CPU time
 * the servers and the receivers used per message.
 */
async function fanout(targets: Target[]): Promise<FanoutSide[]> {
  const workers = Array.from({ length: CHAT_WORKERS }, () => forkWorker());
  try {
    const connected: { connected: number; failed: number; seconds: number; perWorker: number[]; rssMb: number[] }[] = [];
    for (const [group, target] of targets.entries()) {
      const started = now();
      let socket = 0;
      const ready = await Promise.all(
        workers.map((worker, index) => {
          const count = Math.floor(CHAT_SOCKETS / CHAT_WORKERS) + (index < CHAT_SOCKETS % CHAT_WORKERS ? 1 : 0);
          const tokens = Array.from({ length: count }, () => target.tokenOf(socket++));
          const answer = worker.next('ready');
          worker.send({ type: 'connect', group, url: target.servers[serverOf(index, target.servers.length)]?.url ?? '', tokens, channelId: target.channelId });
          return answer;
        }),
      );
      const perWorker = ready.map((answer) => (answer.type === 'ready' ? answer.connected : 0));
      const failed = sum(ready.map((answer) => (answer.type === 'ready' ? answer.failed : 0)));
      connected.push({ connected: sum(perWorker), failed, seconds: (now() - started) / 1000, perWorker, rssMb: [] });
    }
    // A moment for the handshakes' garbage to go before memory is read.
    await sleep(2000);
    for (const [group, target] of targets.entries()) {
      const entry = connected[group];
      if (entry) entry.rssMb = target.servers.map((server) => round(residentMb(server.process.pid)));
    }

    const postMs = targets.map(() => [] as number[]);
    const serverCpu = targets.map(() => 0);
    const receiverCpu = targets.map(() => 0);
    const workersCpu = () => sum(workers.map((worker) => cpuMs(worker.child.pid)));
    for (let index = 0; index < WARMUP + CHAT_MESSAGES; index += 1) {
      for (let turn = 0; turn < targets.length; turn += 1) {
        const group = (index + turn) % targets.length;
        const target = targets[group] as Target;
        const perWorker = connected[group]?.perWorker ?? [];
        const serversCpu = () => sum(target.servers.map((server) => cpuMs(server.process.pid)));
        const [cpu0, receivers0] = [serversCpu(), workersCpu()];
        const sentAt = now();
        await target.post(`bench ${group} ${index} ${sentAt.toFixed(3)}`);
        const answered = now() - sentAt;
        const deadline = now() + WAIT_MS;
        while (now() < deadline && workers.some((worker, w) => (perWorker[w] ?? 0) > 0 && !worker.got.has(`${group}:${index}`))) await sleep(2);
        if (index >= WARMUP) {
          postMs[group]?.push(answered);
          serverCpu[group] = (serverCpu[group] ?? 0) + serversCpu() - cpu0;
          receiverCpu[group] = (receiverCpu[group] ?? 0) + workersCpu() - receivers0;
        }
        await sleep(PAUSE_MS);
      }
    }

    const reports = await Promise.all(
      workers.map((worker) => {
        const answer = worker.next('report');
        worker.send({ type: 'report' });
        return answer;
      }),
    );
    return targets.map((target, group) => {
      const all: number[] = [];
      const byServer = target.servers.map(() => [] as number[]);
      const spans = new Map<number, { first: number; last: number }>();
      reports.forEach((report, w) => {
        if (report.type !== 'report') return;
        for (const [key, list] of Object.entries(report.latencies)) {
          const [from, message] = key.split(':').map(Number);
          if (from !== group || message === undefined || message < WARMUP || list.length === 0) continue;
          all.push(...list);
          byServer[serverOf(w, target.servers.length)]?.push(...list);
          const span = spans.get(message) ?? { first: Infinity, last: 0 };
          spans.set(message, { first: Math.min(span.first, ...list), last: Math.max(span.last, ...list) });
        }
      });
      const entry = connected[group];
      const ordered = sorted(all);
      const toLast = sum([...spans.values()].map((span) => span.last));
      const side: FanoutSide = {
        sockets: CHAT_SOCKETS,
        connected: entry?.connected ?? 0,
        failed: entry?.failed ?? 0,
        connectSeconds: round(entry?.seconds ?? 0),
        messages: CHAT_MESSAGES,
        deliveries: all.length,
        missing: (entry?.connected ?? 0) * CHAT_MESSAGES - all.length,
        p50: round(percentile(ordered, 50)),
        p99: round(percentile(ordered, 99)),
        deliveriesPerSecond: toLast > 0 ? Math.round((all.length / toLast) * 1000) : 0,
        spreadMs: round(percentile(sorted([...spans.values()].map((span) => span.last - span.first)), 50)),
        postP50: round(percentile(sorted(postMs[group] ?? []), 50)),
        serverCpuMsPerMessage: round((serverCpu[group] ?? 0) / CHAT_MESSAGES),
        receiversCpuMsPerMessage: round((receiverCpu[group] ?? 0) / CHAT_MESSAGES),
        rssMb: entry?.rssMb ?? [],
      };
      if (target.servers.length > 1) {
        side.byNode = byServer.map((list, server) => {
          const ordered = sorted(list);
          const sockets = sum((entry?.perWorker ?? []).filter((_, w) => serverOf(w, target.servers.length) === server));
          return { node: String.fromCharCode(65 + server), sockets, p50: round(percentile(ordered, 50)), p99: round(percentile(ordered, 99)) };
        });
      }
      return side;
    });
  } finally {
    for (const worker of workers) {
      if (worker.child.connected) worker.send({ type: 'exit' });
    }
    await Promise.all(workers.map((worker) => (worker.child.exitCode === null ? new Promise((resolve) => worker.child.once('exit', resolve)) : undefined)));
  }
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`posting to ${url} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

function lobbyTarget(servers: Child[], plan: ChatPlan): Target {
  return {
    servers,
    channelId: plan.channelId,
    tokenOf: (socket) => plan.tokens[socket % plan.tokens.length],
    post: (text) => postJson(`${servers[0]?.url}/api/v1/${plan.eventId}/chat/common/message`, { path: plan.path, channel_id: plan.channelId, message: text, uuid: randomUUID() }, { authorization: `Bearer ${plan.posterToken}` }),
  };
}

function bareTarget(servers: Child[]): Target {
  const channelId = randomUUID();
  return { servers, channelId, tokenOf: () => undefined, post: (text) => postJson(`${servers[0]?.url}/bare/post`, { channel_id: channelId, message: text }) };
}

async function stopAll(children: Child[]): Promise<void> {
  for (const child of children) await child.stop();
}

export async function chatFanout(context: ChatBenchContext): Promise<ChatFanoutResult> {
  const secret = randomBytes(32).toString('base64url');
  const lobbyEnv = (extra: Record<string, string>) => ({
    ...context.lobbyEnv,
    DATA_DIR: context.freshFolder(),
    DATABASE_URL: context.postgresUrl ?? '',
    REDIS_URL: '',
    LOBBY_DEMO: '0',
    LOG_LEVEL: 'warn',
    LOBBY_SECRET: secret,
    CHAT_FLOOD_LIMIT: '100000',
    ...extra,
  });
  const children: Child[] = [];
  const start = async (args: string[], env: Record<string, string | undefined>) => {
    const child = await startChild(args, env);
    children.push(child);
    return child;
  };
  const bareArgs = ['--import', 'tsx', at('bench/chat-bare.ts')];
  try {
    // Seeded before Lobby starts: on PGlite the folder takes one process at a time.
    const env = lobbyEnv({});
    const plan = prepare(env);
    const targets: Target[] = [lobbyTarget([await start(context.lobbyArgs, env)], plan), bareTarget([await start(bareArgs, { BENCH_REDIS_URL: '' })])];
    const twoNodes = Boolean(context.postgresUrl && context.redisUrl);
    if (twoNodes && context.redisUrl) {
      // Two more Lobby nodes on the same PostgreSQL database and one Redis, with their own event
      // and page chat, and two bare processes on the Redis adapter; messages are posted to A.
      const envA = lobbyEnv({ REDIS_URL: context.redisUrl });
      const plan2 = prepare(envA);
      const nodeA = await start(context.lobbyArgs, envA);
      const nodeB = await start(context.lobbyArgs, lobbyEnv({ REDIS_URL: context.redisUrl }));
      targets.push(lobbyTarget([nodeA, nodeB], plan2), bareTarget([await start(bareArgs, { BENCH_REDIS_URL: context.redisUrl }), await start(bareArgs, { BENCH_REDIS_URL: context.redisUrl })]));
    }
    const [lobbyOne, bareOne, lobbyTwo, bareTwo] = await fanout(targets);
    if (!lobbyOne || !bareOne) throw new Error('the chat bench measured nothing');
    const result: ChatFanoutResult = { database: context.postgresUrl ? 'postgres' : 'pglite', sockets: CHAT_SOCKETS, workers: CHAT_WORKERS, messages: CHAT_MESSAGES, oneNode: { lobby: lobbyOne, bare: bareOne } };
    if (lobbyTwo && bareTwo) result.twoNodes = { lobby: lobbyTwo, bare: bareTwo };
    else result.twoNodesSkipped = !context.postgresUrl ? 'two nodes need PostgreSQL: set BENCH_DATABASE_URL' : 'two nodes need Redis: set BENCH_REDIS_URL (redis://127.0.0.1:6379 did not answer)';
    return result;
  } finally {
    await stopAll(children);
  }
}
