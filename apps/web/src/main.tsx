import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startFirstLoad } from './app/router.tsx';
import { initI18n } from './i18n/index.ts';
import { installErrorHooks } from './lib/error-hooks.ts';
import { appConfig } from './app/config.ts';
import { isNativeShell } from './lib/native-shell.ts';
import './styles.css';

async function start(): Promise<void> {
  installErrorHooks(appConfig.version);
  // Inside the native shell the auth token comes from native storage, before the first call.
  if (isNativeShell()) await import('./native/index.ts').then((native) => native.startNativeShell()).catch((error: unknown) => console.warn('Lobby: the native shell could not start', error));
  startFirstLoad();
  await initI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
