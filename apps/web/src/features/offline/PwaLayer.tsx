import type { PushRoute } from '@lobby/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { appConfig, isGeneralMode } from '../../app/config.ts';
import { isNativeShell } from '../../lib/native-shell.ts';
import { isWorkerMessage } from '../push/push-message.ts';
import { OfflineBanner } from './OfflineBanner.tsx';
import { registerServiceWorker } from './register.ts';

/** Registers the worker once the page has loaded (never before: the first load stays as it was). */
function useServiceWorker(): void {
  useEffect(() => {
    const start = () =>
      void registerServiceWorker(isGeneralMode ? 'general' : 'single', appConfig.public_url).catch((error: unknown) => console.warn('Lobby: the service worker could not be registered', error));
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);
}

/**
 * What the worker tells the page: a push that arrived while the page is in front shows as a toast
 * with "Open" (the push's route); a tapped notification moves the page to its route in place.
 */
function useWorkerMessages(): void {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return undefined;
    const open = (route: PushRoute) => {
      if (route.kind === 'app') void navigate(route.path);
      else if (route.kind === 'external') window.open(route.url, '_blank', 'noopener,noreferrer');
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      const message = event.data;
      if (!isWorkerMessage(message)) return;
      if (message.type === 'lobby:navigate') {
        void navigate(message.path);
        event.ports[0]?.postMessage('done');
        return;
      }
      const { route } = message;
      if (route.kind === 'invalid') console.warn(route.log);
      toast(message.title, {
        description: message.text || undefined,
        action: route.kind === 'invalid' ? undefined : { label: t('push.open'), onClick: () => open(route) },
      });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    navigator.serviceWorker.startMessages();
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate, t]);
}

/** Inside the native shell: deep links, the back button and tapped pushes go through the router. */
function useNativeShell(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isNativeShell()) return undefined;
    let detach: (() => Promise<void>) | null = null;
    let gone = false;
    import('../../native/index.ts')
      .then((native) => native.attachNativeRouter({ navigate: (to) => navigate(to) }))
      .then(
        (remove) => {
          if (gone) void remove();
          else detach = remove;
        },
        (error: unknown) => console.warn('Lobby: the native shell could not attach to the router', error),
      );
    return () => {
      gone = true;
      void detach?.();
    };
  }, [navigate]);
}

/**
 * The app's device layer of the shell (issue 18), loaded after the first paint: the service
 * worker, pushes in the foreground, the offline banner and, in the native shell, its bridge.
 */
export function PwaLayer() {
  useServiceWorker();
  useWorkerMessages();
  useNativeShell();
  return <OfflineBanner />;
}
