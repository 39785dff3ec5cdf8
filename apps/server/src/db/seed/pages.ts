// Demo organiser pages (issue 14): a rich 'about' stub page and the evening page of the summit.
import { BlockType, parsePageContent, type PageKind } from '@lobby/contract';
import type { Db } from '../client.ts';
import { eventPages } from '../schema/index.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

let counter = 0;
const block = (id: number, blockId: string, editorData: Record<string, unknown>) => ({ id, uuid: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`, blockId, hidden: false, editorData });

const about = () => [
  block(BlockType.Cover, 'cover', { title: 'About Lobby Summit', subtitle: 'Two days of talks, meetings and games for studios and publishers.', image: '/demo/summit-background.svg', alignment: 'center', button: { buttonUrl: '#faq', buttonText: 'Questions' } }),
  block(BlockType.Markdown, 'intro', { text: 'Lobby Summit brings **game studios, publishers and investors** together: a hall of talks, a showcase of new games and a meeting area for business.\n\nEvery attendee can book meetings and chat; the business pass opens video calls and the recordings.' }),
  block(BlockType.Statistics, 'numbers', { cards: [{ title: '2', subtitle: 'days' }, { title: '40+', subtitle: 'talks' }, { title: '300', subtitle: 'meetings a day' }, { title: '60', subtitle: 'games in the showcase' }] }),
  block(BlockType.Speakers, 'speakers', {
    visibleNumber: 4,
    speakers: [
      { title: 'Wei Zhang', subtitle: 'Game designer', image: '/demo/avatars/11.svg' },
      { title: 'Olga Orlova', subtitle: 'Event director', image: '/demo/avatars/17.svg' },
      { title: 'Alex Turner', subtitle: 'Producer, Nebula Games', image: '/demo/avatars/05.svg' },
    ],
  }),
  block(BlockType.Accordion, 'faq', {
    tabs: [
      { label: 'Where is the summit?', text: 'In the hall named on the event page, and online for every pass.' },
      { label: 'How do I book a meeting?', text: 'Open a person in **Members** and choose a free time.' },
      { label: 'Are the talks recorded?', text: 'Yes: the business pass opens the recordings after each talk.' },
    ],
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

/** The pages go through parsePageContent as the back office's would, so the seed stays valid as the rules change. */
export async function seedPages(tx: Tx, seeded: SeededEvents): Promise<void> {
  const eventId = seeded.eventId.get('lobby-summit');
  if (eventId === undefined) return;
  const pages: { slug: string; kind: PageKind; title: string; blocks: unknown[] }[] = [
    { slug: 'about', kind: 'stub', title: 'About the summit', blocks: about() },
    { slug: 'partyspace', kind: 'partyspace', title: 'Summit evening', blocks: evening() },
  ];
  await tx.insert(eventPages).values(
    pages.map((page) => {
      const parsed = parsePageContent({ version: 1, blocks: page.blocks });
      if (!parsed.success) throw new Error(`Demo page ${page.slug}: ${parsed.error.message}`);
      return { eventId, slug: page.slug, kind: page.kind, title: page.title, published: true, content: parsed.data };
    }),
  );
}
