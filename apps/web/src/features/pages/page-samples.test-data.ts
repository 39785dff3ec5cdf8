// A valid sample of every block type, for the renderer's tests (checked against the contract there).
import { BlockType, type BlockTypeId } from '@lobby/contract';

const picture = 'https://cdn.example.org/picture.png';
let counter = 0;
const block = (id: BlockTypeId, blockId: string, editorData: Record<string, unknown>, hidden = false) => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
  blockId,
  hidden,
  editorData,
});

export const samplePage = {
  version: 1,
  blocks: [
    block(BlockType.Images, 'images', { columns: { desktop: 3, mobile: 1 }, images: [{ url: picture, alt: 'Expo hall', width: 'w-1/2', link: '#speakers' }] }),
    block(BlockType.Markdown, 'markdown', { text: 'Welcome to **Lobby** — see [the speakers](#speakers).', alignment: 'center' }),
    block(BlockType.Video, 'video', { source: 'youtube', videoId: 'dQw4w9WgXcQ', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Keynote' }),
    block(BlockType.Content, 'content', { title: 'About the event', text: 'Three days of talks.', image: picture, imageWidth: 'w-1/3', button: { buttonUrl: 'https://example.org/tickets', buttonText: 'Buy a ticket' } }),
    block(BlockType.Cards, 'cards', { columns: { desktop: 2, mobile: 1 }, cards: [{ title: 'Networking', text: 'Meet publishers', image: picture, link: '/events' }] }),
    block(BlockType.Banners, 'banners', { banners: [{ image: picture, title: 'Early bird', text: 'Until May', link: '#form', alignment: 'center' }] }),
    block(BlockType.Form, 'form', {
      title: 'Stay in touch',
      fields: [
        { id: 'name', label: 'Your name', kind: 'text', required: true },
        { id: 'mail', label: 'E-mail', kind: 'email' },
        { id: 'role', label: 'Role', kind: 'select', options: ['Developer', 'Publisher'] },
        { id: 'note', label: 'Message', kind: 'textarea' },
        { id: 'agree', label: 'I agree', kind: 'checkbox', required: true },
        { id: 'tel', label: 'Phone', kind: 'phone' },
      ],
      submitText: 'Send',
    }),
    block(BlockType.Speakers, 'speakers', { visibleNumber: 1, speakers: [{ title: 'Ada Lovelace', subtitle: 'Analytical Engines', image: picture }, { title: 'Alan Turing', subtitle: 'Bletchley', image: picture }] }),
    block(BlockType.Reviews, 'reviews', { reviews: [{ name: 'Grace', company: 'Navy Games', text: 'Best event of the year.', image: picture }] }),
    block(BlockType.Iframe, 'iframe', { url: 'https://widgets.example.org/schedule', title: 'Schedule widget' }),
    block(BlockType.Cover, 'cover', { title: 'Lobby Summit', subtitle: 'Limassol, June', image: picture, alignment: 'center', button: { buttonUrl: '#form', buttonText: 'Register' } }),
    block(BlockType.Accordion, 'faq', { tabs: [{ label: 'Where?', text: 'In Limassol.' }, { label: 'When?', text: 'In June.' }] }),
    block(BlockType.Statistics, 'stats', { image: picture, imageSize: 'w-1/3', cards: [{ title: '300', subtitle: 'Studios' }, { title: '2k', subtitle: 'Guests' }] }),
    block(BlockType.Tabs, 'tabs', { tabs: [{ label: 'Day one', text: 'Talks' }, { label: 'Day two', text: 'Meetings' }] }),
    block(BlockType.TextColumns, 'columns', { columns: { desktop: 2, mobile: 1 }, texts: [{ text: 'Left column' }, { text: 'Right column' }] }),
    block(BlockType.Title, 'title', { text: 'Programme', size: 'xl2', alignment: 'end', colour: '#ff0000', padding: 'md', background: '#eeeeee' }),
    block(BlockType.Markdown, 'secret', { text: 'Hidden draft text' }, true),
  ],
};
