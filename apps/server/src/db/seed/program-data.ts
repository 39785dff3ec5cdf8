// Content of the demo program, lecture archive and news (issue 12). Links are placeholders of the
// right shape for each source (normaliseVideoUrl accepts them); the demo has no network anyway.
import { createHash } from 'node:crypto';
import type { LectureMaterial, VisibilityType } from '@lobby/contract';

export interface DemoHall {
  name: string;
  /** A stream link as an organiser would paste it. */
  stream: string;
}

/** Four halls of the summit, each streamed by a different source. */
export const demoHalls: DemoHall[] = [
  { name: 'Main Stage', stream: 'https://www.youtube.com/live/LobbyMain01' },
  { name: 'Business Hall', stream: `https://rutube.ru/video/${hex('summit-business-hall')}/` },
  { name: 'Dev Track', stream: 'https://player.gvideo.co/streams/lobby_summit_dev_track' },
  { name: 'Art & Audio Room', stream: 'https://meet.jit.si/LobbySummitArtAudioRoom' },
];

/** A speaker: an index into the pool of summit members, or one of the demo accounts. */
export type DemoSpeaker = number | 'speaker' | 'organizer';

export interface DemoLecture {
  /** For stars and the live Q&A. */
  key: string;
  /** 0: today (event timezone), 1: tomorrow. */
  day: 0 | 1;
  hall: number;
  /**
   * The hour of the day's grid (0 to 7). On day one the grid is placed around the moment of seeding
   * (see program.ts); 'live' is the slot that holds that moment, 'float' fills the other free slots.
   */
  slot: number | 'live' | 'float';
  minutes: number;
  section: number;
  categories: number[];
  language: 'en' | 'ru' | 'zh';
  title: string;
  description: string;
  speakers: DemoSpeaker[];
  video?: string;
  materials?: LectureMaterial[];
}

