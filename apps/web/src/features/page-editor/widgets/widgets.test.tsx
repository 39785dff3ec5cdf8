// @vitest-environment jsdom
// The widgets rendered to HTML (labels, states, texts), in jsdom because the API client reads the page at import; typing and choosing are in widgets.dom.test.tsx.
import { EmailType, listRoomVideos } from '@lobby/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { BlockLinkWidget } from './BlockLinkWidget.tsx';
import { ColourWidget } from './ColourWidget.tsx';
import { EmailTemplateWidget } from './EmailTemplateWidget.tsx';
import { ImageWidget } from './ImageWidget.tsx';
import { RecordingList, RecordingsOfEvent } from './RecordingsModal.tsx';
import { SettingsSwitch } from './SettingsSwitch.tsx';
import type { EditorContext } from './types.ts';
import { VideoWidget } from './VideoWidget.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

const context: EditorContext = {
  eventId: 7,
  blocks: [
    { blockId: 'intro', label: 'Cover: Lobby Summit' },
    { blockId: 'form', label: 'Form: Register' },
  ],
};
const noop = () => {};

function render(node: ReactNode, client = new QueryClient()) {
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

/** The label bound to the control of that id. */
const labelled = (html: string, id: string, text: string) => expect(html).toMatch(new RegExp(`<label for="${id}"[^>]*>${text}</label>`));

describe('ColourWidget', () => {
  it('shows the default #000000 in the swatch when unset, with its label bound to the text', () => {
    const html = render(<ColourWidget id="bg" label="Background" value={undefined} onChange={noop} context={context} />);
    labelled(html, 'bg', 'Background');
    expect(html).toMatch(/<input type="color"[^>]*value="#000000"/);
    expect(html).toMatch(/<input id="bg" type="text"[^>]*placeholder="#000000"[^>]*value=""/);
    expect(html).not.toContain('aria-invalid');
  });

  it('shows a stored short colour widened in the swatch', () => {
    const html = render(<ColourWidget id="bg" label="Background" value="#f0a" onChange={noop} context={context} />);
    expect(html).toContain('value="#ff00aa"');
    expect(html).toContain('value="#f0a"');
  });

  it('shows the error under a colour the rule refuses', () => {
    const html = render(<ColourWidget id="bg" label="Background" value="red" onChange={noop} context={context} />);
    expect(html).toMatch(/id="bg"[^>]*aria-invalid="true" aria-describedby="bg-error"/);
    expect(html).toContain('<p id="bg-error" role="alert" class="text-sm text-red-700 dark:text-red-400">Enter a colour such as #000000 or #fff.</p>');
  });
});

describe('SettingsSwitch', () => {
  it("is on with 'Hide settings' when the value is the text true", () => {
    const html = render(<SettingsSwitch id="s" label="" value="true" onChange={noop} context={context} />);
    expect(html).toMatch(/<button id="s" type="button" role="switch" aria-checked="true"/);
    labelled(html, 's', 'Hide settings');
  });

  it("is off with 'Show settings' when the value is unset", () => {
    const html = render(<SettingsSwitch id="s" label="Block settings" value={undefined} onChange={noop} context={context} />);
    expect(html).toMatch(/role="switch" aria-checked="false" aria-describedby="s-caption"/);
    labelled(html, 's', 'Show settings');
    expect(html).toContain('<p id="s-caption" class="text-sm font-semibold">Block settings</p>');
  });
});

describe('EmailTemplateWidget', () => {
  const withTemplates = () => {
    const client = new QueryClient();
    client.setQueryData(['emails.autocomplete', { params: { eventId: 7 } }], {
      data: [
        { id: 3, name: 'Welcome', type_id: EmailType.EventRegistrationNewUser },
        { id: 9, name: 'Hand-written', type_id: EmailType.Custom },
        { id: 4, name: 'Certificate', type_id: EmailType.Certificate },
      ],
    });
    return client;
  };

  it("lists the event's templates but Custom ones after 'Not selected', under 'Email Template'", () => {
    const html = render(<EmailTemplateWidget id="tpl" label="" value={undefined} onChange={noop} context={context} />, withTemplates());
    labelled(html, 'tpl', 'Email Template');
    expect(html).toMatch(/<option value="" selected="">Not selected<\/option><option value="3">Welcome<\/option><option value="4">Certificate<\/option><\/select>/);
    expect(html).not.toContain('Hand-written');
  });

  it('selects the stored id', () => {
    const html = render(<EmailTemplateWidget id="tpl" label="Email Template" value={4} onChange={noop} context={context} />, withTemplates());
    expect(html).toContain('<option value="4" selected="">Certificate</option>');
  });

  it('keeps a stored id that is no longer in the list', () => {
    const html = render(<EmailTemplateWidget id="tpl" label="Email Template" value={9} onChange={noop} context={context} />, withTemplates());
    expect(html).toContain('<option value="9" selected="">Template 9 (not in the list)</option>');
  });

  it('says it is loading while the list is on its way', () => {
    const html = render(<EmailTemplateWidget id="tpl" label="Email Template" value={undefined} onChange={noop} context={context} />);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading the templates');
  });
});

describe('VideoWidget', () => {
  it('offers the four sources and reads a stored video', () => {
    const html = render(<VideoWidget id="v" label="Video" value={{ source: 'googledrive', videoId: '1AbCdEfGhIjKlMnOpQrStUv', videoUrl: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view' }} onChange={noop} context={context} />);
    labelled(html, 'v', 'Video');
    labelled(html, 'v-source', 'Source');
    expect([...html.matchAll(/<option value="(\w+)"/g)].map((match) => match[1])).toEqual(['youtube', 'gcore', 'googledrive', 'jitsi']);
    expect(html).toContain('<option value="googledrive" selected="">Google Drive</option>');
    expect(html).toContain('<option value="jitsi">WN Meet</option>');
    expect(html).toContain('value="https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view"');
    expect(html).not.toContain('Choose a recording');
    expect(html).not.toContain('aria-invalid');
  });

  it("shows the spec's message when the link is not one of the source", () => {
    const html = render(<VideoWidget id="v" label="Video" value={{ source: 'youtube', videoId: 'x', videoUrl: 'https://example.org/not-a-video' }} onChange={noop} context={context} />);
    expect(html).toMatch(/id="v"[^>]*aria-invalid="true" aria-describedby="v-error"/);
    expect(html).toContain('Please check that the URL or source of the video is entered correctly.');
  });

  it("offers 'Choose a recording' for WN Meet", () => {
    const html = render(<VideoWidget id="v" label="Video" value={{ source: 'jitsi', videoId: 'rec-1.mp4', videoUrl: 'https://rec.example.org/room/rec-1.mp4' }} onChange={noop} context={context} />);
    expect(html).toMatch(/<button[^>]*data-testid="choose-recording">Choose a recording<\/button>/);
    expect(html).not.toContain('recordings-modal');
  });
});

describe('the recordings picker', () => {
  const recordings = [
    { created_at: '2026-06-01T10:05:00.000Z', link: 'https://rec.example.org/demo-room/2026-06-01.mp4', id: 1, name: 'recording', preview: null, duration_seconds: null },
    { created_at: '2026-05-30T08:00:00.000Z', link: 'https://rec.example.org/demo-room/2026-05-30.mp4', id: 2, name: 'recording', preview: null, duration_seconds: null },
  ];

  it("says 'no records' when the room has none", () => {
    expect(render(<RecordingList recordings={[]} onChoose={noop} />)).toContain('no records');
  });

  it('lists each recording with its date and a 16:9 video that has no address until it is seen', () => {
    const html = render(<RecordingList recordings={recordings} onChoose={noop} />);
    expect(html.match(/data-testid="recording"/g)).toHaveLength(2);
    const videos = html.match(/<video[^>]*>/g) ?? [];
    expect(videos).toHaveLength(2);
    for (const video of videos) {
      expect(video).toContain('preload="none"');
      expect(video).toContain('aspect-video');
      expect(video).not.toContain('src=');
    }
    expect(html).toMatch(/Recording of Jun 1, 2026/);
    expect(html.match(/>Use this recording<\/button>/g)).toHaveLength(2);
  });

  const event = (roomId: string | null) => ({ data: { slug: 'summit', config: { languages: ['en'], theme: {}, analytics: {}, wnmeet: { roomId } } } });

  it('reads the recordings of the room named in the event config', () => {
    const client = new QueryClient();
    client.setQueryData(['events.get', { params: { slug: '7' } }], event('demo-room'));
    client.setQueryData([listRoomVideos.id, 7, 'demo-room', 1], { data: recordings });
    expect(render(<RecordingsOfEvent eventId={7} opening={1} onChoose={noop} />, client).match(/data-testid="recording"/g)).toHaveLength(2);
  });

  it('is loading while the recordings are on their way', () => {
    const client = new QueryClient();
    client.setQueryData(['events.get', { params: { slug: '7' } }], event('demo-room'));
    const html = render(<RecordingsOfEvent eventId={7} opening={1} onChoose={noop} />, client);
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading the recordings');
  });

  it("reads the room named by the event's slug when its config names none (recordings made here go there)", () => {
    const client = new QueryClient();
    client.setQueryData(['events.get', { params: { slug: '7' } }], event(null));
    client.setQueryData([listRoomVideos.id, 7, 'summit', 1], { data: [{ ...recordings[0], name: 'Opening keynote', preview: 'http://localhost:3000/api/v1/recordings/AAAAAAAAAAAAAAAAAAAAAAAA/poster.jpg' }] });
    const html = render(<RecordingsOfEvent eventId={7} opening={1} onChoose={noop} />, client);
    expect(html.match(/data-testid="recording"/g)).toHaveLength(1);
    expect(html).toContain('Opening keynote');
    // The poster, like the video, waits until the recording is seen.
    expect(html).not.toContain('poster=');
  });
});

describe('ImageWidget', () => {
  it('takes png, jpg, jpeg, gif and svg files, says the 1 MB limit, and shows the current picture', () => {
    const html = render(<ImageWidget id="img" label="Picture" value="https://cdn.example.org/a.png" onChange={noop} context={context} ratios={['16:9', 'free']} />);
    labelled(html, 'img', 'Picture');
    expect(html).toMatch(/<input id="img" type="file" accept="image\/png,image\/jpeg,image\/gif,image\/svg\+xml,\.png,\.jpg,\.jpeg,\.gif,\.svg"[^>]*aria-describedby="img-hint"/);
    expect(html).toContain('up to 1 MB');
    expect(html).toContain('<img src="https://cdn.example.org/a.png" alt="Current picture"');
    expect(html).toContain('Remove the picture');
    expect(html).toContain('Or paste an https address of a picture');
  });

  it('has no preview or remove button without a picture', () => {
    const html = render(<ImageWidget id="img" label="Picture" value={undefined} onChange={noop} context={context} />);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('Remove the picture');
  });
});

describe('BlockLinkWidget', () => {
  it("offers the page's blocks by their labels and selects the linked one", () => {
    const html = render(<BlockLinkWidget id="l" label="Link" value="#form" onChange={noop} context={context} />);
    labelled(html, 'l', 'Link');
    expect(html).toMatch(/<option value="">No link<\/option><optgroup label="Blocks of this page"><option value="#intro">Cover: Lobby Summit<\/option><option value="#form" selected="">Form: Register<\/option><\/optgroup><option value="__address">Another address<\/option>/);
    expect(html).not.toContain('id="l-address"');
  });

  it('shows an address in its own field', () => {
    const html = render(<BlockLinkWidget id="l" label="Link" value="https://example.org/tickets" onChange={noop} context={context} />);
    expect(html).toContain('<option value="__address" selected="">');
    labelled(html, 'l-address', 'Address: a path of this site or an http\\(s\\) address');
    expect(html).toMatch(/id="l-address"[^>]*value="https:\/\/example.org\/tickets"/);
  });

  it('keeps a link to a block that is not on the page, with a warning', () => {
    const html = render(<BlockLinkWidget id="l" label="Link" value="#gone" onChange={noop} context={context} />);
    expect(html).toContain('No block with such hash on the page');
    expect(html).toMatch(/id="l-address"[^>]*aria-describedby="l-address-hint"/);
    expect(html).not.toContain('aria-invalid');
  });

  it('shows the error under a link the page-link rule refuses', () => {
    const html = render(<BlockLinkWidget id="l" label="Link" value="javascript:alert(1)" onChange={noop} context={context} />);
    expect(html).toMatch(/id="l-address"[^>]*aria-invalid="true" aria-describedby="l-address-error"/);
    expect(html).toContain('Use a link of this site, a block link (#id) or an http(s) address.');
  });
});
