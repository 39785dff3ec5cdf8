// Content of the demo games and the summit's showcase (issue 13). Dictionary values are those of
// game.* in packages/contract/src/dictionary-defaults.ts; the trailers are placeholder YouTube links
// of the right form (ZYoutubeLink accepts them) and every other link points at example.org.

export interface DemoGame {
  /** For the showcase entries and the tests. */
  key: string;
  /** Index into COMPANY_NAMES (people-data.ts): the company that owns the game. */
  company: number;
  name: string;
  /** The studio that makes it; a publisher's games are made by other studios. */
  developer: string;
  description: string;
  /** game.budget */
  budget: number;
  /** game.genres */
  genre: number;
  /** game.engines */
  engine: number;
  /** game.monetization */
  monetization: number;
  /** game.stages; 6 (early access) and 7 (released) have a release date in the past. */
  stage: number;
  /** game.platforms */
  platforms: number[];
  /** Trailer: a YouTube link as a developer would paste it, or none. */
  trailer: string | null;
  /** Days before seeding the development started. */
  startedDaysAgo: number;
  /** Days from seeding to the (planned) release: negative = released that many days ago. */
  releaseInDays: number;
  /** A pitch deck and a build link. */
  materials: boolean;
  /** Two gradient colours of its pictures. */
  colors: [string, string];
  /** Generated screenshots (0 to 3). */
  screenshots: number;
  links: { title: string; url: string }[];
}

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
/** An 11-character placeholder id of the YouTube form. */
const youtubeIdOf = (index: number) => `LobbyGame${String(index).padStart(2, '0')}`;
/** The three ways people paste a YouTube link. */
const trailer = (index: number): string =>
  index % 3 === 0 ? `https://www.youtube.com/watch?v=${youtubeIdOf(index)}` : index % 3 === 1 ? `https://youtu.be/${youtubeIdOf(index)}` : `https://www.youtube.com/watch?v=${youtubeIdOf(index)}&t=12s`;

type Row = Omit<DemoGame, 'trailer' | 'links'> & { trailer?: false; links?: ('store' | 'discord' | 'press' | 'site')[] };