export const demoLectures: DemoLecture[] = [
  // Main Stage, day one: the keynote opens, the live talk sits at "now", the rest fill the day.
  { key: 'keynote', day: 0, hall: 0, slot: 0, minutes: 60, section: 1, categories: [8, 9], language: 'en', title: 'Welcome to Lobby Summit: the state of the games industry', description: 'The organisers and a market analyst open the summit.\n\n- what changed in **publishing** and **funding** this year\n- where the players are: PC, console, mobile\n- how to get the most out of the three days', speakers: ['organizer', 0], video: 'https://youtu.be/LobbyKeyn01', materials: [{ title: 'Keynote slides (PDF)', url: 'https://example.org/lobby-summit/keynote-slides.pdf' }, { title: 'Market report', url: 'https://example.org/lobby-summit/market-report' }] },
  { key: 'cosy', day: 0, hall: 0, slot: 'live', minutes: 60, section: 3, categories: [1], language: 'en', title: 'Systemic design for cosy games', description: 'How a handful of simple, interacting systems make a cosy game feel alive without overwhelming the player.\n\n1. Readable rules\n2. Gentle feedback loops\n3. Testing emergent behaviour\n\n*Live Q&A and a poll during the talk.*', speakers: ['speaker'] },
  { key: 'liveops', day: 0, hall: 0, slot: 'float', minutes: 50, section: 1, categories: [4, 13], language: 'en', title: 'Live-ops without burnout: a year of weekly updates', description: 'A small team shipped an update every week for a year. What the calendar looked like, what they cut, and how they kept the team healthy.', speakers: [1] },
  { key: 'steam', day: 0, hall: 0, slot: 'float', minutes: 45, section: 2, categories: [5], language: 'en', title: 'From wishlist to launch: Steam marketing on an indie budget', description: 'Festivals, demos, streamers and the first week: a **timeline** that turned 2,000 wishlists into 60,000.', speakers: [2] },
  { key: 'f2p', day: 0, hall: 0, slot: 'float', minutes: 50, section: 2, categories: [6, 7], language: 'en', title: 'Free-to-play economics after the ad-tracking changes', description: 'Which monetisation models still work when attribution is blurry, with numbers from three mobile titles.', speakers: [3, 4] },
  { key: 'studio', day: 0, hall: 0, slot: 'float', minutes: 45, section: 1, categories: [4, 15], language: 'en', title: 'Building a studio that lasts: lessons from fifteen years', description: 'Hiring, cash flow and saying no to the wrong projects. A founder looks back.', speakers: [5] },
  { key: 'esports', day: 0, hall: 0, slot: 'float', minutes: 45, section: 1, categories: [16], language: 'en', title: 'Esports for mid-size studios: is a league worth it?', description: 'Costs, formats and community tournaments as an alternative to a full league.', speakers: [6, 7] },
  { key: 'switch', day: 0, hall: 0, slot: 'float', minutes: 50, section: 5, categories: [3], language: 'en', title: 'Shipping on Switch: a porting postmortem', description: 'Memory budgets, load times and certification: what we would do differently when porting a Unity game.', speakers: [8], video: 'https://drive.google.com/file/d/1LobbyDemoSwitchPostmortem/view' },
  // Main Stage, day two.
  { key: 'deals', day: 1, hall: 0, slot: 0, minutes: 50, section: 2, categories: [8, 14], language: 'en', title: 'Publishing deals decoded: what to ask before you sign', description: 'Recoupment, marketing commitments, rights and exit clauses, explained with real (anonymised) term sheets.', speakers: [9], materials: [{ title: 'Term sheet checklist', url: 'https://example.org/lobby-summit/term-sheet-checklist' }] },
  { key: 'analytics', day: 1, hall: 0, slot: 1, minutes: 45, section: 5, categories: [7, 1], language: 'en', title: 'Player analytics that answer design questions', description: 'Funnels are not enough. Turning telemetry into answers designers can act on.', speakers: [10] },
  { key: 'narrative-ru', day: 1, hall: 0, slot: 2, minutes: 50, section: 3, categories: [11], language: 'ru', title: 'Нарратив в кооперативных играх: ветвления без боли', description: 'Как писать ветвящиеся истории, когда решения принимают **несколько игроков** сразу.', speakers: [11] },
  { key: 'community', day: 1, hall: 0, slot: 4, minutes: 45, section: 2, categories: [13, 5], language: 'en', title: 'Community first: Discord servers that keep players', description: 'Moderation, events and feedback channels that turn a launch crowd into a community.', speakers: [12] },
  { key: 'accessibility', day: 1, hall: 0, slot: 5, minutes: 45, section: 3, categories: [1, 12], language: 'en', title: 'Designing for accessibility from day one', description: 'Remappable controls, readable UI and difficulty options planned in pre-production, not patched in.', speakers: ['speaker', 13] },
  { key: 'investors', day: 1, hall: 0, slot: 7, minutes: 60, section: 1, categories: [9], language: 'en', title: 'Closing panel: what investors want to see next', description: 'Three funds and a publisher on team size, traction and the pitch that gets a second meeting.', speakers: [14, 15] },
  // Business Hall.
  { key: 'seed', day: 0, hall: 1, slot: 1, minutes: 45, section: 2, categories: [9], language: 'en', title: 'Raising a seed round for a games studio', description: 'Angels, funds or a publisher advance? How to build the deck and the data room.', speakers: [15] },
  { key: 'legal', day: 0, hall: 1, slot: 3, minutes: 45, section: 2, categories: [14], language: 'en', title: 'Legal basics for indie studios: IP, contracts and trademarks', description: 'The three documents every studio needs before it signs anything.', speakers: [16], materials: [{ title: 'Contract templates', url: 'https://example.org/lobby-summit/legal-templates' }] },
  { key: 'cis-ru', day: 0, hall: 1, slot: 5, minutes: 45, section: 2, categories: [5, 8], language: 'ru', title: 'Как выйти на рынки Восточной Европы', description: 'Локализация, платёжные методы и партнёры: практический опыт трёх релизов.', speakers: [17] },
  { key: 'ua', day: 1, hall: 1, slot: 1, minutes: 45, section: 2, categories: [5, 6], language: 'en', title: 'Mobile user acquisition: creatives that convert', description: 'A library of 400 ad creatives, what won and why, and how to test cheaply.', speakers: [18] },
  { key: 'china-zh', day: 1, hall: 1, slot: 3, minutes: 50, section: 2, categories: [8, 14], language: 'zh', title: '中国市场发行：版号、渠道与合作伙伴', description: '版号申请流程、主要渠道以及如何选择本地发行伙伴。', speakers: [19] },
  { key: 'producer', day: 1, hall: 1, slot: 6, minutes: 45, section: 2, categories: [15, 4], language: 'en', title: 'Hiring your first producer', description: 'When a studio needs a producer, what the role really is, and how to interview for it.', speakers: [20] },
  // Dev Track.
  { key: 'netcode', day: 0, hall: 2, slot: 0, minutes: 50, section: 5, categories: [3], language: 'en', title: 'Multiplayer netcode on a budget: rollback in practice', description: 'Rollback networking for a small fighting game: prediction, resimulation and the bugs it brings.', speakers: [21], video: 'https://www.youtube.com/watch?v=LobbyNetc01' },
  { key: 'testing', day: 0, hall: 2, slot: 2, minutes: 45, section: 5, categories: [12, 3], language: 'en', title: 'Automated testing for games: what actually pays off', description: 'Smoke tests, replay tests and bots: where automation saved weeks and where it did not.', speakers: [22] },
  { key: 'procgen', day: 0, hall: 2, slot: 4, minutes: 45, section: 3, categories: [1, 3], language: 'en', title: 'Procedural worlds with hand-made soul', description: 'Mixing authored pieces with generation so every run feels designed.', speakers: [23, 1] },
  { key: 'servers', day: 1, hall: 2, slot: 0, minutes: 45, section: 5, categories: [3, 4], language: 'en', title: 'Scaling game servers for a launch weekend', description: 'Load tests, autoscaling and the dashboard we watched for 72 hours.', speakers: [24] },
  { key: 'qa', day: 1, hall: 2, slot: 2, minutes: 45, section: 5, categories: [12], language: 'en', title: 'QA at scale: crowdtesting and bug triage', description: 'Running a thousand external testers without drowning in duplicates.', speakers: [25] },
  { key: 'godot', day: 1, hall: 2, slot: 5, minutes: 50, section: 5, categories: [3], language: 'en', title: 'Godot in production: two years on', description: 'A commercial game on Godot: tooling, performance and the community behind it.', speakers: [2, 21] },
  // Art & Audio Room.
  { key: 'art-direction', day: 0, hall: 3, slot: 1, minutes: 45, section: 4, categories: [2], language: 'en', title: 'Stylised art direction for small teams', description: 'A visual style four artists can keep consistent across 200 assets.', speakers: [26] },
  { key: 'music', day: 0, hall: 3, slot: 5, minutes: 45, section: 4, categories: [10], language: 'en', title: 'Adaptive music with FMOD and Wwise', description: 'Layers, stingers and transitions that follow the game state.', speakers: [27] },
  { key: 'shaders', day: 1, hall: 3, slot: 1, minutes: 45, section: 4, categories: [2, 3], language: 'en', title: 'Technical art: shaders that sell the mood', description: 'Fog, water and wind: cheap shader tricks with a big effect.', speakers: [26, 8] },
  { key: 'pixel-zh', day: 1, hall: 3, slot: 3, minutes: 45, section: 4, categories: [2], language: 'zh', title: '独立游戏的像素美术', description: '调色板、动画帧和放大规则：小团队的像素美术实践。', speakers: [19] },
  { key: 'horror', day: 1, hall: 3, slot: 6, minutes: 45, section: 4, categories: [10, 11], language: 'en', title: 'Sound design for horror: the art of silence', description: 'Why the scariest moment is the quiet one, and how to mix for it.', speakers: [27] },
];

