// @vitest-environment jsdom
// The widgets in a DOM: what typing, choosing and pressing send up (and what they do not).
import { EmailType, listRoomVideos } from '@lobby/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { act, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { BlockLinkWidget } from './BlockLinkWidget.tsx';
import { ColourWidget } from './ColourWidget.tsx';
import { EmailTemplateWidget } from './EmailTemplateWidget.tsx';
import { ImageWidget } from './ImageWidget.tsx';
import { SettingsSwitch } from './SettingsSwitch.tsx';
import type { EditorContext, WidgetProps } from './types.ts';
import { VideoWidget } from './VideoWidget.tsx';
import type { VideoValue } from './widget-rules.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const context: EditorContext = { eventId: 7, blocks: [{ blockId: 'intro', label: 'Cover: Lobby Summit' }, { blockId: 'form', label: 'Form: Register' }] };

let host: HTMLElement;
let root: Root;
let client: QueryClient;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  // jsdom has <dialog> without showModal and no IntersectionObserver.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

/** Renders a widget that keeps its value as the editor would, recording every value it sends up. */
function mount<T>(Widget: (props: WidgetProps<T>) => ReactNode, initial: T | undefined, extra: Record<string, unknown> = {}) {
  const sent: (T | undefined)[] = [];
  function Host() {
    const [value, setValue] = useState<T | undefined>(initial);
    const props = { id: 'w', label: 'Widget', value, context, onChange: (next: T | undefined) => (sent.push(next), setValue(next)), ...extra };
    return <Widget {...props} />;
  }
  act(() => root.render(<QueryClientProvider client={client}><Host /></QueryClientProvider>));
  return sent;
}

const $ = <E extends Element = HTMLElement>(selector: string) => {
  const node = document.querySelector<E>(selector);
  if (!node) throw new Error(`no ${selector}`);
  return node;
};

/** Types into a React-controlled input (the native setter, then an input event). */
function typeInto(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const click = (node: HTMLElement) => act(() => node.click());
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;

describe('ColourWidget', () => {
  it('sends only colours the rule accepts; a blank text clears the colour', () => {
    const sent = mount(ColourWidget, undefined);
    const text = $<HTMLInputElement>('#w');
    typeInto(text, '#ff');
    expect(sent).toEqual([]);
    expect(errorOf('w')).toBe('Enter a colour such as #000000 or #fff.');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    typeInto(text, '#ff0');
    expect(sent).toEqual(['#ff0']);
    expect(errorOf('w')).toBeNull();
    expect($<HTMLInputElement>('[data-testid="colour-swatch"]').value).toBe('#ffff00');
    typeInto(text, 'abcdef');
    typeInto(text, 'abcdef1');
    expect(sent).toEqual(['#ff0', 'abcdef1']);
    typeInto(text, '');
    expect(sent).toEqual(['#ff0', 'abcdef1', undefined]);
  });

  it('takes the colour picked in the swatch', () => {
    const sent = mount<string>(ColourWidget, '#000000');
    typeInto($<HTMLInputElement>('[data-testid="colour-swatch"]'), '#12abef');
    expect(sent).toEqual(['#12abef']);
    expect($<HTMLInputElement>('#w').value).toBe('#12abef');
  });
});

describe('SettingsSwitch', () => {
  it("stores the text 'true' when switched on and clears it when switched off", () => {
    const sent = mount(SettingsSwitch, undefined);
    const button = $<HTMLButtonElement>('#w');
    expect(button.getAttribute('aria-checked')).toBe('false');
    expect($('label[for="w"]').textContent).toBe('Show settings');
    click(button);
    expect(sent).toEqual(['true']);
    expect(button.getAttribute('aria-checked')).toBe('true');
    expect($('label[for="w"]').textContent).toBe('Hide settings');
    click(button);
    expect(sent).toEqual(['true', undefined]);
  });
});

describe('EmailTemplateWidget', () => {
  it("stores the chosen template's id as a number; 'Not selected' clears it", () => {
    client.setQueryData(['emails.autocomplete', { params: { eventId: 7 } }], { data: [{ id: 3, name: 'Welcome', type_id: EmailType.EventRegistrationNewUser }, { id: 12, name: 'Custom', type_id: EmailType.Custom }] });
    const sent = mount(EmailTemplateWidget, undefined);
    const select = $<HTMLSelectElement>('#w');
    expect([...select.options].map((option) => option.textContent)).toEqual(['Not selected', 'Welcome']);
    choose(select, '3');
    choose(select, '');
    expect(sent).toEqual([3, undefined]);
  });
});

/** A few turns of the event loop, until `done` holds. */
async function until(done: () => boolean) {
  for (let turn = 0; turn < 50 && !done(); turn += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
    });
  }
}