const ROWS: Row[] = [
  { key: 'starfall-tactics', company: 0, name: 'Starfall Tactics', developer: 'Nebula Games', description: 'A turn-based **co-op strategy** game about a fleet that lost its way home.\n\n- two-player campaign, online or on one screen\n- 40 hand-made missions and a roguelite mode\n- every ship is built from modules you salvage', budget: 3, genre: 4, engine: 1, monetization: 1, stage: 5, platforms: [1, 6], startedDaysAgo: 700, releaseInDays: 150, materials: true, colors: ['#4c1d95', '#0f172a'], screenshots: 3, links: ['store', 'discord', 'press'] },
  { key: 'nebula-drift', company: 0, name: 'Nebula Drift', developer: 'Nebula Games', description: 'One-thumb arcade racing through neon nebulae. Weekly tracks, ghost races with friends and no energy timers.', budget: 2, genre: 9, engine: 1, monetization: 2, stage: 7, platforms: [2, 3], startedDaysAgo: 1100, releaseInDays: -400, materials: false, colors: ['#db2777', '#1e1b4b'], screenshots: 0, links: ['store'] },
  { key: 'forge-and-fable', company: 1, name: 'Forge & Fable', developer: 'Pixel Forge', description: 'A cosy **crafting RPG**: run the village smithy, forge gear for travelling heroes and hear how their stories end.', budget: 2, genre: 3, engine: 3, monetization: 1, stage: 4, platforms: [1, 6], startedDaysAgo: 480, releaseInDays: 260, materials: true, colors: ['#ea580c', '#431407'], screenshots: 3, links: ['store', 'discord'] },
  { key: 'northwind-saga', company: 2, name: 'Northwind Saga', developer: 'Northwind Studios', description: 'A narrative adventure along a frozen coast. Sail between islands, trade stories for passage and decide who gets to come home.', budget: 4, genre: 2, engine: 2, monetization: 1, stage: 3, platforms: [1, 4, 5], startedDaysAgo: 540, releaseInDays: 480, materials: true, colors: ['#0e7490', '#082f49'], screenshots: 2, links: ['site', 'press'] },
  { key: 'foxglove-lane', company: 3, name: 'Foxglove Lane', developer: 'Red Fox Interactive', description: 'A cosy detective **puzzle** game: a fox postmaster solves the small mysteries of a village street, one letter at a time.', budget: 2, genre: 6, engine: 1, monetization: 1, stage: 7, platforms: [1, 2, 3, 6], startedDaysAgo: 900, releaseInDays: -90, materials: true, colors: ['#c2410c', '#3f6212'], screenshots: 2, links: ['store', 'press'] },
  { key: 'burrow-brawl', company: 3, name: 'Burrow Brawl', developer: 'Red Fox Interactive', description: 'Four-player party brawler underground: dig, trap and bonk your friends. Couch and online play.', budget: 2, genre: 1, engine: 1, monetization: 2, stage: 2, platforms: [1, 4, 5, 6], startedDaysAgo: 120, releaseInDays: 420, materials: true, colors: ['#a16207', '#292524'], screenshots: 0, links: [] },
  { key: 'orbit-miners', company: 4, name: 'Orbit Miners', developer: 'Blue Orbit', description: 'An idle mining **simulation** in the asteroid belt. Build drones, automate refineries, prestige into new star systems.', budget: 1, genre: 5, engine: 5, monetization: 4, stage: 7, platforms: [2, 3, 7], startedDaysAgo: 1300, releaseInDays: -800, materials: false, colors: ['#2563eb', '#020617'], screenshots: 0, links: ['store'] },
  { key: 'low-orbit', company: 4, name: 'Low Orbit', developer: 'Blue Orbit', description: 'A **VR** repair simulation aboard a space station: floating tools, failing systems and a crew that counts on you.', budget: 3, genre: 5, engine: 2, monetization: 1, stage: 6, platforms: [1, 8], startedDaysAgo: 760, releaseInDays: -60, materials: true, colors: ['#1d4ed8', '#0f172a'], screenshots: 2, links: ['store', 'discord'] },
  { key: 'lanternlight', company: 5, name: 'Lanternlight', developer: 'Lantern Works', description: 'First-person **horror** in a flooded lighthouse. Your lantern is your only light and your only weapon; the oil runs out.', budget: 3, genre: 10, engine: 2, monetization: 1, stage: 4, platforms: [1, 4, 5], startedDaysAgo: 610, releaseInDays: 300, materials: true, colors: ['#ca8a04', '#0c0a09'], screenshots: 3, links: ['store', 'press'] },
  { key: 'windbreakers', company: 6, name: 'Windbreakers', developer: 'Iron Kite', description: 'Arcade aerial **action**: glide on kites between sky islands, chain tricks and outrun the storm.', budget: 2, genre: 1, engine: 3, monetization: 1, stage: 5, platforms: [1, 6], startedDaysAgo: 430, releaseInDays: 120, materials: true, colors: ['#0891b2', '#1e3a8a'], screenshots: 0, links: ['store'] },
  { key: 'tidepool-tales', company: 7, name: 'Tidepool Tales', developer: 'Moonlit Bay', description: 'A relaxing fishing and collecting game for short sessions. Catch, sketch and release; new tides every real-world day.', budget: 2, genre: 7, engine: 1, monetization: 5, stage: 6, platforms: [1, 2, 3], startedDaysAgo: 520, releaseInDays: -30, materials: true, colors: ['#0d9488', '#134e4a'], screenshots: 2, links: ['store', 'discord'] },
  { key: 'harbor-lights', company: 8, name: 'Harbor Lights', developer: 'Quiet Harbor Games', description: 'Run a small harbour town through the seasons: boats, markets and the lighthouse keeper’s secrets. Early concept, looking for a publisher.', budget: 1, genre: 5, engine: 1, monetization: 1, stage: 1, platforms: [1], startedDaysAgo: 45, releaseInDays: 700, materials: true, colors: ['#f59e0b', '#1e293b'], screenshots: 0, links: [] },
  { key: 'ember-trail', company: 9, name: 'Ember Trail', developer: 'Kettle & Ink', description: 'A roguelike **deck-builder** about a caravan crossing a burning continent. Published by Sunburst Publishing.', budget: 2, genre: 4, engine: 1, monetization: 1, stage: 6, platforms: [1, 6], startedDaysAgo: 650, releaseInDays: -120, materials: true, colors: ['#dc2626', '#450a0a'], screenshots: 3, links: ['store', 'discord', 'press'] },
  { key: 'solar-sprint', company: 9, name: 'Solar Sprint', developer: 'Little Comet', description: 'An endless runner across the surface of the sun. Short runs, daily challenges, playable in the browser.', budget: 1, genre: 7, engine: 4, monetization: 4, stage: 7, platforms: [2, 3, 7], startedDaysAgo: 900, releaseInDays: -500, materials: false, colors: ['#f97316', '#7c2d12'], screenshots: 0, links: ['site'] },
  { key: 'origami-skies', company: 12, name: 'Origami Skies', developer: 'Paper Crane', description: 'A **puzzle-platformer** in a folded paper world: crease the level to open new paths.', budget: 1, genre: 6, engine: 6, monetization: 1, stage: 2, platforms: [1, 6], startedDaysAgo: 200, releaseInDays: 540, materials: true, colors: ['#e11d48', '#fef3c7'], screenshots: 2, links: [] },
  { key: 'pinewood-rangers', company: 13, name: 'Pinewood Rangers', developer: 'Wild Pine', description: 'Open-world survival in an endless northern forest, with seasons that change how everything behaves.', budget: 4, genre: 2, engine: 2, monetization: 1, stage: 4, platforms: [1, 4, 5], startedDaysAgo: 980, releaseInDays: 360, materials: true, colors: ['#15803d', '#052e16'], screenshots: 0, links: ['store', 'site'] },
  { key: 'pocket-quest-heroes', company: 18, name: 'Pocket Quest Heroes', developer: 'Kestrel Mobile', description: 'A mobile **RPG** with squad tactics in three-minute battles. Fair free-to-play: no pay-walled heroes.', budget: 3, genre: 3, engine: 1, monetization: 2, stage: 5, platforms: [2, 3], startedDaysAgo: 720, releaseInDays: 90, materials: true, colors: ['#7c3aed', '#312e81'], screenshots: 0, links: ['site', 'discord'] },
  { key: 'merge-garden', company: 18, name: 'Merge Garden', developer: 'Kestrel Mobile', description: 'Merge seeds into flowers, flowers into gardens. A calm casual game with seasonal events.', budget: 2, genre: 6, engine: 5, monetization: 5, stage: 7, platforms: [2, 3], startedDaysAgo: 1200, releaseInDays: -700, materials: false, colors: ['#65a30d', '#14532d'], screenshots: 0, links: ['store'] },
  { key: 'frozen-pond-hockey', company: 20, name: 'Frozen Pond Hockey', developer: 'Maple Leaf Games', description: 'Three-on-three outdoor hockey with arcade physics, snowstorms and a career on every frozen pond of the north.', budget: 3, genre: 9, engine: 2, monetization: 2, stage: 3, platforms: [1, 4, 5], startedDaysAgo: 400, releaseInDays: 380, materials: true, colors: ['#0284c7', '#e0f2fe'], screenshots: 0, links: ['site'] },
  { key: 'neon-ronin', company: 21, name: 'Neon Ronin', developer: 'Neon Alley', description: 'A fast cyberpunk **action** game of one-hit kills and rewinding time. Every level is a three-minute puzzle of blades and bullets.', budget: 3, genre: 1, engine: 2, monetization: 1, stage: 5, platforms: [1, 4, 5], startedDaysAgo: 820, releaseInDays: 75, materials: true, colors: ['#c026d3', '#0f172a'], screenshots: 2, links: ['store', 'discord', 'press'] },
  { key: 'chrome-circuit', company: 21, name: 'Chrome Circuit', developer: 'Neon Alley', description: 'Anti-gravity racing on a custom engine. Concept stage: looking for a co-development partner.', budget: 3, genre: 9, engine: 7, monetization: 1, stage: 1, platforms: [1], startedDaysAgo: 30, releaseInDays: 900, materials: false, colors: ['#64748b', '#020617'], screenshots: 0, links: [] },
  { key: 'bloom-and-gloom', company: 22, name: 'Bloom & Gloom', developer: 'Orchid Play', description: 'A match-3 with a dark twist: the prettier your garden grows, the stranger the night gets.', budget: 2, genre: 7, engine: 1, monetization: 2, stage: 4, platforms: [2, 3], startedDaysAgo: 300, releaseInDays: 200, materials: true, colors: ['#be185d', '#1e1b4b'], screenshots: 0, links: ['site'] },
  { key: 'polar-expedition', company: 23, name: 'Polar Expedition', developer: 'Polar Bear Studio', description: 'Lead an expedition to the pole: plan supplies, keep the team alive and choose when to turn back.', budget: 1, genre: 4, engine: 3, monetization: 1, stage: 3, platforms: [1], startedDaysAgo: 350, releaseInDays: 400, materials: false, colors: ['#94a3b8', '#1e3a5f'], screenshots: 0, links: [] },
  { key: 'blackfeather-heist', company: 25, name: 'Blackfeather Heist', developer: 'Raven Rock', description: 'A co-op **stealth** heist game for four ravens. Plan the job, improvise when it goes wrong.', budget: 3, genre: 1, engine: 2, monetization: 1, stage: 2, platforms: [1, 4, 5], startedDaysAgo: 260, releaseInDays: 600, materials: true, colors: ['#18181b', '#7f1d1d'], screenshots: 2, links: ['discord'] },
  { key: 'caravan-kings', company: 26, name: 'Caravan Kings', developer: 'Silk Road Games', description: 'A trading **strategy** game along the old routes: buy low, sell far, and keep your camels happy.', budget: 2, genre: 4, engine: 1, monetization: 1, stage: 6, platforms: [1], startedDaysAgo: 880, releaseInDays: -200, materials: true, colors: ['#b45309', '#422006'], screenshots: 0, links: ['store'] },
  { key: 'pocket-titans', company: 27, name: 'Pocket Titans', developer: 'Tiny Titan', description: 'An auto-battler of tiny giants. Draft, merge and watch the chaos in two-minute matches.', budget: 2, genre: 4, engine: 1, monetization: 2, stage: 7, platforms: [2, 3], startedDaysAgo: 1000, releaseInDays: -300, materials: false, colors: ['#16a34a', '#1e293b'], screenshots: 0, links: ['store', 'discord'] },
  { key: 'umbra-protocol', company: 28, name: 'Umbra Protocol', developer: 'Umbra Labs', description: 'A tactical sci-fi **shooter** where light is a resource: every lamp you shoot out hides you and your enemies.', budget: 4, genre: 8, engine: 2, monetization: 2, stage: 4, platforms: [1, 4, 5], startedDaysAgo: 900, releaseInDays: 330, materials: true, colors: ['#4338ca', '#000000'], screenshots: 0, links: ['site', 'press'] },
  { key: 'dice-and-dragons', company: 29, name: 'Dice & Dragons', developer: 'Velvet Dice', description: 'A tabletop-style roguelite: roll, re-roll and reforge your dice to beat the dragon’s tower.', budget: 1, genre: 3, engine: 3, monetization: 1, stage: 5, platforms: [1, 6, 7], startedDaysAgo: 380, releaseInDays: 60, materials: true, colors: ['#9f1239', '#2e1065'], screenshots: 0, links: ['store'] },
  { key: 'wanderers-of-the-dune', company: 30, name: 'Wanderers of the Dune', developer: 'Wander Works', description: 'A quiet exploration game across a desert that rearranges itself every night.', budget: 2, genre: 2, engine: 1, monetization: 1, stage: 3, platforms: [1, 4], startedDaysAgo: 330, releaseInDays: 450, materials: true, colors: ['#d97706', '#451a03'], screenshots: 0, links: [] },
  { key: 'xenobotany', company: 31, name: 'Xenobotany', developer: 'Xeno Garden', description: 'Grow and cross-breed alien plants in an orbital greenhouse; sell the oddest ones to collectors.', budget: 1, genre: 5, engine: 3, monetization: 1, stage: 2, platforms: [1, 6], startedDaysAgo: 150, releaseInDays: 500, materials: false, colors: ['#22c55e', '#083344'], screenshots: 0, links: [] },
  { key: 'still-waters', company: 33, name: 'Still Waters', developer: 'Zen Garden Games', description: 'A meditative **puzzle** game of ripples and reflections. No timers, no fail states.', budget: 1, genre: 6, engine: 4, monetization: 1, stage: 7, platforms: [1, 2, 3, 7], startedDaysAgo: 700, releaseInDays: -250, materials: false, colors: ['#0ea5e9', '#f0f9ff'], screenshots: 0, links: ['store'] },
  { key: 'arcade-afterglow', company: 34, name: 'Arcade Afterglow', developer: 'Amber Arcade', description: 'A retro vertical **shoot ’em up** with a modern scoring system and a 1-credit-clear challenge.', budget: 1, genre: 8, engine: 6, monetization: 1, stage: 7, platforms: [1, 6], startedDaysAgo: 640, releaseInDays: -150, materials: false, colors: ['#f59e0b', '#18181b'], screenshots: 0, links: ['store', 'discord'] },
];