/** Who starred which lectures (by key). */
export const demoLectureStars: Record<string, string[]> = {
  'attendee@lobby.demo': ['cosy', 'keynote', 'seed', 'deals', 'investors', 'ua'],
  'speaker@lobby.demo': ['procgen', 'accessibility', 'art-direction'],
  'organizer@lobby.demo': ['investors'],
};

/** The live talk's questions; the first ones are the most voted. */
export const demoQuestions: { text: string; votes: number; answered: boolean; minutesAgo: number }[] = [
  { text: 'How do you keep systemic interactions readable for casual players?', votes: 12, answered: false, minutesAgo: 18 },
  { text: 'Which tools do you use to prototype the simulation before it is in the engine?', votes: 8, answered: true, minutesAgo: 25 },
  { text: 'Does systemic design make QA harder? How do you test emergent bugs?', votes: 6, answered: false, minutesAgo: 12 },
  { text: 'Any tips for balancing a cosy economy without spreadsheets of doom?', votes: 4, answered: false, minutesAgo: 7 },
  { text: 'Will the slides be shared after the talk?', votes: 2, answered: true, minutesAgo: 30 },
];

export const demoPoll = {
  question: 'What is your team’s main engine?',
  options: [
    { text: 'Unity', votes: 9 },
    { text: 'Unreal Engine', votes: 6 },
    { text: 'Godot', votes: 5 },
    { text: 'Our own engine', votes: 2 },
  ],
};

