// Demo organiser pages (issue 14): a rich 'about' stub page and the evening page of the summit.
import { BlockType, parsePageContent, type PageKind } from '@lobby/contract';
import type { Db } from '../client.ts';
import { eventPages } from '../schema/index.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

let counter = 0;
const block = (id: number, blockId: string, editorData: Record<string, unknown>) => ({ id, uuid: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`, blockId, hidden: false, editorData });

/** The summit's about page: every one of the sixteen block types, as an organiser would fill them. */
const about = () => [
  block(BlockType.Cover, 'cover', {
    title: 'Lobby Summit 2026',
    subtitle: 'Three days in Limassol and online for game studios, publishers and investors: talks, a showcase of new games and hundreds of 1:1 meetings.',
    image: '/demo/summit-background.svg',
    alignment: 'center',
    button: { buttonUrl: '#program', buttonText: 'See the programme' },
  }),
  block(BlockType.Title, 'welcome', { text: 'Where games meet business', size: 'xl2', alignment: 'center' }),
  block(BlockType.Markdown, 'intro', {
    text: 'Lobby Summit brings **game studios, publishers and investors** together: a hall of talks, a showcase of new games and a meeting area for business.\n\nEvery attendee can book meetings and chat; the business pass opens video calls and the recordings. Please read our [code of conduct](https://example.org/lobby-summit/code-of-conduct) before you come.',
  }),
  block(BlockType.Statistics, 'numbers', {
    image: '/demo/summit-logo.svg',
    imageSize: 'w-1/3',
    cards: [
      { title: '3', subtitle: 'days on site and online' },
      { title: '40+', subtitle: 'talks in three halls' },
      { title: '300', subtitle: 'meetings a day' },
      { title: '60', subtitle: 'games in the showcase' },
    ],
  }),
  block(BlockType.Tabs, 'program', {
    tabs: [
      { label: 'Day 1', text: '**Business day.** The keynote on the state of the industry, publishing and funding talks on the Main Stage, and the investor lounge open all afternoon.' },
      { label: 'Day 2', text: '**Craft day.** Game design, art direction and netcode talks; the indie pitch session with publishers in hall B.' },
      { label: 'Day 3', text: '**Showcase day.** The jury announces the best games of the showcase; meetings continue until 16:00.' },
    ],
  }),
  block(BlockType.TextColumns, 'tracks', {
    columns: { desktop: 3, mobile: 1 },
    texts: [
      { text: '### Business\nPublishing deals, funding rounds, platform relations and the market report.' },
      { text: '### Craft\nDesign, art, audio and engineering talks by the people who ship games.' },
      { text: '### Showcase\nSixty new games, a jury of publishers and a vote of every business pass holder.' },
    ],
  }),
  block(BlockType.Video, 'trailer', { source: 'youtube', videoId: 'LobbyKeyn01', videoUrl: 'https://youtu.be/LobbyKeyn01', title: 'Last year’s keynote in four minutes' }),
  block(BlockType.Speakers, 'speakers', {
    visibleNumber: 4,
    speakers: [
      { title: 'Wei Zhang', subtitle: 'Game designer', image: '/demo/avatars/11.svg' },
      { title: 'Olga Orlova', subtitle: 'Event director, Lobby Summit', image: '/demo/avatars/17.svg' },
      { title: 'Alex Turner', subtitle: 'Producer, Nebula Games', image: '/demo/avatars/05.svg' },
      { title: 'Sofia Marques', subtitle: 'Head of publishing, Sunburst Publishing', image: '/demo/avatars/02.svg' },
      { title: 'Kenji Watanabe', subtitle: 'Technical director, Pixel Forge', image: '/demo/avatars/08.svg' },
      { title: 'Amara Okafor', subtitle: 'Partner, Tidal Capital', image: '/demo/avatars/14.svg' },
    ],
  }),
  block(BlockType.Content, 'venue', {
    title: 'The venue',
    text: 'The summit takes the conference centre of **Limassol Marina**: the Main Stage, two talk halls, four meeting zones and the showcase floor, five minutes from the old town.',
    image: '/demo/summit-background.svg',
    imageWidth: 'w-1/2',
    alignment: 'start',
    button: { buttonUrl: '#map', buttonText: 'Find it on the map' },
  }),
  block(BlockType.Iframe, 'map', {
    url: 'https://www.openstreetmap.org/export/embed.html?bbox=33.0303%2C34.6721%2C33.0523%2C34.6851&layer=mapnik&marker=34.6786%2C33.0413',
    height: 400,
    title: 'Limassol Marina on the map',
  }),
  block(BlockType.Banners, 'partners', {
    banners: [
      { image: '/demo/banner-gold.svg', title: 'Nebula Games', text: 'Gold sponsor of Lobby Summit', link: 'https://example.org/sponsor/nebula', alignment: 'left' },
      { image: '/demo/banner-partner.svg', title: 'Pixel Forge', text: 'Partner of the showcase', link: 'https://example.org/partner/pixel', alignment: 'right' },
    ],
  }),
  block(BlockType.Images, 'studios', {
    columns: { desktop: 6, mobile: 3 },
    images: ['01', '02', '03', '04', '05', '06'].map((n) => ({ url: `/demo/logos/${n}.svg`, alt: `Studio ${Number(n)} logo`, width: 'w-full' as const })),
  }),
  block(BlockType.Reviews, 'reviews', {
    reviews: [
      { name: 'Marta Kowalska', company: 'Brightside Studio', text: 'We met our publisher at the meeting area on the first day; the contract was signed two months later.', image: '/demo/avatars/20.svg' },
      { name: 'Daniel Reyes', company: 'Quasar Publishing', text: 'The showcase is the fastest way to see sixty games in one afternoon, and every studio is ready to talk.' },
      { name: 'Li Na', company: 'Silk Road Games', text: 'Good talks, better meetings. The online pass let half of our team join from Chengdu.' },
    ],
  }),
  block(BlockType.Accordion, 'faq', {
    tabs: [
      { label: 'Where is the summit?', text: 'At Limassol Marina, and online for every pass.' },
      { label: 'How do I book a meeting?', text: 'Open a person in **Members** and choose a free time.' },
      { label: 'Are the talks recorded?', text: 'Yes: the business pass opens the recordings after each talk.' },
    ],
  }),
  block(BlockType.Form, 'pitch', {
    title: 'Apply for the indie pitch session',
    fields: [
      { id: 'name', label: 'Your name', kind: 'text', required: true },
      { id: 'email', label: 'E-mail', kind: 'email', required: true },
      { id: 'stage', label: 'Where is your game?', kind: 'select', required: true, options: ['Prototype', 'Vertical slice', 'Early access', 'Released'] },
      { id: 'agree', label: 'The organisers may contact me about the session', kind: 'checkbox', required: true },
    ],
    submitText: 'Apply',
  }),
  block(BlockType.Cards, 'more', {
    columns: { desktop: 3, mobile: 1 },
    cards: [
      { title: 'Program', text: 'Every talk by hall and time.', link: '/program' },
      { title: 'Showcase', text: 'Vote for the games you liked.', link: '/showcase' },
      { title: 'Expo', text: 'Booths of the companies taking part.', link: '/expo' },
    ],
  }),
];

const evening = () => [
  block(BlockType.Cover, 'party', { title: 'Summit evening', subtitle: 'Music, games and drinks after the first day.', alignment: 'left' }),
  block(BlockType.Markdown, 'details', { text: 'From **19:00** on the first day, in the lounge next to the main hall. Bring your badge.' }),
];

/** The summit's pages as the back office would send them. */
export const demoPages = (): { slug: string; kind: PageKind; title: string; blocks: unknown[] }[] => [
  { slug: 'about', kind: 'stub', title: 'About the summit', blocks: about() },
  { slug: 'partyspace', kind: 'partyspace', title: 'Summit evening', blocks: evening() },
];

/** The pages go through parsePageContent as the back office's would, so the seed stays valid as the rules change. */
export async function seedPages(tx: Tx, seeded: SeededEvents): Promise<void> {
  const eventId = seeded.eventId.get('lobby-summit');
  if (eventId === undefined) return;
  await tx.insert(eventPages).values(
    demoPages().map((page) => {
      const parsed = parsePageContent({ version: 1, blocks: page.blocks });
      if (!parsed.success) throw new Error(`Demo page ${page.slug}: ${parsed.error.message}`);
      return { eventId, slug: page.slug, kind: page.kind, title: page.title, published: true, content: parsed.data };
    }),
  );
}