const LINK_TITLES = { store: 'Store page', discord: 'Community Discord', press: 'Press kit', site: 'Website' } as const;

/** Thirty-two games of twenty-six companies; every game but a few has a trailer. */
export const demoGames: DemoGame[] = ROWS.map((row, index) => {
  const slug = slugOf(row.name);
  return {
    ...row,
    trailer: index % 8 === 7 ? null : trailer(index + 1),
    links: (row.links ?? []).map((kind) => ({ title: LINK_TITLES[kind], url: kind === 'discord' ? `https://community.example.org/${slug}` : `https://${kind === 'store' ? 'store' : kind === 'press' ? 'press' : 'games'}.example.org/${slug}` })),
  };
});

export const demoGameMaterials = (game: DemoGame) => {
  const slug = slugOf(game.name);
  return game.materials ? { pitchDeckUrl: `https://example.org/pitch/${slug}.pdf`, buildUrl: `https://builds.example.org/${slug}` } : { pitchDeckUrl: null, buildUrl: null };
};

/** Categories of the showcase, in order. */
export const SHOWCASE_CATEGORIES = ['Best Art', 'Best Gameplay', 'Best Pitch', 'Audience Award'] as const;

export interface DemoEntry {
  game: string;
  status: 'accepted' | 'pending' | 'rejected';
  reason?: string;
  /** Votes in each category (SHOWCASE_CATEGORIES order) of accepted entries. */
  votes?: [number, number, number, number];
  /** Days before seeding it was submitted. */
  submittedDaysAgo: number;
}