export interface DemoArchiveVideo {
  title: string;
  category: number;
  tags: string[];
  /** Filed under: previous editions of the summit, the spring forum, or the hub. */
  event: 'lobby-summit' | 'spring-forum' | 'hub';
  /** Days before the seed. */
  daysAgo: number;
  duration: number;
  link: string;
  visibility: VisibilityType;
  description: string;
}

/** A stable 32-digit hex id (RuTube's shape) for a name. */
function hex(name: string): string {
  return createHash('md5').update(name).digest('hex');
}

const ARCHIVE_TITLES: [string, number, string[]][] = [
  ['Core loops that players remember', 1, ['design', 'prototyping']],
  ['Painting light in 2D games', 2, ['art', 'lighting']],
  ['ECS in practice: data-oriented gameplay code', 3, ['programming', 'performance']],
  ['Milestones that survive contact with reality', 4, ['production', 'planning']],
  ['Trailers that get wishlists', 5, ['marketing', 'steam']],
  ['Battle passes without pay-to-win', 6, ['monetisation', 'live-ops']],
  ['A/B tests for small audiences', 7, ['analytics', 'mobile']],
  ['Self-publishing versus a publisher', 8, ['publishing', 'indie']],
  ['What a games fund looks for in a deck', 9, ['investment', 'pitching']],
  ['Foley on a shoestring', 10, ['sound', 'indie']],
  ['Writing barks for a thousand NPCs', 11, ['narrative', 'writing']],
  ['Test plans for live games', 12, ['qa', 'live-ops']],
  ['Running a creator programme', 13, ['community', 'streamers']],
  ['Licensing music and fonts safely', 14, ['legal', 'ip']],
  ['From QA tester to game designer', 15, ['career', 'design']],
  ['Casting for esports broadcasts', 16, ['esports', 'broadcast']],
  ['Level design by subtraction', 1, ['design', 'level-design']],
  ['Character silhouettes that read at any size', 2, ['art', 'characters']],
  ['Shader graph recipes for stylised water', 3, ['programming', 'shaders']],
  ['Remote teams across six time zones', 4, ['production', 'remote']],
  ['Influencer campaigns that paid back', 5, ['marketing', 'streamers']],
  ['Pricing premium games by region', 6, ['monetisation', 'pricing']],
  ['Retention curves explained', 7, ['analytics', 'live-ops']],
  ['Console certification without tears', 8, ['publishing', 'console']],
  ['Revenue-based financing for studios', 9, ['investment', 'funding']],
  ['Interactive mixing for open worlds', 10, ['sound', 'open-world']],
  ['Quest design for co-op games', 11, ['narrative', 'co-op']],
  ['Bug bashes that find real bugs', 12, ['qa', 'process']],
  ['Moderating a game community at scale', 13, ['community', 'moderation']],
  ['Employment contracts for game developers', 14, ['legal', 'hiring']],
  ['Portfolio reviews: what hiring managers see', 15, ['career', 'portfolio']],
  ['Building a mobile esports tournament', 16, ['esports', 'mobile']],
  ['Prototyping ten games in ten weeks', 1, ['design', 'prototyping']],
  ['Outsourcing art without losing the style', 2, ['art', 'outsourcing']],
  ['Save systems that never corrupt', 3, ['programming', 'tools']],
  ['Scoping your first commercial game', 4, ['production', 'indie']],
  ['Localisation into Chinese: a case study', 8, ['publishing', 'localisation']],
  ['Grants and public funding for games', 9, ['investment', 'funding']],
  ['Voice acting direction for indie budgets', 10, ['sound', 'voice']],
  ['Environmental storytelling in small spaces', 11, ['narrative', 'level-design']],
];