describe('EmailTemplateWidget when the list cannot be read', () => {
  it('says so under the select and reads it again on request', async () => {
    let answers = 0;
    vi.stubGlobal('fetch', async () => {
      answers += 1;
      return answers === 1
        ? new Response(JSON.stringify({ error: { code: 'internal', message: 'Down.' } }), { status: 500, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ data: [{ id: 5, name: 'Certificate mail', type_id: EmailType.Certificate }] }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    mount(EmailTemplateWidget, undefined);
    await until(() => errorOf('w') !== null);
    expect(errorOf('w')).toBe('The templates could not be loaded.');
    expect($('#w').getAttribute('aria-describedby')).toBe('w-error');
    click([...document.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent === 'Try again') as HTMLButtonElement);
    await until(() => errorOf('w') === null);
    expect([...$<HTMLSelectElement>('#w').options].map((option) => option.textContent)).toEqual(['Not selected', 'Certificate mail']);
  });
});

describe('BlockLinkWidget', () => {
  it("stores '#'+blockId for a block chosen by its label, and a typed address when the rule takes it", () => {
    const sent = mount(BlockLinkWidget, undefined);
    const select = $<HTMLSelectElement>('#w');
    choose(select, '#form');
    expect(sent).toEqual(['#form']);
    choose(select, '__address');
    expect(sent).toEqual(['#form', undefined]);
    const address = $<HTMLInputElement>('#w-address');
    typeInto(address, 'example.org');
    expect(errorOf('w-address')).toBe('Use a link of this site, a block link (#id) or an http(s) address.');
    typeInto(address, '/events/demo/program');
    expect(sent).toEqual(['#form', undefined, '/events/demo/program']);
    typeInto(address, '#nowhere');
    expect(sent.at(-1)).toBe('#nowhere');
    expect(document.getElementById('w-address-hint')?.textContent).toBe('No block with such hash on the page');
    choose(select, '');
    expect(sent.at(-1)).toBeUndefined();
    expect(document.getElementById('w-address')).toBeNull();
  });
});

describe('VideoWidget', () => {
  it('derives the id from the link of the chosen source, and refuses a link of another source', () => {
    const sent = mount<VideoValue>(VideoWidget, undefined);
    typeInto($<HTMLInputElement>('#w'), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(sent).toEqual([{ source: 'youtube', videoId: 'dQw4w9WgXcQ', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }]);
    choose($<HTMLSelectElement>('#w-source'), 'googledrive');
    expect(sent).toHaveLength(1);
    expect(errorOf('w')).toBe('Please check that the URL or source of the video is entered correctly.');
    typeInto($<HTMLInputElement>('#w'), 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view');
    expect(sent.at(-1)).toEqual({ source: 'googledrive', videoId: '1AbCdEfGhIjKlMnOpQrStUv', videoUrl: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view' });
    expect(errorOf('w')).toBeNull();
  });

  describe('the recordings picker', () => {
    const recordings = [
      { created_at: '2026-06-01T10:05:00.000Z', link: 'https://rec.example.org/demo-room/2026-06-01-talk.mp4' },
      { created_at: '2026-05-30T08:00:00.000Z', link: 'https://rec.example.org/demo-room/2026-05-30-talk.mp4' },
    ];
    const event = { data: { config: { languages: ['en'], theme: {}, analytics: {}, wnmeet: { roomId: 'demo-room' } } } };
    let calls: string[];
    let observed: { element: Element; fire: () => void }[];

    beforeEach(() => {
      calls = [];
      observed = [];
      vi.stubGlobal('fetch', async (url: string) => {
        // The event (its config names the room) may be read again; the recordings are what is counted.
        if (url.includes('/rooms/')) calls.push(url);
        return new Response(JSON.stringify(url.includes('/rooms/') ? { data: recordings } : event), { status: 200, headers: { 'content-type': 'application/json' } });
      });
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
          observe(element: Element) {
            observed.push({ element, fire: () => this.callback([{ isIntersecting: true }]) });
          }
          disconnect() {}
        },
      );
      client.setQueryData(['events.get', { params: { slug: '7' } }], event);
    });

    /** Lets the answers arrive, until the list (or 'no records') shows. */
    const settle = () => until(() => document.querySelector('[data-testid="recordings-list"], [data-testid="recordings-empty"]') !== null);

    it('loads the recordings once per opening, each video only once visible, and a choice sets the jitsi video and closes it', async () => {
      const sent = mount<VideoValue>(VideoWidget, { source: 'jitsi', videoId: 'old.mp4', videoUrl: 'https://rec.example.org/demo-room/old.mp4' });
      click($('[data-testid="choose-recording"]'));
      expect($('[data-testid="recordings-modal"]').hasAttribute('open')).toBe(true);
      expect($('[data-testid="recordings-modal"] [role="status"]').textContent).toBe('Loading the recordings');
      await settle();
      expect(calls).toEqual([`${listRoomVideos.path.replace('{eventId}', '7').replace('{room}', 'demo-room')}?broadcast=jitsi`]);
      const videos = [...document.querySelectorAll<HTMLVideoElement>('[data-testid="recording-video"]')];
      expect(videos).toHaveLength(2);
      expect(videos.map((video) => video.getAttribute('preload'))).toEqual(['none', 'none']);
      expect(videos.map((video) => video.hasAttribute('src'))).toEqual([false, false]);
      act(() => observed.find((entry) => entry.element === videos[0])?.fire());
      expect(videos.map((video) => video.getAttribute('src'))).toEqual([recordings[0]?.link, null]);

      click($('[data-testid="recordings-modal"] button'));
      expect(document.querySelector('[data-testid="recordings-modal"]')).toBeNull();
      expect(sent).toEqual([]);
      click($('[data-testid="choose-recording"]'));
      await settle();
      expect(calls).toHaveLength(2);
      const use = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="recording"] button')];
      click(use[1] as HTMLButtonElement);
      expect(sent).toEqual([{ source: 'jitsi', videoUrl: 'https://rec.example.org/demo-room/2026-05-30-talk.mp4', videoId: '2026-05-30-talk.mp4' }]);
      expect(document.querySelector('[data-testid="recordings-modal"]')).toBeNull();
      expect($<HTMLInputElement>('#w').value).toBe('https://rec.example.org/demo-room/2026-05-30-talk.mp4');
      expect(calls).toHaveLength(2);
    });
  });
});

describe('ImageWidget', () => {
  let uploads: { path: string; category: FormDataEntryValue | null; media: File }[];

  beforeEach(() => {
    uploads = [];
    class FakeRequest {
      status = 0;
      responseText = '';
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      private path = '';
      open(_method: string, path: string) {
        this.path = path;
      }
      setRequestHeader() {}
      send(form: FormData) {
        uploads.push({ path: this.path, category: form.get('category'), media: form.get('media') as File });
        this.status = 201;
        this.responseText = JSON.stringify({ data: { id: 1, category: 'content', url: '/api/v1/files/abc.png?expires=1&sig=abcdefghijklmnop', thumb_url: null, mime_type: 'image/png', size: 10 } });
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
  });

  const pick = (files: File[]) => {
    const input = $<HTMLInputElement>('#w');
    Object.defineProperty(input, 'files', { configurable: true, value: files });
    return act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  };

  it("refuses a first file over 1 MB with 'File should be less than 1 Mb' and uploads nothing", async () => {
    const sent = mount(ImageWidget, undefined);
    await pick([new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }), new File(['x'], 'small.png', { type: 'image/png' })]);
    expect(errorOf('w')).toBe('File should be less than 1 Mb');
    expect($('#w').getAttribute('aria-describedby')).toBe('w-error w-hint');
    expect(uploads).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('checks only the first file: a small first one uploads to the event media and sets its address', async () => {
    const sent = mount(ImageWidget, undefined);
    await pick([new File(['png'], 'small.png', { type: 'image/png' }), new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' })]);
    expect(uploads.map((upload) => [upload.path, upload.category, upload.media.name])).toEqual([['/api/v1/7/media', 'content', 'small.png']]);
    expect(sent).toEqual(['/api/v1/files/abc.png?expires=1&sig=abcdefghijklmnop']);
    expect(errorOf('w')).toBeNull();
  });

  it('refuses a file that is not a picture', async () => {
    mount(ImageWidget, undefined);
    await pick([new File(['<html>'], 'page.html', { type: 'text/html' })]);
    expect(errorOf('w')).toBe('Choose a PNG, JPG, GIF or SVG picture.');
    expect(uploads).toEqual([]);
  });

  it('uploads an SVG sanitised', async () => {
    mount(ImageWidget, undefined);
    await pick([new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="1" height="1"/></svg>'], 'logo.svg', { type: 'image/svg+xml' })]);
    expect(uploads).toHaveLength(1);
    const text = await uploads[0]?.media.text();
    expect(uploads[0]?.media.type).toBe('image/svg+xml');
    expect(text).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
  });

  it('offers the cropper for a PNG when the widget has ratios, and uploads nothing until it is applied', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => {} }));
    mount(ImageWidget, undefined, { ratios: ['16:9', '4:3', '1:1', '2:3', 'free'] });
    await pick([new File(['png'], 'photo.png', { type: 'image/png' })]);
    expect($('[data-testid="crop-dialog"]').hasAttribute('open')).toBe(true);
    expect([...document.querySelectorAll('[data-testid="crop-dialog"] fieldset button')].map((button) => button.textContent)).toEqual(['16:9', '4:3', '1:1', '2:3', 'Free']);
    expect(uploads).toEqual([]);
  });

  it('takes a pasted https address and refuses another', () => {
    const sent = mount(ImageWidget, undefined);
    const address = $<HTMLInputElement>('[data-testid="image-url"]');
    typeInto(address, 'http://cdn.example.org/a.png');
    click($('[data-testid="image-url-use"]'));
    expect(sent).toEqual([]);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    typeInto(address, 'https://cdn.example.org/a.png');
    click($('[data-testid="image-url-use"]'));
    expect(sent).toEqual(['https://cdn.example.org/a.png']);
    expect($<HTMLImageElement>('[data-testid="image-preview"]').getAttribute('src')).toBe('https://cdn.example.org/a.png');
    click($('[data-testid="image-remove"]'));
    expect(sent).toEqual(['https://cdn.example.org/a.png', undefined]);
  });
});
