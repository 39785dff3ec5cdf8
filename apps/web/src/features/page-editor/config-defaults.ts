// What a new block of each type starts with.
import type { BlockName } from './convert.ts';

type Props = Record<string, unknown>;

const twoTabs = () => [
  { label: '', text: '' },
  { label: '', text: '' },
];
/** The lists hold what their schema asks for at least (two tabs for Accordion and Tabs); texts start empty. */
export const FIRST_PROPS: Record<BlockName, Props> = {
  Images: { columns: { desktop: 3, mobile: 1 }, images: [{ url: '' }] },
  Markdown: { text: '' },
  Video: {},
  Content: { text: '' },
  Cards: { columns: { desktop: 3, mobile: 1 }, cards: [{ title: '' }] },
  Banners: { banners: [{ image: '' }] },
  Form: { fields: [{ id: 'field1', label: '', kind: 'text', required: true }], submitText: '' },
  Speakers: { visibleNumber: 6, speakers: [{ title: '', subtitle: '', image: '' }] },
  Reviews: { reviews: [{ name: '', company: '', text: '' }] },
  Iframe: { url: '' },
  Cover: { title: '' },
  Accordion: { tabs: twoTabs() },
  Statistics: { cards: [{ title: '', subtitle: '' }] },
  Tabs: { tabs: twoTabs() },
  TextColumns: { columns: { desktop: 2, mobile: 1 }, texts: [{ text: '' }, { text: '' }] },
  Title: { text: '', size: 'xl2' },
};