const SOURCES = ['youtube', 'rutube', 'googledrive', 'gcore', 'jitsi'] as const;
const VISIBILITY: VisibilityType[] = [1, 1, 3, 2, 1, 3, 1, 4, 1, 2];

function archiveLink(source: (typeof SOURCES)[number], index: number): string {
  const n = String(index + 1).padStart(2, '0');
  switch (source) {
    case 'youtube':
      return `https://www.youtube.com/watch?v=LobbyArch${n}`;
    case 'rutube':
      return `https://rutube.ru/video/${hex(`lobby-archive-${n}`)}/`;
    case 'googledrive':
      return `https://drive.google.com/file/d/1LobbyDemoArchive${n}/view`;
    case 'gcore':
      return `https://player.gvideo.co/videos/lobby_archive_${n}`;
    case 'jitsi':
      return `https://meet.jit.si/LobbyArchiveRecording${n}`;
  }
}

/** Forty videos: every source, category and visibility type; previous summits, the spring forum, the hub. */
export function demoArchive(): DemoArchiveVideo[] {
  return ARCHIVE_TITLES.map(([title, category, tags], index) => {
    const event = index % 4 === 1 ? 'spring-forum' : index % 8 === 6 ? 'hub' : 'lobby-summit';
    // Spring forum talks date from that forum (about 60 days ago); the rest spread over two years.
    const daysAgo = event === 'spring-forum' ? 58 + (index % 3) : 20 + ((index * 47) % 700);
    return {
      title,
      category,
      tags: [...tags, ...(index % 5 === 0 ? ['postmortem'] : [])],
      event,
      daysAgo,
      duration: 18 + ((index * 13) % 58),
      link: archiveLink(SOURCES[index % SOURCES.length] ?? 'youtube', index),
      visibility: VISIBILITY[index % VISIBILITY.length] ?? 1,
      description: `Recorded talk: **${title.toLowerCase()}**.\n\nTopics: ${tags.map((tag) => `\`${tag}\``).join(', ')}.`,
    };
  });
}

export interface DemoNews {
  title: string;
  body: string;
  /** Hours relative to the seed; positive is scheduled (not shown yet). */
  hours: number;
  pinned?: boolean;
}

export const demoNews: DemoNews[] = [
  { title: 'Welcome to Lobby Summit: everything you need on site', hours: -72, pinned: true, body: 'Badges are at the **registration desk** at the marina entrance from 09:00.\n\n- Wi-Fi: `LobbySummit`, no password\n- Meeting zones A and B open at 10:00\n- The Main Stage is streamed for online attendees\n\nQuestions? Write to the organisers in the chat.' },
  { title: 'The program is live: 31 talks in four halls', hours: -240, body: 'Two days of talks on design, business, tech, art and audio. Star the talks you want and we will **remind you** ten minutes before they start.\n\nOpen the [program](/program) to plan your days.' },
  { title: 'Nebula Games joins as gold sponsor', hours: -480, body: 'We are happy to welcome **Nebula Games** as our gold sponsor. Visit their booth for a playable build of *Nebula Drift*.' },
  { title: 'Jury for the game showcase announced', hours: -120, body: 'Five publishers and two investors will play every game in the showcase. Voting opens on day two.\n\n> Bring a build that runs without an internet connection.' },
  { title: 'Meeting zones open at 10:00 every day', hours: -48, body: 'Book 1:1 meetings in the app: slots are 30 minutes, tables in zones A and B, the investor lounge and booth 12.' },
  { title: 'How to watch the talks online', hours: -24, body: 'Every hall has a stream. Open a talk from the program and press **Join**: the stream starts in the page, with the chat beside it.\n\nYour ticket needs the *watch lectures* feature.' },
  { title: 'Evening networking at the marina tonight', hours: -3, body: 'From 19:00 on the terrace of the marina. Drinks by Pixel Forge, music by Echo Sound Lab.' },
  { title: 'Day two: highlights and the closing panel', hours: 20, body: 'Tomorrow: publishing deals decoded, player analytics, and the **closing panel** on what investors want to see next.' },
];
