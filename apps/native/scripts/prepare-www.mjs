// Writes www/, the only local files of the native shell: index.html (Capacitor requires one; the
// shell opens the server instead) and offline.html, shown when the server cannot be reached, with
// a button that tries the server again. Run before `cap sync` (npm run sync does).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicUrl } from './public-url.cjs';

const url = publicUrl();
const www = join(import.meta.dirname, '..', 'www');

const texts = {
  en: { title: 'Lobby cannot be reached', text: 'Check your connection and try again.', button: 'Try again' },
  ru: { title: 'Нет связи с Lobby', text: 'Проверьте подключение и попробуйте ещё раз.', button: 'Повторить' },
  zh: { title: '无法连接 Lobby', text: '请检查网络连接后重试。', button: '重试' },
};

const page = (body) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="#3b82f6" />
    <title>Lobby</title>
    <style>
      body { margin: 0; min-height: 100dvh; display: flex; align-items: center; justify-content: center; font-family: system-ui, sans-serif; background: #f1f5f9; color: #0f172a; text-align: center; }
      main { padding: 24px; max-width: 28rem; }
      button { margin-top: 16px; min-height: 44px; padding: 0 20px; border: 0; border-radius: 12px; background: #2563eb; color: #fff; font: inherit; font-weight: 600; }
    </style>
  </head>
  <body>
    ${body}
  </body>
</html>
`;

const offline = page(`<main>
      <h1 id="title">${texts.en.title}</h1>
      <p id="text">${texts.en.text}</p>
      <button id="retry" type="button">${texts.en.button}</button>
    </main>
    <script>
      const texts = ${JSON.stringify(texts)};
      const lang = (navigator.language || 'en').slice(0, 2);
      const t = texts[lang] || texts.en;
      document.documentElement.lang = texts[lang] ? lang : 'en';
      document.getElementById('title').textContent = t.title;
      document.getElementById('text').textContent = t.text;
      document.getElementById('retry').textContent = t.button;
      document.getElementById('retry').addEventListener('click', () => window.location.replace(${JSON.stringify(`${url}/`)}));
    </script>`);

const index = page(`<main><p><a href=${JSON.stringify(`${url}/`)}>Lobby</a></p></main>`);

mkdirSync(www, { recursive: true });
writeFileSync(join(www, 'offline.html'), offline);
writeFileSync(join(www, 'index.html'), index);
console.log(`www/ written for ${url}`);