/**
 * The summit's showcase: fifteen accepted entries whose votes make a different top in each
 * category, with some entries under the minimum of three votes; three pending, one rejected.
 */
export const demoEntries: DemoEntry[] = [
  { game: 'starfall-tactics', status: 'accepted', votes: [9, 18, 12, 21], submittedDaysAgo: 20 },
  { game: 'forge-and-fable', status: 'accepted', votes: [16, 11, 6, 17], submittedDaysAgo: 19 },
  { game: 'northwind-saga', status: 'accepted', votes: [21, 9, 14, 12], submittedDaysAgo: 19 },
  { game: 'foxglove-lane', status: 'accepted', votes: [12, 14, 3, 15], submittedDaysAgo: 18 },
  { game: 'low-orbit', status: 'accepted', votes: [7, 12, 9, 6], submittedDaysAgo: 17 },
  { game: 'lanternlight', status: 'accepted', votes: [18, 7, 4, 9], submittedDaysAgo: 16 },
  { game: 'windbreakers', status: 'accepted', votes: [5, 15, 2, 8], submittedDaysAgo: 15 },
  { game: 'tidepool-tales', status: 'accepted', votes: [11, 6, 8, 19], submittedDaysAgo: 14 },
  { game: 'ember-trail', status: 'accepted', votes: [6, 16, 17, 11], submittedDaysAgo: 13 },
  { game: 'origami-skies', status: 'accepted', votes: [14, 4, 1, 5], submittedDaysAgo: 12 },
  { game: 'pocket-quest-heroes', status: 'accepted', votes: [3, 8, 11, 4], submittedDaysAgo: 11 },
  { game: 'frozen-pond-hockey', status: 'accepted', votes: [2, 5, 7, 3], submittedDaysAgo: 10 },
  { game: 'neon-ronin', status: 'accepted', votes: [13, 10, 5, 7], submittedDaysAgo: 9 },
  { game: 'blackfeather-heist', status: 'accepted', votes: [4, 3, 10, 2], submittedDaysAgo: 8 },
  { game: 'umbra-protocol', status: 'accepted', votes: [1, 2, 0, 1], submittedDaysAgo: 7 },
  { game: 'burrow-brawl', status: 'pending', submittedDaysAgo: 3 },
  { game: 'harbor-lights', status: 'pending', submittedDaysAgo: 2 },
  { game: 'bloom-and-gloom', status: 'pending', submittedDaysAgo: 1 },
  { game: 'polar-expedition', status: 'rejected', reason: 'The entry has no pitch deck and no build to play. Add both to the game and submit it again.', submittedDaysAgo: 6 },
];

/** The demo attendee has already voted in one category (and may still vote in the others). */
export const demoAttendeeVote = { game: 'forge-and-fable', category: 3 } as const;
