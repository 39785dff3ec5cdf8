import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startFirstLoad } from './app/router.tsx';
import { initI18n } from './i18n/index.ts';
import './styles.css';

async function start(): Promise<void> {
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
