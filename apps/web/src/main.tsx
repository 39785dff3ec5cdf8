import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { adoptFirstPaint, carryOverFirstPaint, rememberForFirstPaint, whenRouterReady, yieldToMain } from './app/first-paint.ts';
import { createRouter, startFirstLoad } from './app/router.tsx';
import { initI18n, switchLanguage } from './i18n/index.ts';
import { installErrorHooks } from './lib/error-hooks.ts';
import { appConfig } from './app/config.ts';
import { isNativeShell } from './lib/native-shell.ts';
import './styles.css';

async function start(): Promise<void> {
  installErrorHooks(appConfig.version);
  // Inside the native shell the auth token comes from native storage, before the first call.
  if (isNativeShell()) await import('./native/index.ts').then((native) => native.startNativeShell()).catch((error: unknown) => console.warn('Lobby: the native shell could not start', error));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // Before the first calls: a first paint's answer seeds the events list's query.
  const painted = adoptFirstPaint(root);
  startFirstLoad();
  // Over a first paint the page is already readable: the start-up work goes in short tasks, so a
  // tap or a scroll is never kept waiting behind all of it at once.
  const pause = painted ? yieldToMain : async () => undefined;
  await pause();
  await initI18n();
  await pause();
  rememberForFirstPaint();
  const router = createRouter();
  // Over a first paint the app renders once its page is ready, never the start-up spinner.
  if (painted) await whenRouterReady(router);
  await pause();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (painted) carryOverFirstPaint(root, switchLanguage);
  const reactRoot = createRoot(root);
  // Over a first paint nothing waits on this render: as a transition React renders in slices and
  // yields between them, instead of one long task while the page is already readable.
  if (painted) startTransition(() => reactRoot.render(app));
  else reactRoot.render(app);
}

void start();
