import type { BookingBurst, BookingResult, BookingSide } from './booking.ts';
import type { ChatFanoutResult, FanoutSide } from './chat-fanout.ts';
import type { ImportLoadResult } from './import-load.ts';
import { DEFAULT_CPU_SLOWDOWN } from './cpu-slowdown.ts';
import type { LighthouseScore } from './lighthouse.ts';
import { printTable, ratio, type Measurement } from './lib.ts';

/** One database's results: what `npm run bench` prints and writes to bench/results/*.json. */
export interface DatabaseRun {
  database: 'pglite' | 'postgres';
  /** Milliseconds from spawn to the first 200 on /api/health; Lobby starts on a fresh data folder or database. */
  startMs: { lobby: number; bareNode: number; bareFastify: number };
  /** CPU milliseconds each process used until that first 200. */
  startCpuMs: { lobby: number; bareNode: number; bareFastify: number };
  /** Resident memory in MB after start and a few idle seconds. */
  idleRssMb: { lobby: number; bareNode: number; bareFastify: number };
  cases: { name: string; lobby: Measurement; bare: Measurement }[];
  /** Booking contention: bursts of requests for one slot, Lobby and the bare contested insert. */
  booking?: BookingResult;
  importLoad?: ImportLoadResult;
}

export interface BenchResult {
  startedAt: string;
  node: string;
  cpus: number;
  seconds: number;
  connections: number;
  runs: DatabaseRun[];
  /** The chat's fan-out to 2,000 sockets next to bare Socket.IO (bench/chat-fanout.ts). */
  chat?: ChatFanoutResult;
  lighthouse?: LighthouseScore[];
  /** Chromium's installability errors on the events list; empty: installable (bench/installability.ts). */
  installability?: string[];
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

export function printRun(run: DatabaseRun): void {
  console.log(`\n-- ${run.database === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`);
  printTable([
    ['', 'Lobby', 'bare Node', 'bare Fastify', 'Lobby / bare Fastify'],
    ['start ms (fresh)', fixed(run.startMs.lobby), fixed(run.startMs.bareNode), fixed(run.startMs.bareFastify), ratio(run.startMs.lobby, run.startMs.bareFastify)],
    ['start CPU ms', fixed(run.startCpuMs.lobby), fixed(run.startCpuMs.bareNode), fixed(run.startCpuMs.bareFastify), ratio(run.startCpuMs.lobby, run.startCpuMs.bareFastify)],
    ['idle RSS MB', fixed(run.idleRssMb.lobby), fixed(run.idleRssMb.bareNode), fixed(run.idleRssMb.bareFastify), ratio(run.idleRssMb.lobby, run.idleRssMb.bareFastify)],
  ]);
  if (run.cases.length > 0) {
    console.log('');
    printTable([
      ['case', 'lobby req/s', 'lobby p99 ms', 'bare req/s', 'bare p99 ms', 'req/s ratio', 'p99 ratio'],
      ...run.cases.map(({ name, lobby, bare }) => [name, fixed(lobby.requestsPerSecond), String(lobby.p99), fixed(bare.requestsPerSecond), String(bare.p99), ratio(lobby.requestsPerSecond, bare.requestsPerSecond), ratio(lobby.p99, Math.max(bare.p99, 1))]),
    ]);
  }
  if (run.booking) printBooking(run.booking);
  const load = run.importLoad;
  if (load) {
    console.log(`\nCSV import of ${load.rows} rows: ${fixed(load.importSeconds, 1)} s, ${load.imported} imported, ${load.failed} failed`);
    printTable([
      ['/api/health', 'req/s', 'p50 ms', 'p99 ms'],
      ['idle', fixed(load.idle.requestsPerSecond), String(load.idle.p50), String(load.idle.p99)],
      ['during import', fixed(load.duringImport.requestsPerSecond), String(load.duringImport.p50), String(load.duringImport.p99)],
      ['ratio', ratio(load.duringImport.requestsPerSecond, load.idle.requestsPerSecond), ratio(load.duringImport.p50, Math.max(load.idle.p50, 1)), ratio(load.duringImport.p99, Math.max(load.idle.p99, 1))],
    ]);
  }
}

/** HH:mm UTC of a slot's ISO start. */
const slotLabel = (iso: string) => `${iso.slice(11, 16)} UTC`;
/** 409 answers by code when there is more than one kind (the bare route's deadlocks on PostgreSQL). */
const codeNote = (burst: BookingBurst) => {
  const entries = Object.entries(burst.codes);
  return entries.length > 1 || burst.errors > 0 ? entries.map(([code, n]) => `${code} ${n}`).join(', ') : '';
};

export function printBooking(booking: BookingResult): void {
  console.log(`\nBooking contention: ${booking.requests} requests at once for one slot of one person; winners must be 1`);
  const row = (who: string, slot: string, b: Omit<BookingBurst, 'slot' | 'codes'>, note = '') => [who, slot, String(b.winners), String(b.conflicts), String(b.errors), fixed(b.p50), fixed(b.p99), fixed(b.requestsPerSecond), note];
  const { lobby, bare, bareLocked } = booking;
  const sides: [string, BookingSide][] = [['Lobby', lobby], ['bare insert', bare], ...(bareLocked ? [['bare lock+insert', bareLocked] as [string, BookingSide]] : [])];
  const ratioRow = (name: string, other: BookingSide) => [
    `ratio Lobby / ${name}`,
    'median',
    '',
    '',
    '',
    ratio(lobby.median.p50, Math.max(other.median.p50, 1)),
    ratio(lobby.median.p99, Math.max(other.median.p99, 1)),
    ratio(lobby.median.requestsPerSecond, other.median.requestsPerSecond),
    '',
  ];
  printTable([
    ['', 'slot', 'winners', '409s', 'errors', 'p50 ms', 'p99 ms', 'req/s', ''],
    ...sides.flatMap(([name, side]) => [...side.bursts.map((b) => row(name, slotLabel(b.slot), b, codeNote(b))), row(name, 'median', side.median)]),
    ratioRow('bare', bare),
    ...(bareLocked ? [ratioRow('lock+insert', bareLocked)] : []),
  ]);
  const bursts = lobby.bursts.length + 1;
  console.log(`held afterwards (${bursts} bursts each, warm-up included): ${sides.map(([name, side]) => `${name} ${side.held}`).join(', ')}`);
}

export function printChat(chat: ChatFanoutResult): void {
  const { lobby, bare } = chat.oneNode;
  console.log(
    `\n-- Chat fan-out: ${chat.sockets} sockets in one page chat, ${chat.messages} messages each (after 3 warm-up), received by ${chat.workers} processes; Lobby on ${chat.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
  );
  const row = (name: string, side: FanoutSide) => [
    name,
    `${side.connected}${side.failed > 0 ? ` (${side.failed} failed)` : ''}`,
    fixed(side.connectSeconds, 1),
    side.rssMb.map((mb) => fixed(mb)).join(' + '),
    fixed(side.postP50, 1),
    fixed(side.p50, 1),
    fixed(side.p99, 1),
    fixed(side.deliveriesPerSecond),
    fixed(side.spreadMs, 1),
    fixed(side.serverCpuMsPerMessage, 1),
    fixed(side.receiversCpuMsPerMessage, 1),
    String(side.missing),
  ];
  const total = (values: number[]) => values.reduce((x, y) => x + y, 0);
  const ratioRow = (name: string, a: FanoutSide, b: FanoutSide) => [
    name,
    '',
    '',
    ratio(total(a.rssMb), total(b.rssMb)),
    ratio(a.postP50, b.postP50),
    ratio(a.p50, b.p50),
    ratio(a.p99, b.p99),
    ratio(a.deliveriesPerSecond, b.deliveriesPerSecond),
    ratio(a.spreadMs, b.spreadMs),
    ratio(a.serverCpuMsPerMessage, b.serverCpuMsPerMessage),
    '',
    '',
  ];
  const rows = [
    ['', 'sockets', 'connect s', 'server RSS MB', 'POST p50 ms', 'p50 ms', 'p99 ms', 'deliveries/s', 'spread ms', 'server CPU ms/msg', 'receivers CPU ms/msg', 'missing'],
    row('Lobby, one node', lobby),
    row('bare Socket.IO', bare),
    ratioRow('Lobby / bare', lobby, bare),
  ];
  const two = chat.twoNodes;
  if (two) rows.push(row('Lobby, two nodes', two.lobby), row('bare, two nodes', two.bare), ratioRow('Lobby / bare', two.lobby, two.bare));
  printTable(rows);
  console.log(`goals (one node): p99 ratio at most 1.25 (${ratio(lobby.p99, bare.p99)}), deliveries/s ratio at least 0.80 (${ratio(lobby.deliveriesPerSecond, bare.deliveriesPerSecond)})`);
  if (!two) {
    console.log(`two nodes: not run (${chat.twoNodesSkipped ?? ''})`);
    return;
  }
  const through = (side: FanoutSide) => (side.byNode ?? []).map((node) => `${node.sockets} on ${node.node} p50 ${fixed(node.p50, 1)} / p99 ${fixed(node.p99, 1)} ms`).join(', ');
  const viaB = (side: FanoutSide) => side.byNode?.[1]?.p50 ?? side.p50;
  const viaA = (side: FanoutSide) => side.byNode?.[0]?.p50 ?? side.p50;
  console.log(`two nodes via Redis, posted to A: Lobby ${through(two.lobby)}; bare ${through(two.bare)}`);
  console.log(
    `the second node adds at p50: B's sockets on two nodes - every socket on one node: Lobby ${fixed(viaB(two.lobby) - lobby.p50, 1)} ms (goal under 15), bare ${fixed(viaB(two.bare) - bare.p50, 1)} ms; B - A on two nodes (the Redis hop): Lobby ${fixed(viaB(two.lobby) - viaA(two.lobby), 1)} ms, bare ${fixed(viaB(two.bare) - viaA(two.bare), 1)} ms`,
  );
}

export function printLighthouse(scores: LighthouseScore[]): void {
  const runs = scores[0]?.performanceRuns?.length ?? 1;
  const index = scores.find((s) => s.benchmarkIndex !== undefined)?.benchmarkIndex;
  const multiplier = scores.find((s) => s.calibrated)?.calibrated?.multiplier;
  console.log(`\n-- Lighthouse (mobile, CPU x${DEFAULT_CPU_SLOWDOWN}); goal 95 or more each; medians of ${runs} run${runs === 1 ? '' : 's'}${index === undefined ? '' : `; this host's BenchmarkIndex ${index}`}`);
  printTable([
    ['page', 'performance', 'each run', 'load average', 'accessibility', 'best practices', ...(multiplier === undefined ? [] : [`performance at CPU x${multiplier}`, 'each run'])],
    ...scores.map((s) => [
      s.page,
      String(s.performance),
      (s.performanceRuns ?? []).join(' '),
      (s.loadAverages ?? []).join(' '),
      String(s.accessibility),
      String(s.bestPractices),
      ...(multiplier === undefined ? [] : [s.calibrated ? String(s.calibrated.performance) : '-', (s.calibrated?.performanceRuns ?? []).join(' ')]),
    ]),
  ]);
  if (multiplier !== undefined) {
    console.log(`x${multiplier}: the CPU slowdown Lighthouse's throttling guide gives for BenchmarkIndex ${index}, so that this host emulates the phone the default x${DEFAULT_CPU_SLOWDOWN} aims at (x${DEFAULT_CPU_SLOWDOWN} is tuned for an index near 1,500; Lighthouse warns below 1,000)`);
  }
}

export function printInstallability(errors: string[]): void {
  console.log(`\n-- Installable (Chromium's check: manifest, icons, service worker): ${errors.length === 0 ? 'yes' : `no: ${errors.join('; ')}`}`);
}

/** `npm run bench -- --compare a.json b.json`: b next to a, as b / a. */
export function printComparison(a: BenchResult, b: BenchResult): void {
  console.log(`a: ${a.startedAt} (Node ${a.node})\nb: ${b.startedAt} (Node ${b.node})\nratio = b / a`);
  for (const runB of b.runs) {
    const runA = a.runs.find((run) => run.database === runB.database);
    if (!runA) continue;
    console.log(`\n-- ${runB.database}`);
    const rows = [
      ['measure', 'a', 'b', 'b / a'],
      ['Lobby start ms', fixed(runA.startMs.lobby), fixed(runB.startMs.lobby), ratio(runB.startMs.lobby, runA.startMs.lobby)],
      ['Lobby start CPU ms', fixed(runA.startCpuMs?.lobby ?? 0), fixed(runB.startCpuMs?.lobby ?? 0), ratio(runB.startCpuMs?.lobby ?? 0, runA.startCpuMs?.lobby ?? 0)],
      ['Lobby idle RSS MB', fixed(runA.idleRssMb.lobby), fixed(runB.idleRssMb.lobby), ratio(runB.idleRssMb.lobby, runA.idleRssMb.lobby)],
    ];
    for (const caseB of runB.cases) {
      const caseA = runA.cases.find((item) => item.name === caseB.name);
      if (!caseA) continue;
      // Lobby / bare of each run, so a slower machine does not read as a regression.
      const relA = caseA.lobby.requestsPerSecond / caseA.bare.requestsPerSecond;
      const relB = caseB.lobby.requestsPerSecond / caseB.bare.requestsPerSecond;
      rows.push([`${caseB.name}: Lobby/bare req/s`, relA.toFixed(2), relB.toFixed(2), ratio(relB, relA)]);
    }
    if (runA.booking && runB.booking) {
      const [lobbyA, bareA, lobbyB, bareB] = [runA.booking.lobby.median, runA.booking.bare.median, runB.booking.lobby.median, runB.booking.bare.median];
      const winners = (booking: BookingResult) => booking.lobby.bursts.map((burst) => burst.winners).join(' ');
      rows.push(['booking: Lobby winners per burst', winners(runA.booking), winners(runB.booking), '']);
      rows.push(['booking: Lobby p99 ms', fixed(lobbyA.p99), fixed(lobbyB.p99), ratio(lobbyB.p99, Math.max(lobbyA.p99, 1))]);
      const relA = lobbyA.requestsPerSecond / bareA.requestsPerSecond;
      const relB = lobbyB.requestsPerSecond / bareB.requestsPerSecond;
      rows.push(['booking: Lobby/bare req/s', relA.toFixed(2), relB.toFixed(2), ratio(relB, relA)]);
      const [lockedA, lockedB] = [runA.booking.bareLocked?.median, runB.booking.bareLocked?.median];
      if (lockedA && lockedB) {
        const lockedRelA = lobbyA.requestsPerSecond / lockedA.requestsPerSecond;
        const lockedRelB = lobbyB.requestsPerSecond / lockedB.requestsPerSecond;
        rows.push(['booking: Lobby/lock+insert req/s', lockedRelA.toFixed(2), lockedRelB.toFixed(2), ratio(lockedRelB, lockedRelA)]);
      }
    }
    if (runA.importLoad && runB.importLoad) {
      rows.push(['health p99 during import ms', String(runA.importLoad.duringImport.p99), String(runB.importLoad.duringImport.p99), ratio(runB.importLoad.duringImport.p99, Math.max(runA.importLoad.duringImport.p99, 1))]);
    }
    printTable(rows);
  }
  if (a.chat && b.chat) {
    console.log(`\n-- Chat fan-out (a on ${a.chat.database}, b on ${b.chat.database})`);
    const rows = [['measure', 'a', 'b', 'b / a']];
    const rel = (chat: ChatFanoutResult, pick: (side: FanoutSide) => number) => pick(chat.oneNode.lobby) / Math.max(pick(chat.oneNode.bare), 0.1);
    for (const [name, pick] of [
      ['Lobby/bare p50', (side: FanoutSide) => side.p50],
      ['Lobby/bare p99', (side: FanoutSide) => side.p99],
      ['Lobby/bare deliveries/s', (side: FanoutSide) => side.deliveriesPerSecond],
      ['Lobby/bare server CPU per message', (side: FanoutSide) => side.serverCpuMsPerMessage],
    ] as const) {
      rows.push([name, rel(a.chat, pick).toFixed(2), rel(b.chat, pick).toFixed(2), ratio(rel(b.chat, pick), rel(a.chat, pick))]);
    }
    rows.push(['Lobby RSS MB, every socket entered', fixed(a.chat.oneNode.lobby.rssMb[0] ?? 0), fixed(b.chat.oneNode.lobby.rssMb[0] ?? 0), ratio(b.chat.oneNode.lobby.rssMb[0] ?? 0, a.chat.oneNode.lobby.rssMb[0] ?? 0)]);
    const added = (chat: ChatFanoutResult) => (chat.twoNodes ? (chat.twoNodes.lobby.byNode?.[1]?.p50 ?? chat.twoNodes.lobby.p50) - chat.oneNode.lobby.p50 : undefined);
    const [addedA, addedB] = [added(a.chat), added(b.chat)];
    if (addedA !== undefined && addedB !== undefined) rows.push(['second node adds at p50, ms', fixed(addedA, 1), fixed(addedB, 1), '']);
    printTable(rows);
  }
  if (a.lighthouse && b.lighthouse) {
    console.log('\n-- Lighthouse');
    const rows = [['page', 'performance a / b', 'calibrated a / b', 'accessibility a / b', 'best practices a / b', 'BenchmarkIndex a / b']];
    const or = (value: number | undefined) => (value === undefined ? '-' : String(value));
    for (const scoreB of b.lighthouse) {
      const scoreA = a.lighthouse.find((s) => s.page === scoreB.page);
      if (scoreA) {
        rows.push([
          scoreB.page,
          `${scoreA.performance} / ${scoreB.performance}`,
          `${or(scoreA.calibrated?.performance)} / ${or(scoreB.calibrated?.performance)}`,
          `${scoreA.accessibility} / ${scoreB.accessibility}`,
          `${scoreA.bestPractices} / ${scoreB.bestPractices}`,
          `${or(scoreA.benchmarkIndex)} / ${or(scoreB.benchmarkIndex)}`,
        ]);
      }
    }
    printTable(rows);
  }
}
